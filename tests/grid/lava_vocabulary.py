#!/usr/bin/python3
"""Prints what the installed lava-common accepts in a template's parts.

Usage: lava_vocabulary.py
Three lines: "context NAME...", "deploy NAME...", "boot NAME..." (LAVA's
context variables, and the deploy and boot methods it has a schema for,
with '-' as '_'), sorted; exit 3 when lava_common is not installed (Debian:
lava-common).  Run by tests/integration/lava_vocabulary_test.cpp, which
compares them with src/grid/lava_vocabulary.cpp.
"""
import os
import sys

try:
    import lava_common.schemas as schemas
except ImportError as e:
    print(f"lava_vocabulary: {e} (apt-get install lava-common)", file=sys.stderr)
    sys.exit(3)


def methods(kind):
    folder = os.path.join(os.path.dirname(schemas.__file__), kind)
    return sorted(f[:-3] for f in os.listdir(folder) if f.endswith(".py") and f != "__init__.py")


print("context " + " ".join(sorted(schemas.CONTEXT_VARIABLES)))
print("deploy " + " ".join(methods("deploy")))
print("boot " + " ".join(methods("boot")))
