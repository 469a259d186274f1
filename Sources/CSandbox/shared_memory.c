#define _GNU_SOURCE
#include "CSandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

int sandbox_memfd(const char *name, uint64_t size) {
    int descriptor = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (descriptor < 0) return -1;
    if (ftruncate(descriptor, (off_t)size) != 0) {
        close(descriptor);
        return -1;
    }
    return descriptor;
}

int sandbox_seal(int descriptor) {
    return fcntl(descriptor, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL);
}

int64_t sandbox_file_size(int descriptor) {
    struct stat status;
    return fstat(descriptor, &status) == 0 ? (int64_t)status.st_size : -1;
}

long sandbox_send_with(int socket, const void *bytes, size_t count, const int *descriptors, int descriptor_count, int wait) {
    if (descriptor_count < 0 || descriptor_count > SANDBOX_MAX_PASSED) return -1;
    struct iovec part = { .iov_base = (void *)bytes, .iov_len = count };
    union {
        char buffer[CMSG_SPACE(sizeof(int) * SANDBOX_MAX_PASSED)];
        struct cmsghdr align;
    } control;
    memset(&control, 0, sizeof(control));
    struct msghdr message = { .msg_iov = &part, .msg_iovlen = 1 };
    if (descriptor_count > 0) {
        message.msg_control = control.buffer;
        message.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)descriptor_count);
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)descriptor_count);
        memcpy(CMSG_DATA(header), descriptors, sizeof(int) * (size_t)descriptor_count);
    }
    long sent;
    do {
        sent = sendmsg(socket, &message, MSG_NOSIGNAL | (wait ? 0 : MSG_DONTWAIT));
    } while (sent < 0 && errno == EINTR);
    return sent;
}

long sandbox_receive_with(int socket, void *bytes, size_t count, int *descriptors, int capacity, int *received) {
    struct iovec part = { .iov_base = bytes, .iov_len = count };
    union {
        char buffer[CMSG_SPACE(sizeof(int) * SANDBOX_MAX_PASSED)];
        struct cmsghdr align;
    } control;
    struct msghdr message = { .msg_iov = &part, .msg_iovlen = 1, .msg_control = control.buffer,
                              .msg_controllen = sizeof(control.buffer) };
    long got;
    do {
        got = recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
    } while (got < 0 && errno == EINTR);
    if (got < 0) return got;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        size_t passed = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        int *incoming = (int *)CMSG_DATA(header);
        for (size_t index = 0; index < passed; index++) {
            if (*received < capacity) {
                descriptors[(*received)++] = incoming[index];
            } else {
                close(incoming[index]); // more than were asked for: not ours to keep
            }
        }
    }
    return got;
}

void *sandbox_map(int descriptor, size_t length, int writable) {
    if (length == 0) return NULL;
    void *memory = mmap(NULL, length, writable ? PROT_READ | PROT_WRITE : PROT_READ, writable ? MAP_SHARED : MAP_PRIVATE,
                        descriptor, 0);
    return memory == MAP_FAILED ? NULL : memory;
}

void sandbox_unmap(void *memory, size_t length) {
    if (memory && length > 0) munmap(memory, length);
}
