#define _GNU_SOURCE
#include "CSandbox.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// Memfds seen so far, by inode, with the most bytes seen for each. A worker holding more than
// this many distinct memfds is past any bound anyway: the rest are counted without merging.
#define TRACKED 256

struct held {
    unsigned long inode[TRACKED];
    int64_t bytes[TRACKED];
    int count;
    int64_t untracked;
};

// Sizes are the worker's to choose within its limits: summed without overflowing.
static int64_t add(int64_t total, int64_t bytes) {
    if (bytes < 0) return total;
    return total > INT64_MAX - bytes ? INT64_MAX : total + bytes;
}

static void note(struct held *held, unsigned long inode, int64_t bytes) {
    for (int i = 0; i < held->count; i++) {
        if (held->inode[i] == inode) {
            if (bytes > held->bytes[i]) held->bytes[i] = bytes;
            return;
        }
    }
    if (held->count < TRACKED) {
        held->inode[held->count] = inode;
        held->bytes[held->count++] = bytes;
    } else {
        held->untracked = add(held->untracked, bytes);
    }
}

static int64_t sum(const struct held *held) {
    int64_t total = 0;
    for (int i = 0; i < held->count; i++) total = add(total, held->bytes[i]);
    return total;
}

int64_t sandbox_held_memfd_bytes(int pid, int mappings) {
    struct held held = { .count = 0, .untracked = 0 };
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/fd", pid);
    DIR *folder = opendir(path);
    if (!folder) return -1;
    for (struct dirent *entry; (entry = readdir(folder));) {
        if (entry->d_name[0] == '.') continue;
        char target[64];
        ssize_t length = readlinkat(dirfd(folder), entry->d_name, target, sizeof target - 1);
        if (length <= 0) continue;
        target[length] = 0;
        struct stat about;
        if (strncmp(target, "/memfd:", 7) != 0 || fstatat(dirfd(folder), entry->d_name, &about, 0) != 0) continue;
        note(&held, (unsigned long)about.st_ino, (int64_t)about.st_size);
    }
    closedir(folder);
    if (!mappings) return add(held.untracked, sum(&held));
    snprintf(path, sizeof path, "/proc/%d/maps", pid);
    FILE *maps = fopen(path, "re");
    if (!maps) return -1;
    char line[512];
    while (fgets(line, sizeof line, maps)) {
        unsigned long start, end, inode;
        // "start-end perms offset dev inode /memfd:name (deleted)"
        if (!strstr(line, "/memfd:") || sscanf(line, "%lx-%lx %*s %*s %*s %lu", &start, &end, &inode) != 3 || end < start) continue;
        note(&held, inode, (int64_t)(end - start));
    }
    fclose(maps);
    return add(held.untracked, sum(&held));
}
