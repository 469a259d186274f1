#define _GNU_SOURCE
#include "CSandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <stdbool.h>
#include <sys/prctl.h>
#include <malloc.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

void sandbox_close_descriptors_from(int first) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)first, ~0U, 0) == 0) return;
#endif
    long highest = sysconf(_SC_OPEN_MAX);
    for (long fd = first; fd < (highest > 0 ? highest : 65536); fd++) close((int)fd);
}

static int limit(int resource, uint64_t value) {
    struct rlimit bound = { .rlim_cur = value, .rlim_max = value };
    return setrlimit(resource, &bound);
}

int sandbox_set_limits(uint64_t address_space_bytes, uint64_t open_files, uint64_t processes, uint64_t cpu_hard_seconds) {
    int failed = 0;
    failed |= limit(RLIMIT_AS, address_space_bytes);
    failed |= limit(RLIMIT_NOFILE, open_files);
    if (processes > 0) failed |= limit(RLIMIT_NPROC, processes);
    failed |= limit(RLIMIT_FSIZE, 0);
    failed |= limit(RLIMIT_CORE, 0);
    failed |= limit(RLIMIT_CPU, cpu_hard_seconds);
    // A write past RLIMIT_FSIZE then fails with EFBIG instead of killing the process.
    signal(SIGXFSZ, SIG_IGN);
    return failed ? -1 : 0;
}

int sandbox_allow(uint32_t seconds, uint64_t address_space_bytes) {
    struct rusage usage;
    struct rlimit cpu, space;
    if (getrusage(RUSAGE_SELF, &usage) != 0 || getrlimit(RLIMIT_CPU, &cpu) != 0 || getrlimit(RLIMIT_AS, &space) != 0) {
        return -1;
    }
    rlim_t used = (rlim_t)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + 1;
    cpu.rlim_cur = used + seconds;
    if (cpu.rlim_max != RLIM_INFINITY && cpu.rlim_cur > cpu.rlim_max) cpu.rlim_cur = cpu.rlim_max;
    space.rlim_cur = address_space_bytes;
    if (space.rlim_max != RLIM_INFINITY && space.rlim_cur > space.rlim_max) space.rlim_cur = space.rlim_max;
    return setrlimit(RLIMIT_CPU, &cpu) | setrlimit(RLIMIT_AS, &space);
}

// What decoding needs once the libraries are loaded: memory, reading (loaders are dlopen()ed
// on first use, from the read-only /usr), threads (libheif, dav1d and libaom decode in
// several), time, signals to itself, and its socket. Not on the list: socket(), connect(),
// fork and exec, ptrace, mount, namespaces, keyrings, BPF, io_uring, writing to new files.
static const int allowed[] = {
    SCMP_SYS(read), SCMP_SYS(readv), SCMP_SYS(pread64), SCMP_SYS(write), SCMP_SYS(writev),
    SCMP_SYS(recvfrom), SCMP_SYS(sendto), SCMP_SYS(recvmsg), SCMP_SYS(sendmsg), SCMP_SYS(shutdown),
    SCMP_SYS(close), SCMP_SYS(lseek), SCMP_SYS(fstat), SCMP_SYS(newfstatat),
    SCMP_SYS(stat), SCMP_SYS(lstat), SCMP_SYS(statx), SCMP_SYS(fstatfs), SCMP_SYS(statfs), SCMP_SYS(access),
    SCMP_SYS(faccessat), SCMP_SYS(faccessat2), SCMP_SYS(readlink), SCMP_SYS(readlinkat), SCMP_SYS(getdents64),
    SCMP_SYS(getcwd), SCMP_SYS(fcntl), SCMP_SYS(dup), SCMP_SYS(dup3), SCMP_SYS(pipe2), SCMP_SYS(eventfd2),
    SCMP_SYS(poll), SCMP_SYS(ppoll), SCMP_SYS(select), SCMP_SYS(pselect6),
    SCMP_SYS(epoll_create1), SCMP_SYS(epoll_ctl), SCMP_SYS(epoll_wait), SCMP_SYS(epoll_pwait),
    SCMP_SYS(mmap), SCMP_SYS(munmap), SCMP_SYS(mremap), SCMP_SYS(mprotect), SCMP_SYS(madvise), SCMP_SYS(brk),
    SCMP_SYS(mincore), SCMP_SYS(membarrier),
    SCMP_SYS(futex), SCMP_SYS(set_robust_list), SCMP_SYS(get_robust_list), SCMP_SYS(rseq), SCMP_SYS(set_tid_address),
    SCMP_SYS(sched_yield), SCMP_SYS(sched_getaffinity), SCMP_SYS(getpriority),
    SCMP_SYS(exit), SCMP_SYS(exit_group), SCMP_SYS(restart_syscall),
    SCMP_SYS(rt_sigaction), SCMP_SYS(rt_sigprocmask), SCMP_SYS(rt_sigreturn), SCMP_SYS(sigaltstack),
    SCMP_SYS(clock_gettime), SCMP_SYS(clock_getres), SCMP_SYS(clock_nanosleep), SCMP_SYS(nanosleep),
    SCMP_SYS(gettimeofday), SCMP_SYS(getpid), SCMP_SYS(gettid), SCMP_SYS(getppid), SCMP_SYS(getuid),
    SCMP_SYS(geteuid), SCMP_SYS(getgid), SCMP_SYS(getegid), SCMP_SYS(getrandom), SCMP_SYS(uname),
    SCMP_SYS(sysinfo), SCMP_SYS(getrusage), SCMP_SYS(getrlimit), SCMP_SYS(setrlimit),
    SCMP_SYS(arch_prctl),
};

// prctl: only what decoding libraries ask of their own threads (naming them, as dav1d does;
// naming memory; reading back). Not PR_SET_DUMPABLE: an undumpable worker hides its
// descriptors and mappings from the app, which counts the memory it holds through them.
static const scmp_datum_t allowed_prctl[] = {
    PR_SET_NAME, PR_GET_NAME, PR_GET_DUMPABLE, PR_GET_NO_NEW_PRIVS, PR_GET_SECCOMP, 0x53564d41 /* PR_SET_VMA */,
};

// Opening for anything but reading: writing, creating, truncating, appending, a temporary file.
#define WRITING_FLAGS ((scmp_datum_t)(O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND | __O_TMPFILE))

int sandbox_lockdown(int may_open) {
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ERRNO(EPERM));
    if (!filter) return -ENOMEM;
    int status = 0;
    for (size_t i = 0; i < sizeof allowed / sizeof allowed[0] && status == 0; i++) {
        status = seccomp_rule_add(filter, SCMP_ACT_ALLOW, allowed[i], 0);
    }
    for (size_t i = 0; i < sizeof allowed_prctl / sizeof allowed_prctl[0] && status == 0; i++) {
        status = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(prctl), 1, SCMP_A0(SCMP_CMP_EQ, allowed_prctl[i]));
    }
    // Threads, never processes: clone() only with CLONE_THREAD; clone3() passes its flags in
    // memory no filter can read, so it says "not here" and the C library falls back to clone().
    if (status == 0) status = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1,
                                               SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, CLONE_THREAD));
    if (status == 0) status = seccomp_rule_add(filter, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
    // Files open for reading only: no file is made, written or truncated through this process
    // even where its namespace (or, without bubblewrap, nothing) would let it. No ftruncate,
    // truncate or memfd at all: a worker writes its pixels into the memfd the app gave it.
    if (status == 0 && may_open) status = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(openat), 1,
                                                           SCMP_A2(SCMP_CMP_MASKED_EQ, WRITING_FLAGS, 0));
    if (status == 0 && may_open) status = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(open), 1,
                                                           SCMP_A1(SCMP_CMP_MASKED_EQ, WRITING_FLAGS, 0));
    // Its own limits, priority and CPUs only (pid or "who" 0 is the caller): another process of
    // the same user keeps its limits and priority.
    if (status == 0) status = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(prlimit64), 1, SCMP_A0(SCMP_CMP_EQ, 0));
    if (status == 0) status = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(setpriority), 2,
                                               SCMP_A0(SCMP_CMP_EQ, PRIO_PROCESS), SCMP_A1(SCMP_CMP_EQ, 0));
    if (status == 0) status = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(sched_setaffinity), 1, SCMP_A0(SCMP_CMP_EQ, 0));
    // Signals only to itself (abort() raises SIGABRT with tgkill).
    if (status == 0) status = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 1,
                                               SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)getpid()));
    // ioctl: only asking whether a descriptor is a terminal (isatty) and how much is readable.
    if (status == 0) status = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(ioctl), 1, SCMP_A1(SCMP_CMP_EQ, 0x5401)); // TCGETS
    if (status == 0) status = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(ioctl), 1, SCMP_A1(SCMP_CMP_EQ, 0x541B)); // FIONREAD
    if (status == 0) status = seccomp_load(filter);
    seccomp_release(filter);
    return status;
}

void sandbox_release_memory(void) { malloc_trim(0); }

int sandbox_make_undumpable(void) { return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0); }

int sandbox_wait_exit(int pid, int timeout_ms, int *status) {
    int descriptor = (int)syscall(SYS_pidfd_open, pid, 0);
    if (descriptor >= 0) {
        struct pollfd poller = { .fd = descriptor, .events = POLLIN };
        while (poll(&poller, 1, timeout_ms) < 0 && errno == EINTR) {}
        close(descriptor);
    }
    return waitpid(pid, status, WNOHANG) == pid ? 1 : 0;
}

// Landlock's file-system rights, by the ABI version that brought them (Debian 12's headers
// stop at version 2).
#define RIGHTS_ABI_1 ((1ULL << 13) - 1)          // execute … make symlink
#define RIGHT_REFER (1ULL << 13)                  // ABI 2
#define RIGHT_TRUNCATE (1ULL << 14)               // ABI 3
#define RIGHT_IOCTL_DEV (1ULL << 15)              // ABI 5
#define RIGHT_EXECUTE (1ULL << 0)
#define RIGHT_READ_FILE (1ULL << 2)
#define RIGHT_READ_DIR (1ULL << 3)

int sandbox_landlock(const char *const *readable, int count) {
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
    if (abi < 1) return 0;
    struct landlock_ruleset_attr attributes = { .handled_access_fs = RIGHTS_ABI_1 };
    if (abi >= 2) attributes.handled_access_fs |= RIGHT_REFER;
    if (abi >= 3) attributes.handled_access_fs |= RIGHT_TRUNCATE;
    if (abi >= 5) attributes.handled_access_fs |= RIGHT_IOCTL_DEV;
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attributes, sizeof attributes, 0);
    if (ruleset < 0) return -1;
    for (int i = 0; i < count; i++) {
        int descriptor = open(readable[i], O_PATH | O_CLOEXEC);
        if (descriptor < 0) continue; // a folder this machine does not have
        struct stat about;
        bool folder = fstat(descriptor, &about) == 0 && S_ISDIR(about.st_mode);
        struct landlock_path_beneath_attr rule = {
            .allowed_access = RIGHT_READ_FILE | RIGHT_EXECUTE | (folder ? RIGHT_READ_DIR : 0),
            .parent_fd = descriptor,
        };
        syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0);
        close(descriptor);
    }
    int failed = prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || syscall(SYS_landlock_restrict_self, ruleset, 0) != 0;
    close(ruleset);
    return failed ? -1 : (int)abi;
}

int sandbox_probe_lower_limits_of(int pid) {
    struct rlimit lowered = { .rlim_cur = 16, .rlim_max = 16 };
    return prlimit(pid, RLIMIT_NOFILE, &lowered, NULL);
}
