// SPDX-License-Identifier: GPL-3.0-or-later
#ifndef NITNEM_CSQLITE_H
#define NITNEM_CSQLITE_H

// SQLite, loaded with dlopen when `snapshot export` opens a database rather than linked: every
// other command starts without mapping libsqlite3 and resolving its 1,600 symbols (Debian builds it
// with BIND_NOW), about a quarter of `nitnem status`'s time (bench/agent (e)).
//
// The types and constants come from <sqlite3.h> (libsqlite3-dev); each entry of the table below has
// the type of the real function by construction (`__typeof__`), and the wrappers call through it.
// Calling a sqlite3_* function directly would not link: nothing provides it.
#include <sqlite3.h>

/// The SQLite library's soname.
#define NITNEM_SQLITE_SONAME "libsqlite3.so.0"

/// The entry points the SnapshotExport module uses.
struct nitnem_sqlite_api {
    __typeof__(&sqlite3_open_v2) open_v2;
    __typeof__(&sqlite3_close_v2) close_v2;
    __typeof__(&sqlite3_extended_result_codes) extended_result_codes;
    __typeof__(&sqlite3_busy_timeout) busy_timeout;
    __typeof__(&sqlite3_prepare_v2) prepare_v2;
    __typeof__(&sqlite3_finalize) finalize;
    __typeof__(&sqlite3_step) step;
    __typeof__(&sqlite3_bind_text) bind_text;
    __typeof__(&sqlite3_column_type) column_type;
    __typeof__(&sqlite3_column_int64) column_int64;
    __typeof__(&sqlite3_column_text) column_text;
    __typeof__(&sqlite3_column_bytes) column_bytes;
    __typeof__(&sqlite3_extended_errcode) extended_errcode;
    __typeof__(&sqlite3_errmsg) errmsg;
    __typeof__(&sqlite3_errstr) errstr;
};

/// The table once loaded (NULL before, or when loading failed).
extern const struct nitnem_sqlite_api *nitnem_sqlite_loaded;

/// Loads the library and resolves every entry (once, thread-safe): the table, or NULL when it cannot
/// be loaded (`nitnem_sqlite_load_error` says why).
const struct nitnem_sqlite_api *nitnem_sqlite_load(void);

/// Why loading failed (dlerror's words), or NULL when it succeeded.
const char *nitnem_sqlite_load_error(void);

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
static inline sqlite3_destructor_type nitnem_sqlite_transient(void) { return SQLITE_TRANSIENT; }

// The calls, through the loaded table. Only valid after nitnem_sqlite_load() returned the table.
static inline int nitnem_sqlite3_open_v2(const char *path, sqlite3 **db, int flags, const char *vfs) {
    return nitnem_sqlite_loaded->open_v2(path, db, flags, vfs);
}
static inline int nitnem_sqlite3_close_v2(sqlite3 *db) { return nitnem_sqlite_loaded->close_v2(db); }
static inline int nitnem_sqlite3_extended_result_codes(sqlite3 *db, int on) {
    return nitnem_sqlite_loaded->extended_result_codes(db, on);
}
static inline int nitnem_sqlite3_busy_timeout(sqlite3 *db, int ms) { return nitnem_sqlite_loaded->busy_timeout(db, ms); }
static inline int nitnem_sqlite3_prepare_v2(
    sqlite3 *db, const char *sql, int bytes, sqlite3_stmt **stmt, const char **tail) {
    return nitnem_sqlite_loaded->prepare_v2(db, sql, bytes, stmt, tail);
}
static inline int nitnem_sqlite3_finalize(sqlite3_stmt *stmt) { return nitnem_sqlite_loaded->finalize(stmt); }
static inline int nitnem_sqlite3_step(sqlite3_stmt *stmt) { return nitnem_sqlite_loaded->step(stmt); }
static inline int nitnem_sqlite3_bind_text(
    sqlite3_stmt *stmt, int index, const char *text, int bytes, sqlite3_destructor_type destructor) {
    return nitnem_sqlite_loaded->bind_text(stmt, index, text, bytes, destructor);
}
static inline int nitnem_sqlite3_column_type(sqlite3_stmt *stmt, int column) {
    return nitnem_sqlite_loaded->column_type(stmt, column);
}
static inline sqlite3_int64 nitnem_sqlite3_column_int64(sqlite3_stmt *stmt, int column) {
    return nitnem_sqlite_loaded->column_int64(stmt, column);
}
static inline const unsigned char *nitnem_sqlite3_column_text(sqlite3_stmt *stmt, int column) {
    return nitnem_sqlite_loaded->column_text(stmt, column);
}
static inline int nitnem_sqlite3_column_bytes(sqlite3_stmt *stmt, int column) {
    return nitnem_sqlite_loaded->column_bytes(stmt, column);
}
static inline int nitnem_sqlite3_extended_errcode(sqlite3 *db) { return nitnem_sqlite_loaded->extended_errcode(db); }
static inline const char *nitnem_sqlite3_errmsg(sqlite3 *db) { return nitnem_sqlite_loaded->errmsg(db); }
static inline const char *nitnem_sqlite3_errstr(int code) { return nitnem_sqlite_loaded->errstr(code); }

#endif
