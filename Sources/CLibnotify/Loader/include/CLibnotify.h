// SPDX-License-Identifier: GPL-3.0-or-later
#ifndef NITNEM_CLIBNOTIFY_H
#define NITNEM_CLIBNOTIFY_H

// libnotify and GLib, loaded with dlopen at the first reminder rather than linked: a command that
// never shows a notification (status, mark, clock, open) maps neither library.
//
// The declarations below are the few the Notify module uses, copied from the -dev headers
// (libnotify/notify.h, libnotify/notification.h, glib.h, glib-object.h, gio/gio.h). They are
// checked against those headers at build time by Sources/CLibnotify/Check (built with the tests):
// every entry of `nitnem_notify_api` must have the type of the real function.

#ifndef NITNEM_NOTIFY_REAL_HEADERS
// GLib's scalar types (glib/gtypes.h, glibconfig.h on every Linux ABI).
typedef char gchar;
typedef int gint;
typedef int gboolean;
typedef unsigned short gushort;
typedef unsigned int guint32;
typedef unsigned long gulong;
typedef unsigned char guint8;
typedef void *gpointer;
typedef guint32 GQuark;
typedef void (*GDestroyNotify)(gpointer data);
typedef void (*GFreeFunc)(gpointer data);
typedef void (*GCallback)(void);

// Opaque objects: only ever handled by pointer.
typedef struct _GMainContext GMainContext;
typedef struct _GVariant GVariant;
typedef struct _GCancellable GCancellable;
typedef struct _GDBusConnection GDBusConnection;
typedef struct _GClosure GClosure;
typedef struct _NotifyNotification NotifyNotification;
typedef void (*GClosureNotify)(gpointer data, GClosure *closure);
typedef void (*NotifyActionCallback)(NotifyNotification *notification, char *action, gpointer user_data);

/// GBusType (gio/gioenums.h); only G_BUS_TYPE_SESSION is used.
typedef int GBusType;
#define G_BUS_TYPE_SESSION 2
/// GConnectFlags (gobject/gsignal.h); only 0 (G_CONNECT_DEFAULT) is used.
typedef int GConnectFlags;

// The three structs whose fields are read (glib/glist.h, glib/gerror.h, glib/gpoll.h; stable ABI).
typedef struct _GList GList;
struct _GList {
    gpointer data;
    GList *next;
    GList *prev;
};
typedef struct _GError GError;
struct _GError {
    GQuark domain;
    gint code;
    gchar *message;
};
typedef struct _GPollFD GPollFD;
struct _GPollFD {
    gint fd;
    gushort events;
    gushort revents;
};
#endif

/// The entry points the Notify module calls, resolved with dlsym from libnotify.so.4 and the
/// GLib, GObject and GIO libraries it depends on. Each field has the type of the C function of
/// the same name.
struct nitnem_notify_api {
    // libnotify (libnotify.so.4)
    gboolean (*notify_init)(const char *app_name);
    void (*notify_uninit)(void);
    gboolean (*notify_is_initted)(void);
    GList *(*notify_get_server_caps)(void);
    gboolean (*notify_get_server_info)(
        char **ret_name, char **ret_vendor, char **ret_version, char **ret_spec_version);
    NotifyNotification *(*notify_notification_new)(const char *summary, const char *body, const char *icon);
    gboolean (*notify_notification_update)(
        NotifyNotification *notification, const char *summary, const char *body, const char *icon);
    gboolean (*notify_notification_show)(NotifyNotification *notification, GError **error);
    void (*notify_notification_set_timeout)(NotifyNotification *notification, gint timeout);
    void (*notify_notification_set_hint)(NotifyNotification *notification, const char *key, GVariant *value);
    void (*notify_notification_clear_hints)(NotifyNotification *notification);
    void (*notify_notification_add_action)(
        NotifyNotification *notification, const char *action, const char *label, NotifyActionCallback callback,
        gpointer user_data, GFreeFunc free_func);
    void (*notify_notification_clear_actions)(NotifyNotification *notification);
    gboolean (*notify_notification_close)(NotifyNotification *notification, GError **error);
    gint (*notify_notification_get_closed_reason)(const NotifyNotification *notification);
    // libnotify 0.8 (Debian 12 has 0.8.1); NULL when an older library lacks it.
    const char *(*notify_notification_get_activation_token)(NotifyNotification *notification);
    // GLib (libglib-2.0.so.0)
    GMainContext *(*g_main_context_default)(void);
    gboolean (*g_main_context_acquire)(GMainContext *context);
    void (*g_main_context_release)(GMainContext *context);
    gboolean (*g_main_context_prepare)(GMainContext *context, gint *priority);
    gint (*g_main_context_query)(GMainContext *context, gint max_priority, gint *timeout_, GPollFD *fds, gint n_fds);
    gboolean (*g_main_context_check)(GMainContext *context, gint max_priority, GPollFD *fds, gint n_fds);
    void (*g_main_context_dispatch)(GMainContext *context);
    gboolean (*g_main_context_iteration)(GMainContext *context, gboolean may_block);
    GVariant *(*g_variant_new_string)(const gchar *string);
    GVariant *(*g_variant_new_boolean)(gboolean value);
    GVariant *(*g_variant_new_byte)(guint8 value);
    void (*g_list_free_full)(GList *list, GDestroyNotify free_func);
    void (*g_free)(gpointer mem);
    void (*g_clear_error)(GError **err);
    // GObject (libgobject-2.0.so.0)
    void (*g_object_unref)(gpointer object);
    void (*g_object_get)(gpointer object, const gchar *first_property_name, ...);
    void (*g_object_set)(gpointer object, const gchar *first_property_name, ...);
    gulong (*g_signal_connect_data)(
        gpointer instance, const gchar *detailed_signal, GCallback c_handler, gpointer data,
        GClosureNotify destroy_data, GConnectFlags connect_flags);
    void (*g_signal_handler_disconnect)(gpointer instance, gulong handler_id);
    // GIO (libgio-2.0.so.0)
    GDBusConnection *(*g_bus_get_sync)(GBusType bus_type, GCancellable *cancellable, GError **error);
    gboolean (*g_dbus_connection_is_closed)(GDBusConnection *connection);
    void (*g_dbus_connection_set_exit_on_close)(GDBusConnection *connection, gboolean exit_on_close);
};

/// The library loaded first (dlopen); GLib, GObject and GIO come with it as its dependencies.
#define NITNEM_LIBNOTIFY_SONAME "libnotify.so.4"

/// Loads libnotify.so.4 (dlopen, RTLD_NOW | RTLD_LOCAL; it brings GLib, GObject and GIO) and
/// resolves every entry (dlsym), once per process (pthread_once); later calls return the same.
/// Returns NULL when the library or one of its symbols is missing: `nitnem_notify_load_error`
/// then says why (dlerror's text).
const struct nitnem_notify_api *nitnem_notify_load(void);

/// Why `nitnem_notify_load` returned NULL (dlerror's text), or NULL when it did not.
const char *nitnem_notify_load_error(void);

/// 1 when `nitnem_notify_load` has succeeded in this process, else 0 (it never loads).
int nitnem_notify_is_loaded(void);

/// The table once `nitnem_notify_load` succeeded, NULL before.
///
/// Every `nitnem_*` function below calls through it: call them only after `nitnem_notify_load`
/// returned the table.
extern const struct nitnem_notify_api *nitnem_notify_loaded;

/// notify_init, through the loaded table.
static inline gboolean nitnem_notify_init(const char *app_name) { return nitnem_notify_loaded->notify_init(app_name); }
/// notify_uninit, through the loaded table.
static inline void nitnem_notify_uninit(void) { nitnem_notify_loaded->notify_uninit(); }
/// notify_is_initted, through the loaded table.
static inline gboolean nitnem_notify_is_initted(void) { return nitnem_notify_loaded->notify_is_initted(); }
/// notify_get_server_caps, through the loaded table.
static inline GList * nitnem_notify_get_server_caps(void) { return nitnem_notify_loaded->notify_get_server_caps(); }
/// notify_get_server_info, through the loaded table.
static inline gboolean nitnem_notify_get_server_info( char **ret_name, char **ret_vendor, char **ret_version, char **ret_spec_version) { return nitnem_notify_loaded->notify_get_server_info(ret_name, ret_vendor, ret_version, ret_spec_version); }
/// notify_notification_new, through the loaded table.
static inline NotifyNotification * nitnem_notify_notification_new(const char *summary, const char *body, const char *icon) { return nitnem_notify_loaded->notify_notification_new(summary, body, icon); }
/// notify_notification_update, through the loaded table.
static inline gboolean nitnem_notify_notification_update( NotifyNotification *notification, const char *summary, const char *body, const char *icon) { return nitnem_notify_loaded->notify_notification_update(notification, summary, body, icon); }
/// notify_notification_show, through the loaded table.
static inline gboolean nitnem_notify_notification_show(NotifyNotification *notification, GError **error) { return nitnem_notify_loaded->notify_notification_show(notification, error); }
/// notify_notification_set_timeout, through the loaded table.
static inline void nitnem_notify_notification_set_timeout(NotifyNotification *notification, gint timeout) { nitnem_notify_loaded->notify_notification_set_timeout(notification, timeout); }
/// notify_notification_set_hint, through the loaded table.
static inline void nitnem_notify_notification_set_hint(NotifyNotification *notification, const char *key, GVariant *value) { nitnem_notify_loaded->notify_notification_set_hint(notification, key, value); }
/// notify_notification_clear_hints, through the loaded table.
static inline void nitnem_notify_notification_clear_hints(NotifyNotification *notification) { nitnem_notify_loaded->notify_notification_clear_hints(notification); }
/// notify_notification_add_action, through the loaded table.
static inline void nitnem_notify_notification_add_action( NotifyNotification *notification, const char *action, const char *label, NotifyActionCallback callback, gpointer user_data, GFreeFunc free_func) { nitnem_notify_loaded->notify_notification_add_action(notification, action, label, callback, user_data, free_func); }
/// notify_notification_clear_actions, through the loaded table.
static inline void nitnem_notify_notification_clear_actions(NotifyNotification *notification) { nitnem_notify_loaded->notify_notification_clear_actions(notification); }
/// notify_notification_close, through the loaded table.
static inline gboolean nitnem_notify_notification_close(NotifyNotification *notification, GError **error) { return nitnem_notify_loaded->notify_notification_close(notification, error); }
/// notify_notification_get_activation_token, through the loaded table: the token the server sent
/// with the action being invoked (valid only inside the action's callback); NULL when it sent none
/// or the library is older than 0.8.
static inline const char *nitnem_notify_notification_get_activation_token(NotifyNotification *notification) {
    if (nitnem_notify_loaded->notify_notification_get_activation_token == 0) return 0;
    return nitnem_notify_loaded->notify_notification_get_activation_token(notification);
}
/// notify_notification_get_closed_reason, through the loaded table.
static inline gint nitnem_notify_notification_get_closed_reason(const NotifyNotification *notification) { return nitnem_notify_loaded->notify_notification_get_closed_reason(notification); }
/// g_main_context_default, through the loaded table.
static inline GMainContext * nitnem_g_main_context_default(void) { return nitnem_notify_loaded->g_main_context_default(); }
/// g_main_context_acquire, through the loaded table.
static inline gboolean nitnem_g_main_context_acquire(GMainContext *context) { return nitnem_notify_loaded->g_main_context_acquire(context); }
/// g_main_context_release, through the loaded table.
static inline void nitnem_g_main_context_release(GMainContext *context) { nitnem_notify_loaded->g_main_context_release(context); }
/// g_main_context_prepare, through the loaded table.
static inline gboolean nitnem_g_main_context_prepare(GMainContext *context, gint *priority) { return nitnem_notify_loaded->g_main_context_prepare(context, priority); }
/// g_main_context_query, through the loaded table.
static inline gint nitnem_g_main_context_query(GMainContext *context, gint max_priority, gint *timeout_, GPollFD *fds, gint n_fds) { return nitnem_notify_loaded->g_main_context_query(context, max_priority, timeout_, fds, n_fds); }
/// g_main_context_check, through the loaded table.
static inline gboolean nitnem_g_main_context_check(GMainContext *context, gint max_priority, GPollFD *fds, gint n_fds) { return nitnem_notify_loaded->g_main_context_check(context, max_priority, fds, n_fds); }
/// g_main_context_dispatch, through the loaded table.
static inline void nitnem_g_main_context_dispatch(GMainContext *context) { nitnem_notify_loaded->g_main_context_dispatch(context); }
/// g_main_context_iteration, through the loaded table.
static inline gboolean nitnem_g_main_context_iteration(GMainContext *context, gboolean may_block) { return nitnem_notify_loaded->g_main_context_iteration(context, may_block); }
/// g_variant_new_string, through the loaded table.
static inline GVariant * nitnem_g_variant_new_string(const gchar *string) { return nitnem_notify_loaded->g_variant_new_string(string); }
/// g_variant_new_boolean, through the loaded table.
static inline GVariant * nitnem_g_variant_new_boolean(gboolean value) { return nitnem_notify_loaded->g_variant_new_boolean(value); }
/// g_variant_new_byte, through the loaded table.
static inline GVariant * nitnem_g_variant_new_byte(guint8 value) { return nitnem_notify_loaded->g_variant_new_byte(value); }
/// g_clear_error, through the loaded table.
static inline void nitnem_g_clear_error(GError **err) { nitnem_notify_loaded->g_clear_error(err); }
/// g_object_unref, through the loaded table.
static inline void nitnem_g_object_unref(gpointer object) { nitnem_notify_loaded->g_object_unref(object); }
/// g_signal_handler_disconnect, through the loaded table.
static inline void nitnem_g_signal_handler_disconnect(gpointer instance, gulong handler_id) { nitnem_notify_loaded->g_signal_handler_disconnect(instance, handler_id); }
/// g_bus_get_sync, through the loaded table.
static inline GDBusConnection * nitnem_g_bus_get_sync(GBusType bus_type, GCancellable *cancellable, GError **error) { return nitnem_notify_loaded->g_bus_get_sync(bus_type, cancellable, error); }
/// g_dbus_connection_is_closed, through the loaded table.
static inline gboolean nitnem_g_dbus_connection_is_closed(GDBusConnection *connection) { return nitnem_notify_loaded->g_dbus_connection_is_closed(connection); }
/// g_dbus_connection_set_exit_on_close, through the loaded table.
static inline void nitnem_g_dbus_connection_set_exit_on_close(GDBusConnection *connection, gboolean exit_on_close) { nitnem_notify_loaded->g_dbus_connection_set_exit_on_close(connection, exit_on_close); }

// Swift cannot call variadic C or expand GLib's cast/connect macros, so the few the Notify module
// needs are wrapped here as plain static inline functions over the table.

/// The server-assigned id of `n` (0 = not showing): g_object_get(n, "id", …).
static inline gint nitnem_notification_get_id(NotifyNotification *n) {
    gint id = 0;
    nitnem_notify_loaded->g_object_get(n, "id", &id, (void *)0);
    return id;
}

/// Sets the server id of `n` (g_object_set(n, "id", id, NULL)): its next show sends it as
/// `replaces_id`, so the server replaces that notification in place (one an earlier agent showed),
/// and notify_notification_close closes that id.
static inline void nitnem_notification_set_id(NotifyNotification *n, gint id) {
    nitnem_notify_loaded->g_object_set(n, "id", id, (void *)0);
}

/// g_free, through the loaded table (the strings notify_get_server_info returns).
static inline void nitnem_g_free(gpointer mem) { nitnem_notify_loaded->g_free(mem); }
/// Frees the list notify_get_server_caps returns (strings and links): g_list_free_full(list, g_free).
static inline void nitnem_free_string_list(GList *list) {
    nitnem_notify_loaded->g_list_free_full(list, nitnem_notify_loaded->g_free);
}

/// Connects `handler` to the "closed" signal of `n` (g_signal_connect_data); `destroy`
/// releases `data` when the handler is disconnected or `n` is finalized.
static inline gulong nitnem_notification_connect_closed(
    NotifyNotification *n, void (*handler)(NotifyNotification *, gpointer), gpointer data, GDestroyNotify destroy) {
    return nitnem_notify_loaded->g_signal_connect_data(
        n, "closed", (GCallback)handler, data, (GClosureNotify)(void (*)(void))destroy, 0);
}

#endif
