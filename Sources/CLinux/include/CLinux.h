// SPDX-License-Identifier: GPL-3.0-or-later
#ifndef NITNEM_CLINUX_H
#define NITNEM_CLINUX_H
#include <sys/timerfd.h>
#include <sys/inotify.h>
#include <sys/signalfd.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <signal.h>
#include <poll.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/wait.h>
#include <libintl.h>
#include <locale.h>
#include <sys/syscall.h>

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

/// renameat2(2) with RENAME_EXCHANGE: swaps the two names atomically (both must exist); -1 and errno
/// (EINVAL where the file system cannot, ENOSYS before Linux 3.15).
static inline int nitnem_rename_exchange(const char *from, const char *to) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, RENAME_EXCHANGE);
}

/// renameat2(2) with RENAME_NOREPLACE: renames unless `to` exists (EEXIST then).
static inline int nitnem_rename_noreplace(const char *from, const char *to) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
}

/// posix_spawn_file_actions_addclosefrom_np (glibc 2.34+), which Swift's Glibc module does not
/// declare: the child closes every descriptor from `from` on, so nothing of ours leaks into it.
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *, int);
static inline int nitnem_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

/// The errno of the calling thread (errno is a macro over a TLS location).
static inline int nitnem_errno(void) { return errno; }

/// open(2) with a mode: Swift cannot call the variadic prototype.
static inline int nitnem_open(const char *path, int flags, mode_t mode) { return open(path, flags, mode); }

/// The symbolic name of an errno value ("ECANCELED"), or NULL when glibc does not know it
/// (strerrorname_np, a GNU extension, hence defined in CLinux.c under _GNU_SOURCE).
const char *nitnem_errno_name(int code);

/// pthread_sigmask(how, {signals}, NULL) for the calling thread: 0, or the error number
/// (pthread_sigmask returns it instead of setting errno). `how` is SIG_BLOCK or SIG_UNBLOCK.
int nitnem_sigmask(int how, const int *signals, int count);

/// signalfd(-1, {signals}, SFD_NONBLOCK | SFD_CLOEXEC): a new descriptor, or -1 and errno.
/// Does not touch the signal mask.
int nitnem_signalfd_create(const int *signals, int count);

/// signal(sig, SIG_IGN): SIG_IGN is a cast macro that Swift cannot import. 0, or -1 and errno.
static inline int nitnem_signal_ignore(int sig) { return signal(sig, SIG_IGN) == SIG_ERR ? -1 : 0; }

/// Size of one signalfd record (struct signalfd_siginfo, 128 bytes).
static inline size_t nitnem_signalfd_siginfo_size(void) { return sizeof(struct signalfd_siginfo); }

/// socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0): a descriptor, or -1 and errno.
static inline int nitnem_unix_datagram_socket(void) {
    return socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
}

/// sendto(2) on an AF_UNIX socket addressed by `name` (`name_len` bytes, no NUL needed): a path,
/// or an abstract name when it starts with '@' (the '@' becomes the leading NUL, as sd_notify does).
/// The byte count sent, or -1 and errno (ENAMETOOLONG when the name does not fit sun_path).
ssize_t nitnem_unix_sendto(int fd, const char *name, size_t name_len, const void *bytes, size_t count);

/// setlocale(LC_MESSAGES, ""): the message locale the environment names (LC_ALL, LC_MESSAGES, LANG).
/// The locale's name, or NULL when it is not installed (the locale then stays "C"). Only
/// LC_MESSAGES: nothing else of the program depends on the locale.
static inline const char *nitnem_messages_locale(void) { return setlocale(LC_MESSAGES, ""); }

/// dcgettext(domain, msgid, LC_MESSAGES): the translation, or `msgid` itself (libintl.h may define
/// dcgettext as a macro, which Swift cannot call).
static inline const char *nitnem_dcgettext(const char *domain, const char *msgid) {
    return dcgettext(domain, msgid, LC_MESSAGES);
}

/// dcngettext(domain, msgid, plural, n, LC_MESSAGES): the translation's form for `n`, or `msgid`
/// (n == 1) or `plural` itself.
static inline const char *nitnem_dcngettext(const char *domain, const char *msgid, const char *plural,
                                            unsigned long n) {
    return dcngettext(domain, msgid, plural, n, LC_MESSAGES);
}

#endif
