"""Validates HAR files against the public HAR 1.2 JSON Schema.

The schema is ahmadnassri/har-schema (npm `har-schema` 2.0.0), which Debian
ships as `node-har-schema` in /usr/share/nodejs/har-schema/lib: one draft-06
file per HAR object, each with a relative `$id` such as `entry.json#`.

Usage: har_schema.py [--schemas DIR] FILE...
Prints `valid FILE (N entries)` per file, or each problem as
`FILE: /json/pointer: message`; exits 1 when any file is invalid.

A format checker is required: the schema's `serverIPAddress` is
`oneOf [{format: ipv4}, {format: ipv6}]`, which every address fails
without one ("valid under each of").
"""
import json
import pathlib
import sys

from jsonschema import Draft6Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT6


def registry(folder):
    resources = []
    for path in sorted(folder.glob("*.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        resources.append((contents["$id"].rstrip("#"), Resource(contents, specification=DRAFT6)))
        resources.append((contents["$id"], Resource(contents, specification=DRAFT6)))
    if not resources:
        sys.exit(f"no schema files in {folder}")
    return Registry().with_resources(resources)


def pointer(path):
    return "/" + "/".join(str(part) for part in path)


def main(arguments):
    folder = pathlib.Path("/usr/share/nodejs/har-schema/lib")
    if arguments[:1] == ["--schemas"]:
        folder, arguments = pathlib.Path(arguments[1]), arguments[2:]
    schemas = registry(folder)
    top = json.loads((folder / "har.json").read_text(encoding="utf-8"))
    validator = Draft6Validator(top, registry=schemas, format_checker=Draft6Validator.FORMAT_CHECKER)
    failed = False
    for name in arguments:
        document = json.loads(pathlib.Path(name).read_text(encoding="utf-8-sig"))
        problems = sorted(validator.iter_errors(document), key=lambda error: list(error.absolute_path))
        if problems:
            failed = True
            for problem in problems:
                print(f"{name}: {pointer(problem.absolute_path)}: {problem.message}")
        else:
            print(f"valid {name} ({len(document['log']['entries'])} entries)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
