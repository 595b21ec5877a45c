// SPDX-License-Identifier: GPL-3.0-or-later
// Checks the loader's copied declarations against the -dev headers: each entry of
// `nitnem_notify_api` must have exactly the type of the real function. Built with the tests only.
#include <libnotify/notify.h>
#include <glib.h>
#include <glib-object.h>
#include <gio/gio.h>
#define NITNEM_NOTIFY_REAL_HEADERS 1
#include "../Loader/include/CLibnotify.h"
#include "CLibnotifyCheck.h"

#define SAME_TYPE(name)                                                                                   \
    _Static_assert(                                                                                       \
        __builtin_types_compatible_p(__typeof__(&name), __typeof__(((struct nitnem_notify_api *)0)->name)), \
        "nitnem_notify_api." #name " does not have the type of " #name)

SAME_TYPE(notify_init);
SAME_TYPE(notify_uninit);
SAME_TYPE(notify_is_initted);
SAME_TYPE(notify_get_server_caps);
SAME_TYPE(notify_get_server_info);
SAME_TYPE(notify_notification_new);
SAME_TYPE(notify_notification_update);
SAME_TYPE(notify_notification_show);
SAME_TYPE(notify_notification_set_timeout);
SAME_TYPE(notify_notification_set_hint);
SAME_TYPE(notify_notification_clear_hints);
SAME_TYPE(notify_notification_add_action);
SAME_TYPE(notify_notification_clear_actions);
SAME_TYPE(notify_notification_close);
SAME_TYPE(notify_notification_get_closed_reason);
SAME_TYPE(notify_notification_get_activation_token);
SAME_TYPE(g_main_context_default);
SAME_TYPE(g_main_context_acquire);
SAME_TYPE(g_main_context_release);
SAME_TYPE(g_main_context_prepare);
SAME_TYPE(g_main_context_query);
SAME_TYPE(g_main_context_check);
SAME_TYPE(g_main_context_dispatch);
SAME_TYPE(g_main_context_iteration);
SAME_TYPE(g_variant_new_string);
SAME_TYPE(g_variant_new_boolean);
SAME_TYPE(g_variant_new_byte);
SAME_TYPE(g_list_free_full);
SAME_TYPE(g_free);
SAME_TYPE(g_clear_error);
SAME_TYPE(g_object_unref);
SAME_TYPE(g_object_get);
SAME_TYPE(g_object_set);
SAME_TYPE(g_signal_connect_data);
SAME_TYPE(g_signal_handler_disconnect);
SAME_TYPE(g_bus_get_sync);
SAME_TYPE(g_dbus_connection_is_closed);
SAME_TYPE(g_dbus_connection_set_exit_on_close);

// The copied scalar types and the constants the loader's header defines for itself.
_Static_assert(G_BUS_TYPE_SESSION == 2, "G_BUS_TYPE_SESSION");
_Static_assert(sizeof(GBusType) == sizeof(int) && sizeof(GConnectFlags) == sizeof(int), "enum sizes");
_Static_assert(sizeof(GPollFD) == 8 && sizeof(GList) == 3 * sizeof(void *), "struct sizes");

int nitnem_notify_declarations_checked(void) { return 1; }
