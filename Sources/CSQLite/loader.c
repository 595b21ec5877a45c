// SPDX-License-Identifier: GPL-3.0-or-later
#include "CSQLite.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static struct nitnem_sqlite_api api;
const struct nitnem_sqlite_api *nitnem_sqlite_loaded;
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    // RTLD_LOCAL: nothing else in the process resolves against the library by accident.
    void *library = dlopen(NITNEM_SQLITE_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *cause = dlerror();
        snprintf(failure, sizeof failure, "%s", cause ? cause : NITNEM_SQLITE_SONAME ": cannot be loaded");
        return;
    }
#define RESOLVE(field, name)                                                                                \
    do {                                                                                                    \
        dlerror();                                                                                          \
        void *symbol = dlsym(library, #name);                                                               \
        if (symbol == NULL) {                                                                               \
            const char *cause = dlerror();                                                                  \
            snprintf(failure, sizeof failure, "%s", cause ? cause : "undefined symbol: " #name);            \
            return;                                                                                         \
        }                                                                                                   \
        memcpy(&api.field, &symbol, sizeof symbol);                                                         \
    } while (0)
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
    pthread_once(&once, load);
    return nitnem_sqlite_loaded;
}

const char *nitnem_sqlite_load_error(void) {
    pthread_once(&once, load);
    return nitnem_sqlite_loaded ? NULL : failure;
}
