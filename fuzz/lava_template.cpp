// A lab's LAVA job template (`lava job --template FILE`) as read after the
// file: input::load_yaml_document counts the nodes its aliases expand to
// before yaml-cpp builds them (issue 30: a 1 KB alias bomb took 3 GB), then
// parse_template checks keys and placeholders, and instantiate() fills the
// placeholders in as job_yaml does.  Its documented refusal is UsageError
// naming --template; anything else escaping is a finding.
#include "fuzz_support.h"
#include "grid/lava_template.h"

using namespace schedlab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::accepted([&] {
    const grid::LavaTemplate t = grid::template_text(std::string(fuzz::as_text(data, size)), "fuzz.yaml");
    const grid::TemplateValues values{"http://lab/bzImage", "http://lab/r.cpio.gz", "good"};
    (void)grid::instantiate(t.deploy, values);
    (void)grid::instantiate(t.boot, values);
  });
  return 0;
}
