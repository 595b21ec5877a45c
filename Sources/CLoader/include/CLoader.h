// SPDX-License-Identifier: GPL-3.0-or-later
#ifndef NITNEM_CLOADER_H
#define NITNEM_CLOADER_H

// The one way nitnem loads a C library at first use (dlopen, then dlsym per entry point) rather
// than linking it: the SQLite loader (CSQLite) and the libnotify/GLib loader (CLibnotify) each fill
// their table of entry points through these calls.

#include <pthread.h>

/// One library's loading: done once per process, and why it failed when it did.
struct nitnem_library {
    /// Runs the loader's `load` once.
    pthread_once_t once;
    /// dlerror's words when loading failed; empty when it did not.
    char failure[512];
};

/// A library not loaded yet.
#define NITNEM_LIBRARY_INIT {PTHREAD_ONCE_INIT, ""}

/// Runs `load` once for `library` (thread-safe, `pthread_once`): NULL when it loaded, else why not.
const char *nitnem_library_load(struct nitnem_library *library, void (*load)(void));

/// Opens `soname` with `dlopen(RTLD_NOW | RTLD_LOCAL)`: nothing else in the process resolves against
/// it by accident, and it stays loaded for the life of the process. NULL, with the reason in
/// `library->failure`, when it cannot be loaded.
void *nitnem_library_open(struct nitnem_library *library, const char *soname);

/// Stores the address of `name` in the library `handle` (`dlsym`) at `entry`, a function pointer of
/// the loader's table: 1, or 0 with the reason in `library->failure` when there is no such symbol.
int nitnem_library_resolve(struct nitnem_library *library, void *handle, const char *name, void *entry);

#endif
