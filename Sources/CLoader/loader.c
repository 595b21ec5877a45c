// SPDX-License-Identifier: GPL-3.0-or-later
#include "CLoader.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/// Keeps why a call failed in `library->failure`: dlerror's words, or `<before><name><after>` when
/// it has none.
static void fail(struct nitnem_library *library, const char *before, const char *name, const char *after) {
    const char *cause = dlerror();
    if (cause) {
        snprintf(library->failure, sizeof library->failure, "%s", cause);
    } else {
        snprintf(library->failure, sizeof library->failure, "%s%s%s", before, name, after);
    }
}

const char *nitnem_library_load(struct nitnem_library *library, void (*load)(void)) {
    pthread_once(&library->once, load);
    return library->failure[0] ? library->failure : NULL;
}

void *nitnem_library_open(struct nitnem_library *library, const char *soname) {
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) fail(library, "", soname, ": cannot be loaded");
    return handle;
}

int nitnem_library_resolve(struct nitnem_library *library, void *handle, const char *name, void *entry) {
    dlerror();
    void *symbol = dlsym(handle, name);
    if (symbol == NULL) {
        fail(library, "undefined symbol: ", name, "");
        return 0;
    }
    memcpy(entry, &symbol, sizeof symbol);
    return 1;
}
