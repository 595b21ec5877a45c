// SPDX-License-Identifier: GPL-3.0-or-later
#ifndef NITNEM_CLIBNOTIFY_HEADERS_SHIM_H
#define NITNEM_CLIBNOTIFY_HEADERS_SHIM_H
// The real libnotify and GLib headers, for checking the loader's copied declarations only
// (Sources/CLibnotify/Check, built with the tests). The product never links these libraries.
#include <libnotify/notify.h>
#include <glib.h>
#include <glib-object.h>
#include <gio/gio.h>
#endif
