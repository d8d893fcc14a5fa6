"""WireMock, the peer users know, as a contender in scripts/bench (issue 26).

Both WireMock 2.35.1 (the real jar, Java 17) and `understudy serve` load the
same WireMock root folder, written here from one list shaped like the bench's
StubServer stubs: 99 filler mappings (half `url`, half `urlPathPattern`) and
`GET /fixed` answering the 1,473-byte body file. Journals: ours on (the
default, the last 100,000 requests); WireMock's in its default state, on
and unbounded (the target's contender), and off (`--no-request-journal`,
for reference). Both get the same wrk warm-up (the JVM's JIT needs it; ours
does not) before the measured run.
"""
import json
import os
import re
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request

from contenders import Server

WIREMOCK_READY = re.compile(r"port:\s+(\d+)")


def write_root(folder, body_file, count=100):
    """A WireMock root with `count` mappings; GET /fixed answers `body_file` by bodyFileName."""
    os.makedirs(os.path.join(folder, "mappings"), exist_ok=True)
    os.makedirs(os.path.join(folder, "__files"), exist_ok=True)
    shutil.copyfile(body_file, os.path.join(folder, "__files", "body.json"))
    json_type = {"Content-Type": "application/json"}
    mappings = []
    for index in range(count - 1):
        if index % 2 == 0:
            mappings.append({"request": {"method": "GET", "url": f"/filler/{index}"},
                             "response": {"status": 200, "headers": json_type, "jsonBody": {"filler": index}}})
        else:
            mappings.append({"request": {"method": "GET", "urlPathPattern": f"/resource-{index}/[0-9]+"},
                             "response": {"status": 200, "headers": json_type, "jsonBody": {"resource": index}}})
    mappings.insert(len(mappings) // 2, {"request": {"method": "GET", "url": "/fixed"},
                                         "response": {"status": 200, "headers": json_type, "bodyFileName": "body.json"}})
    with open(os.path.join(folder, "mappings", "bench.json"), "w") as file:
        json.dump({"mappings": mappings}, file, indent=1)
    return folder


def commands(jar, understudy, root, port="0"):
    """The two contenders' command lines on the same root."""
    return {
        "wiremock": ["java", "-jar", jar, "--port", port, "--bind-address", "127.0.0.1", "--root-dir", root,
                     "--disable-banner"],
        "wiremock-no-journal": ["java", "-jar", jar, "--port", port, "--bind-address", "127.0.0.1", "--root-dir", root,
                                "--disable-banner", "--no-request-journal"],
        "understudy-wiremock": [understudy, "serve", root, "--port", port, "--quiet"],
    }


def order(number):
    """The two contenders in the order of round `number`: reversed every other round."""
    return ["wiremock", "understudy-wiremock"] if number % 2 == 0 else ["understudy-wiremock", "wiremock"]


def server(name, command):
    """`command` started as contender `name` (WireMock is ready when it prints its port)."""
    return Server(name, command, WIREMOCK_READY) if name == "wiremock" else Server(name, command)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def first_answer(command_for_port, path):
    """Seconds from starting the process to the first 200 on `path` (polled every millisecond)."""
    port = free_port()
    started = time.monotonic()
    process = subprocess.Popen(command_for_port(str(port)), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while time.monotonic() - started < 60:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as response:
                    if response.status == 200:
                        return time.monotonic() - started
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            if process.poll() is not None:
                raise SystemExit(f"error: {command_for_port(str(port))[0]} exited before answering")
            time.sleep(0.001)  # measuring, not synchronising: the poll interval bounds the resolution
        raise SystemExit("error: no answer within 60 s")
    finally:
        process.terminate()
        process.wait(timeout=30)


def first_answers(jar, understudy, root, rounds):
    """First-answer times of both contenders, alternating, `rounds` each."""
    results = []
    for number in range(rounds):
        order = ["wiremock", "understudy-wiremock"] if number % 2 == 0 else ["understudy-wiremock", "wiremock"]
        results.append({name: first_answer(lambda port, name=name: commands(jar, understudy, root, port)[name], "/fixed")
                        for name in order})
    return results


def start_costs(understudy, root, count=20):
    """Where `understudy serve`'s first answer goes: medians of `count` runs of
    `understudy --version` (the process's start and argument parsing) and of
    `understudy lint ROOT` (that, plus reading and checking the mappings)."""
    def timed(arguments):
        times = []
        for _ in range(count):
            started = time.monotonic()
            subprocess.run([understudy] + arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            times.append(time.monotonic() - started)
        return sorted(times)[len(times) // 2]
    return dict(version=timed(["--version"]), lint=timed(["lint", root]))


def describe_start(costs):
    return (f"of which `understudy --version` (process start, argument parsing) {costs['version'] * 1000:.1f} ms, "
            f"`understudy lint` of the same root {costs['lint'] * 1000:.1f} ms (medians)")


def print_report(rounds, starts, median, costs=None):
    """The WireMock table: per-round figures and the ratios, with the targets marked."""
    def per_round(name, key, scale=1.0, digits=0):
        return " · ".join(f"{r[name][key] * scale:,.{digits}f}" for r in rounds)

    rps = median([r["understudy-wiremock"]["rps"] / r["wiremock"]["rps"] for r in rounds])
    cpu = median([r["wiremock"]["cpu_us"] / r["understudy-wiremock"]["cpu_us"] for r in rounds])
    rss = median([r["wiremock"]["memory"]["VmRSS"] / r["understudy-wiremock"]["memory"]["VmRSS"] for r in rounds])
    first = median([s["wiremock"] / s["understudy-wiremock"] for s in starts])
    print()
    print("WireMock 2.35.1 (java -jar, defaults: journal on and unbounded) and `understudy serve --quiet` "
          "(journal on, last 100,000) on the same WireMock root, 100 mappings, GET /fixed:")
    print("| contender | req/s, per round | CPU µs/req, per round | first answer, ms per round | VmRSS after the run, MiB |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for label, name in (("WireMock 2.35.1", "wiremock"), ("WireMock 2.35.1, `--no-request-journal`", "wiremock-no-journal"),
                        ("`understudy serve`", "understudy-wiremock")):
        memory = " · ".join(f"{r[name]['memory']['VmRSS'] / 1024:.0f}" for r in rounds)
        starts_ms = " · ".join(f"{s[name] * 1000:.0f}" for s in starts) if name in starts[0] else "—"
        print(f"| {label} | {per_round(name, 'rps')} | {per_round(name, 'cpu_us', digits=2)} | {starts_ms} | {memory} |")
    print(f"understudy vs WireMock: {rps:.1f}x the req/s (target ≥ 10x: {'met' if rps >= 10 else 'NOT met'}), "
          f"{cpu:.1f}x less CPU per request, first answer {first:.0f}x sooner (target ≥ 30x: "
          f"{'met' if first >= 30 else 'NOT met'}), {rss:.1f}x less resident memory; against WireMock without its "
          f"journal: {median([r['understudy-wiremock']['rps'] / r['wiremock-no-journal']['rps'] for r in rounds]):.1f}x the req/s")
    if costs:
        print(f"understudy's first answer, {describe_start(costs)}")
