#define _GNU_SOURCE
#include "CSandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#define MOST_KEPT 64

static int write_text(const char *path, const char *text) {
    int descriptor = open(path, O_WRONLY | O_CLOEXEC);
    if (descriptor < 0) return errno == ENOENT ? 0 : -1; // setgroups: only kernels since 3.19
    ssize_t length = (ssize_t)strlen(text);
    int failed = write(descriptor, text, (size_t)length) != length;
    close(descriptor);
    return failed ? -1 : 0;
}

// Makes `path` and the folders above it (inside a fresh tmpfs), like `mkdir -p`.
static int make_folders(const char *path) {
    char partial[4096];
    size_t length = strlen(path);
    if (length == 0 || length >= sizeof partial) return -1;
    memcpy(partial, path, length + 1);
    for (char *slash = partial + 1; (slash = strchr(slash, '/')); slash++) {
        *slash = 0;
        if (mkdir(partial, 0755) != 0 && errno != EEXIST) return -1;
        *slash = '/';
    }
    return mkdir(partial, 0755) != 0 && errno != EEXIST ? -1 : 0;
}

static int is_beneath(const char *path, const char *folder) {
    size_t length = strlen(folder);
    return strncmp(path, folder, length) == 0 && (path[length] == '/' || path[length] == 0);
}

int sandbox_private_mounts(const char *const *hidden, int count, const char *const *kept, int kept_count) {
    int kept_folders[MOST_KEPT];
    if (kept_count < 0 || kept_count > MOST_KEPT) return -1;
    for (int i = 0; i < kept_count; i++) kept_folders[i] = -1;
    uid_t user = geteuid();
    gid_t group = getegid();
    int failed = unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0;
    char map[64];
    if (!failed) failed = write_text("/proc/self/setgroups", "deny") != 0;
    snprintf(map, sizeof map, "%u %u 1", (unsigned)user, (unsigned)user);
    if (!failed) failed = write_text("/proc/self/uid_map", map) != 0;
    snprintf(map, sizeof map, "%u %u 1", (unsigned)group, (unsigned)group);
    if (!failed) failed = write_text("/proc/self/gid_map", map) != 0;
    // Nothing mounted here reaches the system's namespace, nor the other way.
    if (!failed) failed = mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0;
    // The folders to keep are opened before anything covers them, and bound back from these:
    // in the new namespace, as a bind's source must be one of its own mounts.
    for (int i = 0; i < kept_count && !failed; i++) kept_folders[i] = open(kept[i], O_PATH | O_DIRECTORY | O_CLOEXEC);
    const unsigned long sealed = MS_NOSUID | MS_NODEV | MS_NOEXEC;
    for (int i = 0; i < count && !failed; i++) {
        if (mount("none", hidden[i], "tmpfs", sealed, "size=65536,mode=0755") != 0) {
            failed = errno != ENOENT && errno != ENOTDIR;
            continue;
        }
        // A folder the worker must still read (its own, in a build folder under /tmp) comes
        // back read-only where it was; everything else beneath is gone.
        for (int k = 0; k < kept_count && !failed; k++) {
            if (kept_folders[k] < 0 || !is_beneath(kept[k], hidden[i])) continue;
            char source[64];
            snprintf(source, sizeof source, "/proc/self/fd/%d", kept_folders[k]);
            failed = make_folders(kept[k]) != 0 || mount(source, kept[k], NULL, MS_BIND | MS_REC, NULL) != 0
                || mount(NULL, kept[k], NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL) != 0;
        }
        if (!failed) failed = mount(NULL, hidden[i], NULL, MS_REMOUNT | MS_RDONLY | sealed, NULL) != 0;
    }
    for (int i = 0; i < kept_count; i++) {
        if (kept_folders[i] >= 0) close(kept_folders[i]);
    }
    return failed ? -1 : 0;
}
