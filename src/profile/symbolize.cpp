#include "profile/symbolize.h"

#include <fmt/format.h>

#include <filesystem>

namespace schedlab::profile {

std::string frame_text(std::string_view name) {
  std::string out;
  out.reserve(name.size());
  for (char c : name) out += (c == ';' || static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? '_' : c;
  return out.empty() ? "[unknown]" : out;
}

std::string Symbolizer::kernel_frame(std::uint64_t address) {
  auto [it, added] = kernel_names_.try_emplace(address);
  if (added) {
    const auto name = kernel_.name_at(address);
    it->second = frame_text(name ? *name : "[unknown]") + std::string(kKernelSuffix);
  }
  return it->second;
}

std::string Symbolizer::user_frame(const std::string& path, std::uint64_t file_offset) {
  auto [it, added] = user_names_.try_emplace({path, file_offset});
  if (added) {
    const auto name = files_.of(path).name_at(file_offset);
    if (name) it->second = frame_text(*name);
    else if (path.starts_with('[')) it->second = frame_text(path);  // [vdso]: no file to read
    else it->second = fmt::format("[{}]", frame_text(std::filesystem::path(path).filename().string()));
  }
  return it->second;
}

FoldedStacks fold(const SampleCollector& collected, Symbolizer& symbols) {
  FoldedStacks out;
  const auto& files = collected.spaces().files();
  for (const auto& [raw, count] : collected.stacks()) {
    std::string stack = frame_text(collected.comms()[raw.comm]);
    // Root first: the frames are stored leaf first, user after kernel.
    for (auto f = raw.frames.rbegin(); f != raw.frames.rend(); ++f) {
      stack += ';';
      if (f->kind == RawFrame::kKernel) stack += symbols.kernel_frame(f->address);
      else if (f->kind == RawFrame::kUnmapped) stack += "[unknown]";
      else stack += symbols.user_frame(files[f->kind - RawFrame::kFile], f->address);
    }
    out.add(stack, count);
  }
  return out;
}

}  // namespace schedlab::profile
