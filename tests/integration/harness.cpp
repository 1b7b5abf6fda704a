#include "integration/harness.h"
