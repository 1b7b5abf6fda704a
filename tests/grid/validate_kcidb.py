#!/usr/bin/python3
"""Validates KCIDB documents against KCIDB's JSON schema with python3-jsonschema.

Usage: validate_kcidb.py SCHEMA.json DOC.json...
Exit 0 when every document is valid; 1 with the first error of each invalid
one on stderr; 3 when jsonschema is not installed (Debian: python3-jsonschema).
Run by tests/integration/kcidb_test.cpp with Debian's /usr/bin/python3.
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("validate_kcidb: no jsonschema module (apt-get install python3-jsonschema)", file=sys.stderr)
    sys.exit(3)


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    validator = jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker())
    status = 0
    for path in sys.argv[2:]:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
        for error in errors[:1]:
            where = "/".join(str(p) for p in error.absolute_path) or "(document)"
            print(f"{path}: {where}: {error.message}", file=sys.stderr)
        if errors:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
