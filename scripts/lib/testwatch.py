"""Runs `swift test` under a watch: a hang or a crash is a failure that says where.

    python3 scripts/lib/testwatch.py [--test-limit S] [--stall S] [--report FILE] -- swift test ARGS...

The command gets `--event-stream-output-path` added, and the watch follows
Swift Testing's event stream while passing the command's output through:

- a test function (or one case of a parameterized test) still running
  --test-limit seconds after it took one of the run's slots (see `Run`), or a
  run with no event and no output for --stall seconds, is a hang: the watch prints the tests still running and how long
  each has run, writes every thread's backtrace (gdb, when installed) to a
  file beside the report, ends the whole process group and exits 3;
- a test process that dies (a signal, an abort) is named with the tests that
  were running when it did;
- the report (JSON) lists the failing tests, for scripts/stress.

The command runs at most four tests per core at a time (WIDTH_VARIABLE,
unless the environment sets it).

Exit status: the command's own, or 3 for a hang.
"""
import argparse
import json
import os
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HANG_STATUS = 3

# Swift Testing starts every test at once by default: about 1,500 test cases
# queue on a cooperative pool of one thread per core, and a continuation a
# server resumed waits behind all of them. Measured on 2 cores: a task waited
# 53-59 s for a thread at the start of the run, past every time limit a test
# sets (5 s waits, URLSession's 35 s and 60 s timeouts). At four tests per
# core the longest wait was 0.34 s, and the suite finished sooner.
WIDTH_VARIABLE = "SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH"


def parallel_width():
    """How many tests run at a time: four per core."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return 4 * cores


class Run:
    """What the event stream has said so far.

    Under a width limit Swift Testing announces every test function at
    once and starts its body when a slot frees: `testStarted` of a function
    that is not parameterized comes long before it runs, while a
    parameterized test's cases are announced as they start. So the cases
    announced hold slots, the oldest unfinished functions hold the others,
    and a test's clock starts when it first holds one; a test that hangs
    holding a slot is overdue after the limit, however long it queued first.
    """

    def __init__(self, width):
        self.width = width
        self.parameterized = set()  # IDs of parameterized test functions (their cases hold the slots)
        self.unfinished = {}     # slot holder key -> display name, oldest first
        self.clock = {}          # slot holder key -> monotonic time it took a slot
        self.failed = {}         # test ID -> first failure message
        self.ended_run = False
        self.summary = ""
        self.last_progress = time.monotonic()

    def take(self, event):
        if event.get("kind") == "test":
            test = event.get("payload", {})
            if test.get("isParameterized"):
                self.parameterized.add(test.get("id"))
            return
        payload = event.get("payload", {})
        kind = payload.get("kind")
        test = payload.get("testID", "")
        messages = payload.get("messages") or [{}]
        self.last_progress = time.monotonic()
        if kind in ("testStarted", "testCaseStarted"):
            if kind == "testStarted" and ("/" not in test or test in self.parameterized):
                return  # a suite, or a function whose cases hold the slots
            key = (test, kind == "testCaseStarted" and payload.get("_testCase", {}).get("id"))
            name = test
            if kind == "testCaseStarted":
                name += " [" + payload.get("_testCase", {}).get("displayName", "")[:120] + "]"
            self.unfinished[key] = name
        elif kind in ("testEnded", "testCaseEnded"):
            key = (test, kind == "testCaseEnded" and payload.get("_testCase", {}).get("id"))
            self.unfinished.pop(key, None)
            self.clock.pop(key, None)
            if kind == "testEnded" and messages[0].get("symbol") == "fail":
                self.failed.setdefault(test, messages[0].get("text", ""))
        elif kind == "issueRecorded":
            if not payload.get("issue", {}).get("isKnown", False) and test:
                details = " ".join(m.get("text", "") for m in messages[1:])[:400]
                self.failed.setdefault(test, details or messages[0].get("text", ""))
        elif kind == "runEnded":
            self.ended_run = True
            self.summary = messages[0].get("text", "")
        now = time.monotonic()
        cases = [key for key in self.unfinished if key[1]]
        functions = [key for key in self.unfinished if not key[1]]
        for key in cases + functions[:max(0, self.width - len(cases))]:
            self.clock.setdefault(key, now)

    def running(self):
        """(name, seconds since it took a slot) of each test holding one, longest first."""
        now = time.monotonic()
        return sorted(((self.unfinished[key], now - since) for key, since in self.clock.items()), key=lambda item: -item[1])

    def overdue(self, limit):
        return [(name, seconds) for name, seconds in self.running() if seconds > limit]

    def queued(self):
        return len(self.unfinished) - len(self.clock)


class Audit:
    """What the output says beside the event stream: the test processes' own
    audit lines (Tests/ProcessAudit), one report per process, and the XCTest
    cases that failed (XCTest writes no event stream)."""

    def __init__(self):
        self.pending = b""
        self.lines = []
        self.failed = False
        self.inside = False
        self.xctest_failures = []

    def take(self, chunk):
        self.pending += chunk
        *lines, self.pending = self.pending.split(b"\n")
        for raw in lines:
            line = raw.decode("utf-8", "replace")
            if line.startswith("Test Case '") and "' failed (" in line:
                self.xctest_failures.append(line.split("'")[1])
            if line.startswith("process audit:"):
                self.inside = True
                self.failed = self.failed or "FAILED" in line
                self.lines.append(line)
            elif self.inside and line.startswith("  "):
                self.lines.append(line)
            else:
                self.inside = False


def test_process(root_pid):
    """The test binary under `swift test` (the newest descendant whose name ends in .xctest)."""
    found = None
    try:
        children = subprocess.run(["ps", "-o", "pid=,args=", "--ppid", str(root_pid)],
                                  capture_output=True, text=True).stdout.splitlines()
    except OSError:
        return None
    for line in children:
        pid, _, args = line.strip().partition(" ")
        if ".xctest" in args or "PackageTests" in args:
            found = int(pid)
        deeper = test_process(int(pid))
        if deeper:
            found = deeper
    return found


def backtraces(pid, path):
    """Every thread's backtrace of `pid`, written to `path`; returns a short note."""
    if not pid:
        return "no test process found to take backtraces from"
    gdb = shutil.which("gdb")
    if not gdb:
        return "gdb is not installed: no backtraces"
    try:
        result = subprocess.run([gdb, "-p", str(pid), "-batch", "-nx", "-ex", "set pagination off",
                                 "-ex", "thread apply all bt 40"], capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"gdb failed: {error}"
    with open(path, "w") as out:
        out.write(result.stdout)
        out.write(result.stderr)
    threads = result.stdout.count("\nThread ")
    return f"backtraces of {threads} threads of process {pid}: {path}"


def end_group(process):
    """SIGTERM to the command's process group, SIGKILL to whatever of it is left 5 s later.

    The group outlives `swift test` itself when the test binary it started
    does not end on SIGTERM, so the group is waited for, not the command.
    """
    group = process.pid
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(group, sig)
        except ProcessLookupError:
            break
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            process.poll()
            try:
                os.killpg(group, 0)
            except ProcessLookupError:
                break
            time.sleep(0.1)
    process.wait()


def watch(command, test_limit, stall, report_path, say):
    started = time.monotonic()
    events = tempfile.NamedTemporaryFile(prefix="understudy-events-", suffix=".jsonl", delete=False)
    events.close()
    command = command + ["--event-stream-output-path", events.name, "--event-stream-version", "0"]
    # The test process audits itself at exit (Tests/ProcessAudit): a server,
    # child, pipe, file or blocking wait a test left behind fails the run.
    environment = dict(os.environ, UNDERSTUDY_PROCESS_AUDIT="1")
    environment.setdefault(WIDTH_VARIABLE, str(parallel_width()))
    width = int(environment[WIDTH_VARIABLE])
    say(f"testwatch: at most {width} tests at a time ({WIDTH_VARIABLE})")
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
                               env=environment)
    audit = Audit()
    run = Run(width)
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    stream = open(events.name, "rb")
    pending = b""
    hang = None
    output_open = True
    while True:
        if output_open:
            for _ in selector.select(timeout=0.5):
                chunk = os.read(process.stdout.fileno(), 65536)
                if not chunk:
                    output_open = False
                    selector.unregister(process.stdout)
                    break
                sys.stdout.buffer.write(chunk)
                sys.stdout.buffer.flush()
                audit.take(chunk)
                run.last_progress = time.monotonic()
        else:
            time.sleep(0.2)
        pending += stream.read()
        *lines, pending = pending.split(b"\n")
        for line in lines:
            try:
                run.take(json.loads(line))
            except ValueError:
                pass
        if process.poll() is not None and not output_open:
            break
        overdue = run.overdue(test_limit)
        quiet = time.monotonic() - run.last_progress
        if overdue:
            hang = f"{len(overdue)} test(s) ran longer than the {test_limit:.0f} s limit"
        elif quiet > stall:
            hang = f"no test event and no output for {quiet:.0f} s"
        if hang:
            break

    status = process.poll()
    crashed_while = []
    if hang:
        say(f"\ntestwatch: HANG: {hang}. Still running ({run.queued()} more waiting for a slot):")
        for name, seconds in run.running():
            say(f"  {seconds:7.1f} s  {name}")
        trace_path = (report_path or events.name) + ".backtraces.txt"
        say("testwatch: " + backtraces(test_process(process.pid), trace_path))
        end_group(process)
        status = HANG_STATUS
    elif status != 0 and not run.ended_run and run.running:
        crashed_while = [name for name, _ in run.running()]
        say(f"\ntestwatch: the test process ended (status {status}) before the run did, while these tests ran:")
        for name in crashed_while:
            say(f"  {name}")
    if audit.failed:
        run.failed.setdefault("process audit", "the test process left resources behind (see its 'process audit' lines)")
    for name in audit.xctest_failures:
        run.failed.setdefault(name, "an XCTest case failed (see the output)")
    for name, message in sorted(run.failed.items()):
        say(f"testwatch: failed: {name}: {message.splitlines()[0] if message else ''}")
    elapsed = time.monotonic() - started
    if report_path:
        with open(report_path, "w") as out:
            json.dump({
                "status": status, "seconds": round(elapsed, 1), "hang": hang,
                "failed": sorted(run.failed), "runningAtEnd": [name for name, _ in run.running()],
                "crashedWhile": crashed_while, "summary": run.summary, "audit": audit.lines,
            }, out, indent=1)
    stream.close()
    os.unlink(events.name)
    return status


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--test-limit", type=float,
                        default=float(os.environ.get("UNDERSTUDY_TEST_TIME_LIMIT", "300")),
                        help="seconds one test (or one case) may run (default 300, or UNDERSTUDY_TEST_TIME_LIMIT)")
    parser.add_argument("--stall", type=float, default=float(os.environ.get("UNDERSTUDY_TEST_STALL", "300")),
                        help="seconds without any event or output that count as a hang (default 300)")
    parser.add_argument("--report", help="write a JSON report here")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    arguments = parser.parse_args()
    command = arguments.command[1:] if arguments.command[:1] == ["--"] else arguments.command
    if not command:
        parser.error("no command given")

    def say(text):
        print(text, flush=True)

    status = watch(command, arguments.test_limit, arguments.stall, arguments.report, say)
    sys.exit(status if status >= 0 else 128 - status)


if __name__ == "__main__":
    main()
