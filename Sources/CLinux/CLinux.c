// SPDX-License-Identifier: GPL-3.0-or-later
#define _GNU_SOURCE
#include <stddef.h>
#include <string.h>
#include "CLinux.h"

const char *nitnem_errno_name(int code) { return strerrorname_np(code); }

static int fill_set(sigset_t *set, const int *signals, int count) {
    sigemptyset(set);
    for (int i = 0; i < count; i++) {
        if (sigaddset(set, signals[i]) != 0) return -1;
    }
    return 0;
}

int nitnem_sigmask(int how, const int *signals, int count) {
    sigset_t set;
    if (fill_set(&set, signals, count) != 0) return errno;
    return pthread_sigmask(how, &set, NULL);
}

int nitnem_signalfd_create(const int *signals, int count) {
    sigset_t set;
    if (fill_set(&set, signals, count) != 0) return -1;
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

/// Fills `addr` for `name`; returns the address length to pass, or 0 (errno set) when it does not fit.
static socklen_t unix_address(struct sockaddr_un *addr, const char *name, size_t name_len) {
    memset(addr, 0, sizeof(*addr));
    addr->sun_family = AF_UNIX;
    if (name_len == 0 || name_len > sizeof(addr->sun_path) - (name[0] == '@' ? 0 : 1)) {
        errno = name_len == 0 ? EINVAL : ENAMETOOLONG;
        return 0;
    }
    memcpy(addr->sun_path, name, name_len);
    if (name[0] == '@') {
        // Abstract names are length-delimited, not NUL-terminated: the length must not include padding.
        addr->sun_path[0] = '\0';
        return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + name_len);
    }
    return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + name_len + 1);
}

ssize_t nitnem_unix_sendto(int fd, const char *name, size_t name_len, const void *bytes, size_t count) {
    struct sockaddr_un addr;
    socklen_t len = unix_address(&addr, name, name_len);
    if (len == 0) return -1;
    return sendto(fd, bytes, count, MSG_NOSIGNAL, (const struct sockaddr *)&addr, len);
}
