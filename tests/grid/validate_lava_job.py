#!/usr/bin/python3
"""Validates LAVA job definitions with LAVA's own schema (Debian's lava-common).

Usage: validate_lava_job.py JOB.yaml...
Exit 0 when every job is valid (strict, no extra context variables, as the
LAVA server checks a submission); 1 with the error of each invalid one on
stderr; 3 when lava_common is not installed (Debian: lava-common, run with
Debian's /usr/bin/python3).  Run by tests/integration/lava_test.cpp.
"""
import sys

try:
    import yaml
    from lava_common.schemas import validate
except ImportError as e:
    print(f"validate_lava_job: {e} (apt-get install lava-common python3-yaml)", file=sys.stderr)
    sys.exit(3)


def main():
    status = 0
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as f:
            job = yaml.safe_load(f)
        try:
            validate(job, strict=True, extra_context_variables=[])
        except Exception as e:  # voluptuous.Invalid and its kin
            print(f"{path}: {e}", file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
