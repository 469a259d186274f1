#define _GNU_SOURCE
#include "CSandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

static int write_text(const char *path, const char *text) {
    int descriptor = open(path, O_WRONLY | O_CLOEXEC);
    if (descriptor < 0) return errno == ENOENT ? 0 : -1; // setgroups: only kernels since 3.19
    ssize_t length = (ssize_t)strlen(text);
    int failed = write(descriptor, text, (size_t)length) != length;
    close(descriptor);
    return failed ? -1 : 0;
}

int sandbox_private_mounts(const char *const *hidden, int count) {
    uid_t user = geteuid();
    gid_t group = getegid();
    if (unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0) return -1;
    char map[64];
    if (write_text("/proc/self/setgroups", "deny") != 0) return -1;
    snprintf(map, sizeof map, "%u %u 1", (unsigned)user, (unsigned)user);
    if (write_text("/proc/self/uid_map", map) != 0) return -1;
    snprintf(map, sizeof map, "%u %u 1", (unsigned)group, (unsigned)group);
    if (write_text("/proc/self/gid_map", map) != 0) return -1;
    // Nothing mounted here reaches the system's namespace, nor the other way.
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) return -1;
    for (int i = 0; i < count; i++) {
        if (mount("none", hidden[i], "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, "size=4096,mode=0500") != 0
            && errno != ENOENT && errno != ENOTDIR) {
            return -1;
        }
    }
    return 0;
}
