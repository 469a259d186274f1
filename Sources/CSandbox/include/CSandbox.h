// The inside of a sandboxed decoder process: what it does to itself before it reads a byte of
// a picture (close inherited descriptors, resource limits, a seccomp filter), and a per-decode
// CPU allowance. The outside (bubblewrap's namespaces) is set up by its parent.
#pragma once
#include <stdint.h>

// Closes every descriptor from `first` up (close_range, or one by one where it is missing).
void sandbox_close_descriptors_from(int first);

// Sets soft and hard limits: address space, open files, processes and threads, file size (0:
// no file can be written), core dumps (0); `processes` 0 leaves that limit as it is. The CPU hard limit is `cpu_hard_seconds`; the soft
// one moves with `sandbox_allow_cpu`. Returns 0, or -1 when a limit could not be set.
int sandbox_set_limits(uint64_t address_space_bytes, uint64_t open_files, uint64_t processes, uint64_t cpu_hard_seconds);

// Lets the process use `seconds` more of CPU from now before SIGXCPU kills it, and at most
// `address_space_bytes` of address space (within the hard limit) for what it maps next.
int sandbox_allow(uint32_t seconds, uint64_t address_space_bytes);

// Installs the seccomp filter: the system calls a decoder needs (memory, reading the files it
// already may read, threads, time, its two pipe ends) and nothing else; anything else fails
// with EPERM (no process, no socket, no exec). Without `may_open` no file can be opened at all:
// the worker reads only what it is handed. Returns 0, or a negative errno.
int sandbox_lockdown(int may_open);

// Without bubblewrap and Landlock: a user and mount namespace of this process's own (where the
// kernel allows unprivileged ones), in which each of `hidden` (that exists) is covered by an
// empty read-only tmpfs, but for the folders of `kept` beneath one (at most 64: its own build
// folder in /tmp), bound back read-only. Returns 0 when in place, -1 when not.
int sandbox_private_mounts(const char *const *hidden, int count, const char *const *kept, int kept_count);

// Without bubblewrap: Landlock (where the kernel has it) lets this process read `readable`
// files and folders (and what is beneath them) and nothing else, and write, create, remove or
// truncate nothing anywhere. Returns the Landlock ABI version in force, 0 when the kernel has
// none, -1 when it could not be applied.
int sandbox_landlock(const char *const *readable, int count);

// Gives freed heap memory back to the system (malloc_trim): a warm worker returns to its idle
// size after a large decode instead of keeping its peak.
void sandbox_release_memory(void);
// Makes the calling process undumpable (prctl is variadic): 0 when it worked. What a worker
// hiding its descriptors and mappings from the app would do; the filter refuses it
// (`DecodeWorkerFault.triesSideDoors` checks that).
int sandbox_make_undumpable(void);

// The app's side: waits up to `timeout_ms` for child `pid` to exit by itself (on a pidfd, no
// polling loop) and reaps it. Returns 1 with its wait status in `status`, or 0 when it still
// runs (or cannot be waited for).
int sandbox_wait_exit(int pid, int timeout_ms, int *status);

// For `SandboxProbe` only: lowers process `pid`'s open-file limit (prlimit), as a compromised
// decoder would try on another process of its user. Returns 0 when that worked.
int sandbox_probe_lower_limits_of(int pid);

// Shared memory between the app and a worker, so neither a picture's bytes nor its pixels are
// copied through the socket. The app makes each memfd; the worker only maps what it is given.
#include <stddef.h>
enum { SANDBOX_MAX_PASSED = 4 };  // descriptors one message may carry
// A memfd of `size` bytes (sparse: nothing is used until written) that can be sealed; -1 on failure.
int sandbox_memfd(const char *name, uint64_t size);
// Seals a memfd against any change of size or content, for good. Fails (-1) while anything
// still maps it writable: a worker that kept its mapping cannot pass this.
int sandbox_seal(int descriptor);
// The size of what `descriptor` refers to, or -1.
int64_t sandbox_file_size(int descriptor);
// One sendmsg of up to `count` bytes carrying `descriptor_count` descriptors (SCM_RIGHTS);
// never SIGPIPE; without `wait`, never blocks (-1 with EAGAIN when the socket is full).
// Returns the bytes sent, or -1.
long sandbox_send_with(int socket, const void *bytes, size_t count, const int *descriptors, int descriptor_count, int wait);
// One recvmsg of up to `count` bytes; descriptors that came with them are added to
// `descriptors` (up to `capacity`, counted in `*received`; any more are closed), close-on-exec.
// Returns the bytes received, 0 at end of file, or -1.
long sandbox_receive_with(int socket, void *bytes, size_t count, int *descriptors, int capacity, int *received);
// Maps `length` bytes of `descriptor`: shared and writable, or a private read-only view. NULL on failure.
void *sandbox_map(int descriptor, size_t length, int writable);
void sandbox_unmap(void *memory, size_t length);
// Bytes of memfds process `pid` holds by descriptor (its size) and, with `mappings`, by mapping
// (its length), each memfd counted once at the most seen; -1 when /proc cannot say. Read from
// /proc in C: the pool asks before every request a worker takes. The descriptors take tens of
// microseconds; a worker's 800-line maps take most of a millisecond to be written by the kernel.
int64_t sandbox_held_memfd_bytes(int pid, int mappings);
