#pragma once
// What the BPF programs of the probes (bpf_program.h, bpf_funclat_program.h)
// share in talking to libbpf: its messages kept for the one line that says
// why a program was refused, whether one can be loaded at all, and per-CPU
// map entries summed over the CPUs.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

struct bpf_map;

namespace schedlab {

// Starts keeping libbpf's messages (once per process, instead of printing
// them on stderr) and forgets the last one.
void listen_to_libbpf();

// "STEP the BPF program failed: REASON (errno N); libbpf: its last message".
std::string libbpf_refusal(const char* step, int err);

// Why a tracing BPF program cannot be loaded here ("" when it can): the
// kernel has no BTF, or this process lacks root (or CAP_BPF and
// CAP_PERFMON).
std::string bpf_tracing_unavailable();

// Entries 0..n-1 of a per-CPU array of histograms (probes/bpf/lifecycle.h's
// buckets), each summed over the CPUs; nullopt when one could not be read.
std::optional<std::vector<std::vector<std::uint64_t>>> read_histograms(const bpf_map* map, std::uint32_t n);

// Opens or closes a program's window: a store to its flag in the program's
// memory-mapped .bss, no system call.
void store_window_flag(std::uint32_t& flag, bool open) noexcept;

// A per-CPU map's entry `key` summed over the CPUs, as `count` u64 values;
// nullopt when it could not be read.
std::optional<std::vector<std::uint64_t>> sum_per_cpu(const bpf_map* map, std::uint32_t key, std::size_t count);

}  // namespace schedlab
