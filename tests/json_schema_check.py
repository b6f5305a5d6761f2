#!/usr/bin/env python3
"""json_schema_check.py SCHEMA FILE...: checks each mapsheet JSON file the
way an importer in another language would see it: the bytes are UTF-8, the
text is strict JSON (no control characters left raw in strings, no repeated
keys, no NaN), and the document validates against SCHEMA (a JSON Schema,
draft 2020-12, checked itself first). Prints one line per problem as
FILE: PLACE: MESSAGE and exits 1 if there is any, 2 when it cannot run."""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("json_schema_check.py: the jsonschema module is missing (Debian: python3-jsonschema; make deps)")
    sys.exit(2)


def no_repeats(pairs):
    keys = [k for k, _ in pairs]
    for k in keys:
        if keys.count(k) > 1:
            raise ValueError(f"key {k!r} appears twice in one object")
    return dict(pairs)


def no_constant(name):
    raise ValueError(f"{name} is not JSON")


def place(path):
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path) or "(top)"


def check_file(path, validator, problems):
    with open(path, "rb") as f:
        raw = f.read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        problems.append(f"{path}: byte {e.start}: not UTF-8 ({e.reason})")
        return
    try:
        doc = json.loads(text, object_pairs_hook=no_repeats, parse_constant=no_constant)
    except ValueError as e:
        problems.append(f"{path}: not JSON: {e}")
        return
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
    for e in errors[:20]:
        problems.append(f"{path}: {place(e.absolute_path)}: {e.message}")


def main():
    if len(sys.argv) < 3:
        print("usage: json_schema_check.py SCHEMA FILE...")
        return 2
    with open(sys.argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    problems = []
    for path in sys.argv[2:]:
        check_file(path, validator, problems)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
