#pragma once
// Every limit on bytes from outside, in one place (docs/security.md lists
// them).  Each is far above what schedlab itself writes or a real server
// sends, and far below what hurts the machine.
#include <chrono>
#include <cstddef>

namespace schedlab::input {

// A kind of file schedlab reads, and the most bytes one may hold.
struct FileKind {
  const char* name;  // for messages: "a result file"
  std::size_t max_bytes;
};

inline constexpr std::size_t kMiB = std::size_t{1} << 20;

// A result of thousands of runs with histograms is a few tens of MiB.
inline constexpr FileKind kResultFile{"a result file", 256 * kMiB};
inline constexpr FileKind kJournal{"a journal entry", 16 * kMiB};
inline constexpr FileKind kTemplate{"a LAVA job template", 1 * kMiB};
inline constexpr FileKind kLavaLog{"a LAVA job log", 512 * kMiB};
inline constexpr FileKind kRamdiskInput{"a file for the ramdisk", 256 * kMiB};
inline constexpr FileKind kKernelImage{"a kernel image", 256 * kMiB};
inline constexpr FileKind kInitrd{"an initramfs", 1024 * kMiB};
// A local copy of what a LAVA job deploys (a kernel, a ramdisk), hashed for its sha256sum.
inline constexpr FileKind kDeployedFile{"a file a LAVA job deploys", 1024 * kMiB};
inline constexpr FileKind kKernelConfig{"a kernel config", 16 * kMiB};
inline constexpr FileKind kKernelModule{"a kernel module", 64 * kMiB};
inline constexpr FileKind kProgram{"a program", 256 * kMiB};
inline constexpr FileKind kGuestOutput{"a guest's output", 256 * kMiB};
inline constexpr FileKind kCache{"a cache file", std::size_t{64} * 1024};
inline constexpr FileKind kBisectState{"a bisect state", 16 * kMiB};
inline constexpr FileKind kBuildLog{"a build's output", 64 * kMiB};

// HTTP answers (the LAVA server's): a very long job's log is the largest.
inline constexpr std::size_t kHttpMaxBytes = 512 * kMiB;
inline constexpr long kHttpMaxRedirects = 5;

// Decompression: the output of a zlib stream, absolutely and per input byte.
inline constexpr std::size_t kInflateMaxBytes = 256 * kMiB;
// Deflate's ceiling is 1032:1, reached only by long runs of one byte: a
// result or a profile compresses 10-50:1, a bomb sits at the ceiling.
inline constexpr std::size_t kInflateMaxRatio = 1000;

// JSON: nlohmann copies, compares and dumps recursively, so a deep
// document overflows the stack; a result file nests about 6 levels.
inline constexpr std::size_t kMaxJsonDepth = 256;

// YAML: a job template is a few hundred nodes; aliases are counted as the
// nodes they expand to, so a 1 KB alias bomb is refused before it is built.
inline constexpr std::size_t kMaxYamlNodes = 100000;
inline constexpr std::size_t kMaxYamlDepth = 64;
inline constexpr std::size_t kMaxYamlBytes = 1 * kMiB;

}  // namespace schedlab::input
