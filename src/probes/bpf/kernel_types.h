/* The kernel types and fields the lifecycle program reads, and nothing
 * else, in place of a vmlinux.h dumped from the build machine's BTF: the
 * build then needs no kernel with BTF (a CI container may have none) and
 * no 100k-line header.  Each struct is marked preserve_access_index, so
 * clang records every field access as a CO-RE relocation and libbpf
 * resolves it against the running kernel's BTF when the program is
 * loaded: the layouts below are only names, and a kernel whose fields
 * moved still loads it (one that lacks a field refuses, and the probe
 * says so).  The UAPI constants are the kernel's, stable by contract
 * (include/uapi/linux/bpf.h). */
#ifndef SCHEDLAB_PROBES_BPF_KERNEL_TYPES_H
#define SCHEDLAB_PROBES_BPF_KERNEL_TYPES_H

typedef unsigned char __u8;
typedef unsigned short __u16;
typedef unsigned int __u32;
typedef unsigned long long __u64;
typedef signed char __s8;
typedef short __s16;
typedef int __s32;
typedef long long __s64;
typedef __u16 __be16;
typedef __u32 __be32;
typedef __u32 __wsum;
typedef int pid_t;
typedef _Bool bool;
#define true 1
#define false 0

enum bpf_map_type {
  BPF_MAP_TYPE_HASH = 1,
  BPF_MAP_TYPE_PERCPU_HASH = 5,
  BPF_MAP_TYPE_PERCPU_ARRAY = 6,
  BPF_MAP_TYPE_STACK_TRACE = 7,
  BPF_MAP_TYPE_TASK_STORAGE = 29,
};

enum {
  BPF_ANY = 0,
  BPF_NOEXIST = 1,
};

enum {
  BPF_F_NO_PREALLOC = 1, /* map_flags: a local storage map must have it */
};

enum {
  BPF_LOCAL_STORAGE_GET_F_CREATE = 1,
};

#pragma clang attribute push(__attribute__((preserve_access_index)), apply_to = record)

struct kernfs_node {
  __u64 id; /* the cgroup id of a cgroup's directory (Linux 5.5+) */
};

struct cgroup {
  struct kernfs_node* kn;
};

struct css_set {
  struct cgroup* dfl_cgrp; /* the task's cgroup in the v2 (default) hierarchy */
};

struct task_struct {
  unsigned int __state; /* 0: TASK_RUNNING (Linux 5.14+; `long state` before) */
  pid_t pid;
  pid_t tgid;
  struct task_struct* group_leader;
  struct css_set* cgroups;
};

struct linux_binprm;

/* The task's state before Linux 5.14 (CO-RE picks whichever exists). */
struct task_struct___pre514 {
  long state;
};

#pragma clang attribute pop

#endif
