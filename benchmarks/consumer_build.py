"""What a user waits for before the first test runs: a package of their own
whose test target depends on Understudy's `StubTesting`, built from clean in
debug (as `swift test` builds it), and rebuilt after one test file changes.

Side by side in one run: the same package with no dependency (the floor:
Swift Testing and the package itself), and, with --hummingbird, one whose
tests depend on HummingbirdTesting, the server a user would otherwise
hand-roll for tests. Dependencies are resolved before the clock starts, so
no figure counts fetching. For ours, each compiler job is timed through a
`swift-frontend` wrapper (`SWIFT_DRIVER_SWIFT_FRONTEND_EXEC`), and the
modules on the way to the test target are listed with when each ran."""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

TEST_SOURCE = """import Testing
{imports}

@Test func {name}() async throws {{
    {use}
    #expect(Bool(true))
}}
"""

CONTENDERS = {
    "floor": dict(dependencies="", products="", imports="", use="_ = 0"),
    "understudy": dict(
        dependencies='.package(path: "{root}")',
        products='.product(name: "StubTesting", package: "{package}"), .product(name: "StubServer", package: "{package}")',
        imports="import StubServer\nimport StubTesting",
        use="_ = StubServer.Configuration.default"),
    "hummingbird": dict(
        dependencies='.package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1")',
        products='.product(name: "Hummingbird", package: "hummingbird"), .product(name: "HummingbirdTesting", package: "hummingbird")',
        imports="import Hummingbird\nimport HummingbirdTesting",
        use="_ = Router()"),
}

WRAPPER = """#!/bin/sh
start=$(date +%s.%N)
"{frontend}" "$@"
status=$?
module=""
previous=""
for argument in "$@"; do
    [ "$previous" = "-module-name" ] && module="$argument"
    previous="$argument"
done
echo "$start $(date +%s.%N) $module" >> "{log}"
exit $status
"""


def write_package(folder, kind, root):
    spec = CONTENDERS[kind]
    package = os.path.basename(os.path.normpath(root)).lower()
    os.makedirs(os.path.join(folder, "Sources", "App"))
    os.makedirs(os.path.join(folder, "Tests", "AppTests"))
    with open(os.path.join(folder, "Package.swift"), "w") as file:
        file.write(f"""// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v15)],
    dependencies: [{spec["dependencies"].format(root=root)}],
    targets: [
        .target(name: "App"),
        .testTarget(name: "AppTests", dependencies: ["App", {spec["products"].format(package=package)}]),
    ]
)
""")
    with open(os.path.join(folder, "Sources", "App", "App.swift"), "w") as file:
        file.write('public func greeting() -> String { "hello" }\n')
    write_test(folder, kind, "passes")


def write_test(folder, kind, name):
    spec = CONTENDERS[kind]
    with open(os.path.join(folder, "Tests", "AppTests", "AppTests.swift"), "w") as file:
        file.write(TEST_SOURCE.format(imports=spec["imports"], name=name, use=spec["use"]))


def timed_build(folder, environment=None):
    started = time.monotonic()
    built = subprocess.run(["swift", "build", "--build-tests"], cwd=folder, env=environment, capture_output=True, text=True)
    if built.returncode != 0:
        raise SystemExit(f"error: the consumer package in {folder} did not build:\n{built.stdout[-4000:]}{built.stderr[-2000:]}")
    return time.monotonic() - started


def frontend():
    """The real `swift-frontend`, or None: on PATH on Linux, through xcrun on macOS."""
    found = shutil.which("swift-frontend")
    if not found and shutil.which("xcrun"):
        found = subprocess.run(["xcrun", "--find", "swift-frontend"], capture_output=True, text=True).stdout.strip() or None
    if not found and shutil.which("swift"):
        beside = os.path.join(os.path.dirname(os.path.realpath(shutil.which("swift"))), "swift-frontend")
        found = beside if os.path.exists(beside) else None
    return os.path.realpath(found) if found else None


def measure_one(kind, root, workdir):
    folder = os.path.join(workdir, f"consumer-{kind}")
    write_package(folder, kind, root)
    subprocess.run(["swift", "package", "resolve"], cwd=folder, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    environment, log = None, None
    if kind == "understudy" and frontend():
        log = os.path.join(workdir, "frontend-jobs.log")
        wrapper = os.path.join(workdir, "frontend-wrapper.sh")
        with open(wrapper, "w") as file:
            file.write(WRAPPER.format(frontend=frontend(), log=log))
        os.chmod(wrapper, 0o755)
        environment = dict(os.environ, SWIFT_DRIVER_SWIFT_FRONTEND_EXEC=wrapper)
    clean = timed_build(folder, environment)
    # The first rebuild also builds the package plugins' tools once (swift-argument-parser's, ours); the
    # median of three edits is what each edit costs after that.
    edits = []
    for edit in range(3):
        write_test(folder, kind, f"passesAfterEdit{edit}")
        edits.append(timed_build(folder))
    return dict(clean=clean, edited=sorted(edits)[1], edits=edits, modules=modules(log) if log else None)


def modules(log):
    jobs = []
    with open(log) as file:
        for line in file:
            parts = line.split()
            if len(parts) == 3:
                jobs.append((float(parts[0]), float(parts[1]), parts[2]))
    origin = min(start for start, _, _ in jobs)
    spans = {}
    for start, end, module in jobs:
        first, last, busy = spans.get(module, (start, end, 0.0))
        spans[module] = (min(first, start), max(last, end), busy + end - start)
    return sorted(((module, first - origin, last - origin, busy) for module, (first, last, busy) in spans.items()),
                  key=lambda row: row[1])


def measure(root, hummingbird=False):
    workdir = tempfile.mkdtemp(prefix="understudy-consumer-")
    try:
        kinds = ["floor", "understudy"] + (["hummingbird"] if hummingbird else [])
        return {kind: measure_one(kind, os.path.abspath(root), workdir) for kind in kinds}
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def print_report(report):
    floor, ours = report["floor"], report["understudy"]
    line = (f"a user's test target on StubTesting, debug, `swift build --build-tests`: from clean {ours['clean']:.1f} s "
            f"(a package with no dependency {floor['clean']:.1f} s")
    if "hummingbird" in report:
        other = report["hummingbird"]
        line += (f"; on HummingbirdTesting 2.28.1 {other['clean']:.1f} s, ours {ours['clean'] / other['clean']:.2f}x of it")
    line += (f"); after one test file changes {ours['edited']:.2f} s, median of 3 edits (no dependency {floor['edited']:.2f} s"
             + (f", HummingbirdTesting {report['hummingbird']['edited']:.2f} s" if "hummingbird" in report else "") + ")")
    print(line)
    if not ours["modules"]:
        return print("  (no swift-frontend found to time the compiler's jobs by module)")
    slow = [row for row in ours["modules"] if row[3] >= 1.0]  # summed wall time of its jobs, over 1 s
    print("  compiler jobs by module, ours from clean (s from the first job: first start-last end, summed job time): "
          + "; ".join(f"{module} {first:.0f}-{last:.0f} ({busy:.1f})" for module, first, last, busy in slow))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", default=".", help="the Understudy package")
    parser.add_argument("--hummingbird", action="store_true", help="also build a test target on HummingbirdTesting 2.28.1")
    options = parser.parse_args()
    print_report(measure(options.root, options.hummingbird))


if __name__ == "__main__":
    sys.exit(main())
