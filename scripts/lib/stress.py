"""Runs the whole suite again and again beside CPU burners, and counts.

    python3 scripts/lib/stress.py --runs N --burn K [--out DIR] [-- swift test arguments]

Each run is `swift test --skip-build` under testwatch (a hang or a crash is a
failure that names its tests), with K processes spinning on the CPU for the
whole time. The last line is `N passed, M failed`, followed by every failing
test and the runs it failed in. Reports and logs stay in DIR.
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def start_burners(count):
    """K processes that spin on the CPU until killed (nice 0, like any other load)."""
    return [subprocess.Popen(["sh", "-c", "while :; do :; done"], start_new_session=True) for _ in range(count)]


def stop_burners(burners):
    for burner in burners:
        try:
            os.killpg(burner.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        burner.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--burn", type=int, default=2, help="CPU-burning processes beside the suite")
    parser.add_argument("--out", default=".build/stress", help="where each run's log and report go")
    parser.add_argument("--test-limit", type=float, default=None, help="passed to testwatch")
    parser.add_argument("--stall", type=float, default=None, help="passed to testwatch")
    parser.add_argument("rest", nargs=argparse.REMAINDER)
    arguments = parser.parse_args()
    extra = arguments.rest[1:] if arguments.rest[:1] == ["--"] else arguments.rest
    os.makedirs(arguments.out, exist_ok=True)

    watch = [sys.executable, os.path.join(HERE, "testwatch.py")]
    if arguments.test_limit:
        watch += ["--test-limit", str(arguments.test_limit)]
    if arguments.stall:
        watch += ["--stall", str(arguments.stall)]

    burners = start_burners(arguments.burn)
    failures = {}  # test name -> [run numbers]
    passed = failed = 0
    walls = []
    started = time.monotonic()
    try:
        for number in range(1, arguments.runs + 1):
            report = os.path.join(arguments.out, f"run-{number}.json")
            log = os.path.join(arguments.out, f"run-{number}.log")
            with open(log, "w") as out:
                status = subprocess.run(watch + ["--report", report, "--", "swift", "test", "--skip-build"] + extra,
                                        stdout=out, stderr=subprocess.STDOUT).returncode
            try:
                with open(report) as file:
                    result = json.load(file)
            except (OSError, ValueError):
                result = {"failed": [], "seconds": 0, "hang": None, "crashedWhile": []}
            walls.append(result.get("seconds", 0))
            names = list(result.get("failed", []))
            if result.get("hang"):
                names += [f"HANG ({result['hang']}): {name}" for name in result.get("runningAtEnd", [])] or [f"HANG: {result['hang']}"]
            names += [f"CRASH while running: {name}" for name in result.get("crashedWhile", [])]
            if status != 0 and not names:
                names = [f"run exited {status} with no failing test named (see {log})"]
            if status == 0 and not names:
                passed += 1
                print(f"run {number}/{arguments.runs}: passed in {result.get('seconds', 0):.0f} s", flush=True)
            else:
                failed += 1
                print(f"run {number}/{arguments.runs}: FAILED in {result.get('seconds', 0):.0f} s (log: {log})", flush=True)
                for name in names:
                    print(f"  {name}", flush=True)
                    failures.setdefault(name, []).append(number)
    finally:
        stop_burners(burners)

    total = time.monotonic() - started
    print(f"stress: {arguments.runs} runs beside {arguments.burn} burners in {total / 60:.1f} min; "
          f"suite wall time min {min(walls):.0f} s, median {sorted(walls)[len(walls) // 2]:.0f} s, max {max(walls):.0f} s")
    print(f"{passed} passed, {failed} failed")
    for name, runs in sorted(failures.items()):
        print(f"  {name}: run {', '.join(map(str, runs))}")
    sys.exit(0 if failed == 0 else 1)


if __name__ == "__main__":
    main()
