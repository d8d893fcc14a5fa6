"""A contender: a server process on 127.0.0.1, and wrk to load it.

Shared by the benchmark driver (bench.py) and its sections.
"""
import os
import re
import resource
import statistics
import subprocess
import tempfile
import time

READY = re.compile(r"https?://127\.0\.0\.1:(\d+)")
TICKS = os.sysconf("SC_CLK_TCK")


def median(values):
    return statistics.median(values)


class Server:
    """A server process started from a command line, ready once it prints its URL."""

    def __init__(self, name, command, ready=READY):
        self.name, self.command, self.ready = name, command, ready

    def __enter__(self):
        self.log = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen(self.command, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            self.log.seek(0)
            match = self.ready.search(self.log.read())
            if match:
                self.url = f"http://127.0.0.1:{match.group(1)}"
                return self
            if self.process.poll() is not None:
                break
            time.sleep(0.02)
        self.log.seek(0)
        self.__exit__(None, None, None)
        raise SystemExit(f"error: {self.name} did not start: {' '.join(self.command)}\n{self.log.read()}")

    def __exit__(self, *exc):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()

    def cpu_ticks(self):
        fields = open(f"/proc/{self.process.pid}/stat").read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])  # utime, stime

    def wakeups(self):
        """Context switches so far, voluntary and not, of each thread alive now, by thread id."""
        counts = {}
        for task in os.listdir(f"/proc/{self.process.pid}/task"):
            try:
                with open(f"/proc/{self.process.pid}/task/{task}/status") as status:
                    counts[task] = sum(int(line.split()[1]) for line in status
                                       if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")))
            except FileNotFoundError:
                pass  # a thread that ended meanwhile
        return counts

    def memory(self):
        """VmRSS, VmHWM (peak), RssAnon, RssFile in KiB, and PSS from smaps_rollup."""
        figures = {}
        for line in open(f"/proc/{self.process.pid}/status"):
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM", "RssAnon", "RssFile"):
                figures[key] = int(value.split()[0])
        for line in open(f"/proc/{self.process.pid}/smaps_rollup"):
            if line.startswith("Pss:"):
                figures["Pss"] = int(line.split()[1])
        return figures


def wrk(url, seconds, connections=32, headers=()):
    """wrk with one thread; returns requests, requests/s, the median latency, and
    the CPU wrk itself spent per request (client_us: the load generator's share
    of a machine it shares with the servers)."""
    extra = [argument for header in headers for argument in ("-H", header)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    output = subprocess.run(
        ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency"] + extra + [url],
        capture_output=True, text=True, check=True, timeout=seconds + 30).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    client = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    requests = int(re.search(r"(\d+) requests in", output).group(1))
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    p50 = re.search(r"\s50%\s+(\S+)", output).group(1)
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    errors = re.search(r"Socket errors: (.*)", output)
    if bad or errors:
        raise SystemExit(f"error: {url} answered badly under load:\n{output}")
    return dict(requests=requests, rps=rps, p50=p50, client_us=client * 1e6 / max(requests, 1))


def load(name, command, path, seconds, warmup, ready=READY):
    """Starts a contender, warms it up, then measures requests/s and CPU per request."""
    with Server(name, command, ready) as server:
        url = server.url + path
        wrk(url, warmup)
        before = server.cpu_ticks()
        result = wrk(url, seconds)
        result["cpu_us"] = (server.cpu_ticks() - before) * 1e6 / TICKS / result["requests"]
        result["memory"] = server.memory()
        return result
