#ifndef NITNEM_CLINUX_H
#define NITNEM_CLINUX_H
#include <sys/timerfd.h>
#include <sys/inotify.h>
#include <sys/signalfd.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <signal.h>
#include <poll.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <pthread.h>

/// The errno of the calling thread (errno is a macro over a TLS location).
static inline int nitnem_errno(void) { return errno; }

/// open(2) with a mode: Swift cannot call the variadic prototype.
static inline int nitnem_open(const char *path, int flags, mode_t mode) { return open(path, flags, mode); }

/// Blocks `signals` for the calling thread and returns a signalfd for them, or -1.
int nitnem_signalfd_for(const int *signals, int count);

/// Size of one inotify_event header (the name follows it).
static inline size_t nitnem_inotify_event_size(void) { return sizeof(struct inotify_event); }
#endif
