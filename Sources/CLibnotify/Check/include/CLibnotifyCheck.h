// SPDX-License-Identifier: GPL-3.0-or-later
#ifndef NITNEM_CLIBNOTIFY_CHECK_H
#define NITNEM_CLIBNOTIFY_CHECK_H
/// 1: the loader's table was compiled against the real libnotify and GLib headers and every entry
/// has the type of the function it is resolved from (the checks are static: a mismatch fails the build).
int nitnem_notify_declarations_checked(void);
#endif
