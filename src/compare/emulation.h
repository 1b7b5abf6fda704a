#pragma once
#include "compare/comparison.h"

namespace schedlab {

// Figures measured in an emulated machine (QEMU's TCG: `schedlab kernels`
// where KVM does not run guests) describe the emulator, not the kernel.
// Unless --force, a comparison in which any set is emulated marks no
// difference: every test becomes unavailable, saying why, and one note says
// which sets were emulated.  With --force the marks stay and the note says
// what they are worth.
void withhold_emulated_marks(Comparison& comparison);

}  // namespace schedlab
