// SPDX-License-Identifier: GPL-3.0-or-later
#include "CSQLite.h"

#include <CLoader.h>

static struct nitnem_sqlite_api api;
const struct nitnem_sqlite_api *nitnem_sqlite_loaded;
static struct nitnem_library library = NITNEM_LIBRARY_INIT;

static void load(void) {
    void *handle = nitnem_library_open(&library, NITNEM_SQLITE_SONAME);
    if (handle == NULL) return;
#define RESOLVE(field, name)                                                                                \
    do { if (!nitnem_library_resolve(&library, handle, #name, &api.field)) return; } while (0)
    RESOLVE(open_v2, sqlite3_open_v2);
    RESOLVE(close_v2, sqlite3_close_v2);
    RESOLVE(extended_result_codes, sqlite3_extended_result_codes);
    RESOLVE(busy_timeout, sqlite3_busy_timeout);
    RESOLVE(prepare_v2, sqlite3_prepare_v2);
    RESOLVE(finalize, sqlite3_finalize);
    RESOLVE(step, sqlite3_step);
    RESOLVE(bind_text, sqlite3_bind_text);
    RESOLVE(column_type, sqlite3_column_type);
    RESOLVE(column_int64, sqlite3_column_int64);
    RESOLVE(column_text, sqlite3_column_text);
    RESOLVE(column_bytes, sqlite3_column_bytes);
    RESOLVE(extended_errcode, sqlite3_extended_errcode);
    RESOLVE(errmsg, sqlite3_errmsg);
    RESOLVE(errstr, sqlite3_errstr);
#undef RESOLVE
    // The library stays loaded for the life of the process.
    __atomic_store_n(&nitnem_sqlite_loaded, &api, __ATOMIC_RELEASE);
}

const struct nitnem_sqlite_api *nitnem_sqlite_load(void) {
    nitnem_library_load(&library, load);
    return nitnem_sqlite_loaded;
}

const char *nitnem_sqlite_load_error(void) { return nitnem_library_load(&library, load); }
