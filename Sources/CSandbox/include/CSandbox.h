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
// with EPERM (no process, no socket, no exec). Returns 0, or a negative errno.
int sandbox_lockdown(void);

// Gives freed heap memory back to the system (malloc_trim): a warm worker returns to its idle
// size after a large decode instead of keeping its peak.
void sandbox_release_memory(void);
