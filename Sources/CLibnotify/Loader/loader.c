// SPDX-License-Identifier: GPL-3.0-or-later
#include "CLibnotify.h"

#include <CLoader.h>
#include <dlfcn.h>
#include <string.h>

static struct nitnem_notify_api api;
const struct nitnem_notify_api *nitnem_notify_loaded;
static struct nitnem_library library = NITNEM_LIBRARY_INIT;

static void load(void) {
    void *handle = nitnem_library_open(&library, NITNEM_LIBNOTIFY_SONAME);
    if (handle == NULL) return;
    // dlsym on libnotify's handle also searches the libraries it depends on (GLib, GObject, GIO).
#define RESOLVE(name)                                                                                       \
    do { if (!nitnem_library_resolve(&library, handle, #name, &api.name)) return; } while (0)
    RESOLVE(notify_init);
    RESOLVE(notify_uninit);
    RESOLVE(notify_is_initted);
    RESOLVE(notify_get_server_caps);
    RESOLVE(notify_get_server_info);
    RESOLVE(notify_notification_new);
    RESOLVE(notify_notification_update);
    RESOLVE(notify_notification_show);
    RESOLVE(notify_notification_set_timeout);
    RESOLVE(notify_notification_set_hint);
    RESOLVE(notify_notification_clear_hints);
    RESOLVE(notify_notification_add_action);
    RESOLVE(notify_notification_clear_actions);
    RESOLVE(notify_notification_close);
    RESOLVE(notify_notification_get_closed_reason);
    RESOLVE(g_main_context_default);
    RESOLVE(g_main_context_acquire);
    RESOLVE(g_main_context_release);
    RESOLVE(g_main_context_prepare);
    RESOLVE(g_main_context_query);
    RESOLVE(g_main_context_check);
    RESOLVE(g_main_context_dispatch);
    RESOLVE(g_main_context_iteration);
    RESOLVE(g_variant_new_string);
    RESOLVE(g_variant_new_boolean);
    RESOLVE(g_variant_new_byte);
    RESOLVE(g_list_free_full);
    RESOLVE(g_free);
    RESOLVE(g_clear_error);
    RESOLVE(g_object_unref);
    RESOLVE(g_object_get);
    RESOLVE(g_object_set);
    RESOLVE(g_signal_connect_data);
    RESOLVE(g_signal_handler_disconnect);
    RESOLVE(g_bus_get_sync);
    RESOLVE(g_dbus_connection_is_closed);
    RESOLVE(g_dbus_connection_set_exit_on_close);
#undef RESOLVE
    // Optional: libnotify before 0.8 has no activation tokens (the reader then opens without one).
    void *token = dlsym(handle, "notify_notification_get_activation_token");
    memcpy(&api.notify_notification_get_activation_token, &token, sizeof token);
    // The library stays loaded for the life of the process: GLib cannot be unloaded safely.
    __atomic_store_n(&nitnem_notify_loaded, &api, __ATOMIC_RELEASE);
}

const struct nitnem_notify_api *nitnem_notify_load(void) {
    nitnem_library_load(&library, load);
    return nitnem_notify_loaded;
}

const char *nitnem_notify_load_error(void) { return nitnem_library_load(&library, load); }

int nitnem_notify_is_loaded(void) { return __atomic_load_n(&nitnem_notify_loaded, __ATOMIC_ACQUIRE) != NULL; }
