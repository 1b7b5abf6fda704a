#!/usr/bin/env python3
"""Every C++ target compiles as one unity batch.

How the files of a target are batched depends on the machine (one batch per
CPU without a compiler cache, 16 files with one: cmake/build_speed.cmake),
so a clash between two files' private names, or a file that leans on an
include of the file before it, could break the build on a machine that
batches differently.  Compiling all of a target's files as one translation
unit, in the build's order, with the flags of one of its batches, checks
every pairing at once (syntax only: the clashes are found by the front end).

    one_batch.py BUILD_DIR TARGET...
"""
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile


def batches_of(commands, target):
    """The unity batch files of TARGET that the build compiles, in order."""
    pattern = re.compile(r".*/" + re.escape(target) + r"\.dir/Unity/unity_(\d+)_cxx\.cxx")
    found = [(int(m.group(1)), c["file"]) for c in commands if (m := pattern.fullmatch(c["file"]))]
    return [f for _, f in sorted(found)]


def check(build_dir, target, commands):
    batches = batches_of(commands, target)
    if not batches:
        print(f"{target}: no unity batches in {build_dir}/compile_commands.json (SCHEDLAB_UNITY=OFF?)")
        return False
    command = next((c for c in commands if c["file"] == batches[0]), None)
    if command is None:
        print(f"{target}: {batches[0]} is not in compile_commands.json")
        return False
    includes = []
    for batch in batches:
        with open(batch) as f:
            includes += [line for line in f if line.startswith("#include")]
    with tempfile.NamedTemporaryFile("w", suffix=".cxx", delete=False) as one:
        one.write("".join(includes))
    args = shlex.split(command["command"]) if "command" in command else command["arguments"]
    out = []
    skip = False
    for a in args:  # the batch's flags, without its source, object and dependency files
        if skip:
            skip = False
        elif a in ("-o", "-MF", "-MT", "-MQ", "-c"):
            skip = a != "-c"
        elif a == batches[0] or a in ("-MD", "-MMD"):
            continue
        else:
            out.append(a)
    result = subprocess.run(out + ["-fsyntax-only", one.name], cwd=command["directory"],
                            capture_output=True, text=True)
    os.unlink(one.name)
    if result.returncode != 0:
        print(f"{target}: its {len(includes)} files do not compile as one batch:")
        print(result.stderr[-8000:])
        return False
    print(f"{target}: {len(includes)} files compile as one batch")
    return True


def main():
    build_dir, targets = os.path.abspath(sys.argv[1]), sys.argv[2:]
    with open(os.path.join(build_dir, "compile_commands.json")) as f:
        commands = json.load(f)
    ok = all([check(build_dir, t, commands) for t in targets])
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
