// schedlab: the thin entry point; everything lives in schedlab_core.
#include "cli/run_app.h"

int main(int argc, char** argv) { return schedlab::run_app(argc, argv); }
