#!/usr/bin/env python3
"""Makes internal the imports of the generated files that need not be public.

swift-openapi-generator 1.14.3 gives every file the same four public imports
and silences the ones a file's public declarations do not use with
`@diagnose`, which needs Swift 6.4. Until then each is a warning, and the
example builds with warnings as errors (the same flags as Understudy's own
build, so the two share their compiled modules). This builds the generated
target, reads which `public import` lines the compiler reports, and makes
each `internal` (dropping its `#if compiler(>=6.4)` block), until the build
reports none. Usage: internal-imports.py PACKAGE_DIR
"""
import re
import subprocess
import sys
from pathlib import Path

UNUSED = re.compile(r"^(/[^:]+\.swift):(\d+):\d+: (?:error|warning): public import of '[^']+' was not used in public declarations or inlinable code$")


def imports_to_make_internal(package: Path) -> dict[Path, set[int]]:
    run = subprocess.run(["swift", "build", "--package-path", str(package), "--target", "BookshelfClient",
                          "-Xswiftc", "-warnings-as-errors"], capture_output=True, text=True)
    found: dict[Path, set[int]] = {}
    for line in (run.stdout + run.stderr).splitlines():
        match = UNUSED.match(line)
        if match:
            found.setdefault(Path(match.group(1)), set()).add(int(match.group(2)))
    if not found and run.returncode != 0:
        sys.exit(f"internal-imports: the build failed for another reason:\n{run.stdout}{run.stderr}")
    return found


def make_internal(path: Path, numbers: set[int]) -> None:
    lines = path.read_text().split("\n")
    doomed = set()
    for number in numbers:
        index = number - 1
        if "public import " not in lines[index]:
            sys.exit(f"internal-imports: {path}:{number} is not a public import: {lines[index]!r}")
        lines[index] = lines[index].replace("public import ", "internal import ", 1)
        # The generator's `#if compiler(>=6.4) @diagnose(...) #endif` above it.
        if index >= 3 and lines[index - 3].startswith("#if compiler(>=6.4)") and lines[index - 1] == "#endif":
            doomed.update({index - 3, index - 2, index - 1})
    path.write_text("\n".join(line for i, line in enumerate(lines) if i not in doomed))


def main() -> None:
    package = Path(sys.argv[1]).resolve()
    for _ in range(5):
        found = imports_to_make_internal(package)
        if not found:
            return
        for path, numbers in sorted(found.items()):
            make_internal(path, numbers)
            print(f"{path.name}: {len(numbers)} import(s) made internal")
    sys.exit("internal-imports: still reported after 5 rounds")


if __name__ == "__main__":
    main()
