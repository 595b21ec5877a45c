#ifndef NITNEM_CLIBNOTIFY_SHIM_H
#define NITNEM_CLIBNOTIFY_SHIM_H
#include <libnotify/notify.h>
#include <glib.h>
#include <gio/gio.h>

// Swift cannot call variadic C or expand GLib's cast/connect macros, so the few
// the Notify module needs are wrapped here as plain static inline functions.

/// The server-assigned id of `n` (0 = not showing): g_object_get(n, "id", …).
static inline gint nitnem_notification_get_id(NotifyNotification *n) {
    gint id = 0;
    g_object_get(G_OBJECT(n), "id", &id, NULL);
    return id;
}

/// Frees the list notify_get_server_caps returns (strings and links).
static inline void nitnem_free_string_list(GList *list) {
    g_list_free_full(list, g_free);
}

/// Frees `*error` and sets it to NULL (g_clear_error).
static inline void nitnem_clear_error(GError **error) {
    g_clear_error(error);
}

/// Connects `handler` to the "closed" signal of `n` (g_signal_connect_data); `destroy`
/// releases `data` when the handler is disconnected or `n` is finalized.
static inline gulong nitnem_notification_connect_closed(
    NotifyNotification *n, void (*handler)(NotifyNotification *, gpointer), gpointer data,
    GDestroyNotify destroy) {
    return g_signal_connect_data(G_OBJECT(n), "closed", G_CALLBACK(handler), data, (GClosureNotify)destroy, 0);
}

/// Disconnects a handler `nitnem_notification_connect_closed` returned (g_signal_handler_disconnect).
static inline void nitnem_notification_disconnect(NotifyNotification *n, gulong handler) {
    g_signal_handler_disconnect(G_OBJECT(n), handler);
}

#endif
