#ifndef NITNEM_CLIBNOTIFY_SHIM_H
#define NITNEM_CLIBNOTIFY_SHIM_H
#include <libnotify/notify.h>
#include <glib.h>
#include <gio/gio.h>
#endif
