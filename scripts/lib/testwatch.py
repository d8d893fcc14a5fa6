"""Runs `swift test` under a watch: a hang or a crash is a failure that says where.

    python3 scripts/lib/testwatch.py [--test-limit S] [--stall S] [--report FILE] -- swift test ARGS...

The command gets `--event-stream-output-path` added, and the watch follows
Swift Testing's event stream while passing the command's output through:

- a test function (or one case of a parameterized test) still running after
  --test-limit seconds, or a run with no event and no output for --stall
  seconds, is a hang: the watch prints the tests still running and how long
  each has run, writes every thread's backtrace (gdb, when installed) to a
  file beside the report, ends the whole process group and exits 3;
- a test process that dies (a signal, an abort) is named with the tests that
  were running when it did;
- the report (JSON) lists the failing tests, for scripts/stress.

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


class Run:
    """What the event stream has said so far."""

    def __init__(self):
        self.running = {}        # test or case key -> (display name, monotonic start)
        self.failed = {}         # test ID -> first failure message
        self.ended_run = False
        self.summary = ""
        self.last_progress = time.monotonic()

    def take(self, event):
        payload = event.get("payload", {})
        kind = payload.get("kind")
        test = payload.get("testID", "")
        messages = payload.get("messages") or [{}]
        self.last_progress = time.monotonic()
        if kind in ("testStarted", "testCaseStarted"):
            if kind == "testStarted" and "/" not in test:
                return  # a suite: its time is its slowest test's
            key = (test, kind == "testCaseStarted" and payload.get("_testCase", {}).get("id"))
            name = test
            if kind == "testCaseStarted":
                name += " [" + payload.get("_testCase", {}).get("displayName", "")[:120] + "]"
            self.running[key] = (name, time.monotonic())
        elif kind in ("testEnded", "testCaseEnded"):
            key = (test, kind == "testCaseEnded" and payload.get("_testCase", {}).get("id"))
            self.running.pop(key, None)
            if kind == "testEnded" and messages[0].get("symbol") == "fail":
                self.failed.setdefault(test, messages[0].get("text", ""))
        elif kind == "issueRecorded":
            if not payload.get("issue", {}).get("isKnown", False) and test:
                details = " ".join(m.get("text", "") for m in messages[1:])[:400]
                self.failed.setdefault(test, details or messages[0].get("text", ""))
        elif kind == "runEnded":
            self.ended_run = True
            self.summary = messages[0].get("text", "")

    def overdue(self, limit):
        now = time.monotonic()
        return [(name, now - since) for name, since in self.running.values() if now - since > limit]

    def still_running(self):
        now = time.monotonic()
        return sorted(((name, now - since) for name, since in self.running.values()), key=lambda item: -item[1])


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
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
                               env=environment)
    audit = Audit()
    run = Run()
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
        say(f"\ntestwatch: HANG: {hang}. Still running:")
        for name, seconds in run.still_running():
            say(f"  {seconds:7.1f} s  {name}")
        trace_path = (report_path or events.name) + ".backtraces.txt"
        say("testwatch: " + backtraces(test_process(process.pid), trace_path))
        end_group(process)
        status = HANG_STATUS
    elif status != 0 and not run.ended_run and run.running:
        crashed_while = [name for name, _ in run.still_running()]
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
                "failed": sorted(run.failed), "runningAtEnd": [name for name, _ in run.still_running()],
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
