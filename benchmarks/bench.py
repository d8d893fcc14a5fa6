#!/usr/bin/env python3
"""Understudy's benchmark driver; scripts/bench builds everything and runs it.

Every contender is a real server process on 127.0.0.1 loaded by wrk. Within a
round the contenders run one after another, in an order that reverses every
round, and each figure is taken as a ratio to the reference measured in the
same round; the report gives the median over the rounds. Server CPU per
request is utime + stime from /proc/PID/stat over the measured run.
"""
import argparse
import asyncio
import hashlib
import json
import os
import platform
import re
import resource
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

import marvel_start
import spec_reload
import wiremock_bodies
import wiremock_large
import wiremock_peer
from contenders import READY, Server, load, median
from transport import print_proxy, print_tls, proxy_overhead, tls_throughput

def say(text):
    print(text, file=sys.stderr, flush=True)


async def one_request(port, path, started):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
    await writer.drain()
    response = await reader.read()
    writer.close()
    status = int(response.split(b" ", 2)[1]) if response.startswith(b"HTTP/1.1 ") else 0
    return status, time.monotonic() - started


async def burst(port, path, count):
    started = time.monotonic()
    results = await asyncio.gather(*(one_request(port, path, started) for _ in range(count)))
    return time.monotonic() - started, results


def delayed_burst(understudy, count):
    """`count` concurrent requests, one connection each, to a stub delayed by 1 s."""
    with tempfile.TemporaryDirectory() as folder:
        spec = os.path.join(folder, "slow.yaml")
        with open(spec, "w") as file:
            file.write("stubs:\n  - request: { method: GET, path: /slow }\n"
                       "    response: { status: 200, json: { slow: true } }\n    delay: 1s\n")
        with Server("delayed", [understudy, "serve", spec]) as server:
            port = int(server.url.rsplit(":", 1)[1])
            wall, results = asyncio.run(burst(port, "/slow", count))
            threads = int(re.search(r"Threads:\s+(\d+)", open(f"/proc/{server.process.pid}/status").read()).group(1))
    statuses = [status for status, _ in results]
    latencies = sorted(latency for _, latency in results)
    return dict(count=count, wall=wall, ok=statuses.count(200), first=latencies[0],
                median=latencies[len(latencies) // 2], last=latencies[-1], threads=threads)


def template_specs(body_path):
    """Two spec files answering GET /fixed with the benchmark body: as it is, and
    as a template whose two tags render the very bytes the fixed one sends."""
    with open(body_path) as file:
        body = file.read()
    stem = '{"path":"/fixed","id":"7",'
    assert body.startswith("{")
    fixed_text = stem + body[1:]
    templated_text = '{"path":"{{request.path}}","id":"{{request.query.id}}",' + body[1:]
    files = []
    for key, text in (("body", fixed_text), ("template", templated_text)):
        spec = tempfile.NamedTemporaryFile(suffix=".json", mode="w")
        json.dump({"stubs": [{"request": {"method": "GET", "path": "/fixed"},
                              "response": {"status": 200, "headers": {"Content-Type": "application/json"}, key: text}}]}, spec)
        spec.flush()
        files.append(spec)
    return files


def marvel_signed_path(public="1234", private="abcd", ts="1"):
    digest = hashlib.md5(f"{ts}{private}{public}".encode()).hexdigest()
    return f"/v1/public/characters?limit=20&ts={ts}&apikey={public}&hash={digest}"


def idle_memory(command, settle, quiet=5, asked=None):
    """Memory once start-up has settled, and the wake-ups (context switches,
    every thread) of `quiet` seconds with nothing asked of the server; with
    `asked` (a path), after one request for it, as a server sits between a
    user's requests."""
    with Server("idle", command) as server:
        if asked:
            try:
                urllib.request.urlopen(server.url + asked, timeout=30).close()
            except urllib.error.HTTPError:
                pass  # any answer will do: the connection was served
        time.sleep(settle)  # measuring, not synchronising: let start-up allocations settle
        figures = server.memory()
        before = server.wakeups()
        time.sleep(quiet)  # the measured window itself
        after = server.wakeups()
        # A thread born in the window counts from 0; one that ended in it (an idle
        # worker the thread pool let go) is not seen again, so the count is a floor.
        figures["wakeups"] = sum(count - before.get(task, 0) for task, count in after.items())
        figures["threadsEnded"] = len(set(before) - set(after))
        figures["quietSeconds"] = quiet
        return figures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", required=True, help="the release bin folder")
    parser.add_argument("--reference", required=True)
    parser.add_argument("--peer", help="the Hummingbird peer binary; skipped when absent")
    parser.add_argument("--body", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=8)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--cycles", type=int, default=1000)
    parser.add_argument("--burst", type=int, default=1000)
    parser.add_argument("--json", help="also write every figure here")
    parser.add_argument("--wiremock-jar", help="the WireMock standalone jar; its contender is skipped when absent")
    parser.add_argument("--wiremock-warmup", type=int, default=10, help="seconds of wrk before WireMock's measured run")
    parser.add_argument("--proxy-only", action="store_true", help="measure only the proxy overhead")
    parser.add_argument("--tls-only", action="store_true", help="measure only HTTPS against plain HTTP")
    parser.add_argument("--wiremock-large-only", action="store_true",
                        help="measure only the large WireMock root against WireMock (needs --wiremock-jar)")
    parser.add_argument("--wiremock-bodies-only", action="store_true",
                        help="measure only mappings told apart by JSON bodies against WireMock (needs --wiremock-jar)")
    parser.add_argument("--first-answer-only", action="store_true",
                        help="measure only the first answer after start, WireMock and understudy serve (needs --wiremock-jar)")
    options = parser.parse_args()

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    bench = os.path.join(options.build, "understudy-bench")
    understudy = os.path.join(options.build, "understudy")
    signed = marvel_signed_path()
    if options.proxy_only:
        return print_proxy(proxy_overhead(understudy, options.reference, options.body, options.seconds, options.rounds))
    if options.wiremock_large_only:
        if not options.wiremock_jar:
            raise SystemExit("error: --wiremock-large-only needs --wiremock-jar")
        return wiremock_large.print_report(
            wiremock_large.measure(options.wiremock_jar, understudy, options.body, options.rounds, options.seconds), median)
    if options.wiremock_bodies_only:
        if not options.wiremock_jar:
            raise SystemExit("error: --wiremock-bodies-only needs --wiremock-jar")
        return wiremock_bodies.print_report(
            wiremock_bodies.measure(options.wiremock_jar, understudy, options.rounds, options.seconds), median)
    if options.first_answer_only:
        if not options.wiremock_jar:
            raise SystemExit("error: --first-answer-only needs --wiremock-jar")
        root = wiremock_peer.write_root(tempfile.mkdtemp(prefix="understudy-wiremock-"), options.body)
        starts = wiremock_peer.first_answers(options.wiremock_jar, understudy, root, options.rounds)
        first = median([s["wiremock"] / s["understudy-wiremock"] for s in starts])
        print("first answer after process start, ms per round: WireMock 2.35.1 "
              + " · ".join(f"{s['wiremock'] * 1000:.0f}" for s in starts) + "; `understudy serve` "
              + " · ".join(f"{s['understudy-wiremock'] * 1000:.1f}" for s in starts) + f": {first:.0f}x sooner; "
              + wiremock_peer.describe_start(wiremock_peer.start_costs(understudy, root)))
        return
    if options.tls_only:
        startstop = json.loads(subprocess.run([bench, "start-stop", "--cycles", str(options.cycles), "--stubs", "100"],
                                              capture_output=True, text=True, check=True).stdout)
        return print_tls(tls_throughput(bench, options.reference, options.body, options.seconds, options.rounds), startstop)

    # The Marvel reference answers the very bytes the fake answers on that route.
    with Server("marvel", [understudy, "serve", "--marvel"]) as server:
        marvel_body = urllib.request.urlopen(server.url + signed).read()
    marvel_file = tempfile.NamedTemporaryFile(suffix=".json")
    marvel_file.write(marvel_body)
    marvel_file.flush()

    # The same body, fixed and as a template with request tags that render to the same bytes.
    fixed_spec, templated_spec = template_specs(options.body)
    # One server thread each, as the C reference has (`understudy serve` has one per core by default).
    one = ["--threads", "1"]
    contenders = {
        "reference": ([options.reference, options.body], "/fixed"),
        "spec-fixed": ([understudy, "serve", *one, "--quiet", "--no-admin", fixed_spec.name], "/fixed?id=7"),
        "spec-templated": ([understudy, "serve", *one, "--quiet", "--no-admin", templated_spec.name], "/fixed?id=7"),
        "stubserver": ([bench, "serve", "--stubs", "100", "--body", options.body], "/fixed"),
        "stubs10": ([bench, "serve", "--stubs", "10", "--body", options.body], "/fixed"),
        "stubs10000": ([bench, "serve", "--stubs", "10000", "--body", options.body], "/fixed"),
        "marvel-reference": ([options.reference, marvel_file.name], signed),
        "marvel": ([understudy, "serve", *one, "--marvel"], signed),
        "marvel-quiet": ([understudy, "serve", *one, "--marvel", "--quiet"], signed),
    }
    if options.peer:
        contenders["peer"] = ([options.peer, options.body, "100"], "/fixed")
    special = {}
    if options.wiremock_jar:
        root = wiremock_peer.write_root(tempfile.mkdtemp(prefix="bench-wiremock-"), options.body)
        for name, command in wiremock_peer.commands(options.wiremock_jar, understudy, root).items():
            contenders[name] = (command, "/fixed")
            special[name] = dict(warmup=options.wiremock_warmup,
                                 ready=wiremock_peer.WIREMOCK_READY if name.startswith("wiremock") else READY)
    names = list(contenders)
    rounds = []
    for number in range(options.rounds):
        order = names if number % 2 == 0 else list(reversed(names))
        say(f"round {number + 1}/{options.rounds}: {', '.join(order)} ({options.seconds}s each)")
        rounds.append({name: load(name, *contenders[name], options.seconds,
                                  **special.get(name, dict(warmup=options.warmup))) for name in order})
    starts = start_costs = large = bodies = None
    if options.wiremock_jar:
        say("first answer after process start, WireMock and understudy serve...")
        starts = wiremock_peer.first_answers(options.wiremock_jar, understudy, root, options.rounds)
        start_costs = wiremock_peer.start_costs(understudy, root)
        say("a large WireMock root, WireMock and understudy serve...")
        large = wiremock_large.measure(options.wiremock_jar, understudy, options.body, options.rounds, options.seconds)
        say("mappings told apart by JSON bodies, WireMock and understudy serve...")
        bodies = wiremock_bodies.measure(options.wiremock_jar, understudy, options.rounds, options.seconds)

    say("start+stop cycles...")
    startstop = json.loads(subprocess.run([bench, "start-stop", "--cycles", str(options.cycles), "--stubs", "100"],
                                          capture_output=True, text=True, check=True).stdout)
    reference_startstop = json.loads(subprocess.run([options.reference, "--start-stop", str(options.cycles)],
                                                     capture_output=True, text=True, check=True).stdout)
    peer_startstop = None
    if options.peer:
        peer_startstop = json.loads(subprocess.run([options.peer, "--start-stop", str(max(options.cycles // 10, 10))],
                                                   capture_output=True, text=True, check=True, timeout=600).stdout)

    say("idle memory...")
    idle_spec = idle_memory([understudy, "serve", "specs/marvel.yaml"], 1)
    idle_marvel = idle_memory([understudy, "serve", "--marvel"], 1)
    idle_reference = idle_memory([options.reference, options.body], 1)
    idle_floor = idle_memory([bench, "idle"], 1)
    say("idle after a request...")
    asked_spec = idle_memory([understudy, "serve", "specs/marvel.yaml"], 1, asked="/v1/public/comics")
    asked_watch = idle_memory([understudy, "serve", "specs/marvel.yaml", "--watch"], 1, asked="/v1/public/comics")
    asked_reference = idle_memory([options.reference, options.body], 1, asked="/fixed")

    say(f"{options.burst} concurrent requests to a 1 s delayed stub...")
    delayed = delayed_burst(understudy, options.burst)

    say("serve --marvel start...")
    marvel_started = marvel_start.measure(understudy)
    say("serve --watch reload...")
    reload = spec_reload.measure(understudy)
    say("proxy overhead...")
    proxy = proxy_overhead(understudy, options.reference, options.body, options.seconds, options.rounds)
    say("HTTPS against plain HTTP...")
    tls = tls_throughput(bench, options.reference, options.body, options.seconds, options.rounds)

    say("decoding a 100-comic page...")
    decode = json.loads(subprocess.run([bench, "decode-comics", "--iterations", "200"],
                                       capture_output=True, text=True, check=True).stdout)

    report = dict(machine=f"{platform.machine()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}",
                  seconds=options.seconds, rounds=rounds, startstop=startstop,
                  reference_startstop=reference_startstop, peer_startstop=peer_startstop,
                  idle=dict(spec=idle_spec, marvel=idle_marvel, reference=idle_reference, floor=idle_floor,
                            askedSpec=asked_spec, askedWatch=asked_watch, askedReference=asked_reference),
                  delayed=delayed, decode=decode, marvel_body_bytes=len(marvel_body), reload=reload, marvel_start=marvel_started, proxy=proxy, tls=tls,
                  wiremock_starts=starts, start_costs=start_costs, wiremock_large=large,
                  wiremock_bodies=bodies)
    if options.json:
        with open(options.json, "w") as file:
            json.dump(report, file, indent=2)
    print_report(report, options)


def print_report(report, options):
    rounds = report["rounds"]

    def ratios(name, reference, key):
        return [r[name][key] / r[reference][key] for r in rounds]

    def row(label, name, reference, rps_target=None, cpu_target=None):
        rps, cpu = ratios(name, reference, "rps"), ratios(name, reference, "cpu_us")
        figures = "  ".join(f"{r[name]['rps']:>9,.0f} {r[name]['cpu_us']:>6.2f}" for r in rounds)
        print(f"| {label} | {figures} | **{median(rps):.2f}x**{rps_target or ''} | **{median(cpu):.2f}x**{cpu_target or ''} |")

    print(f"machine: {report['machine']}; wrk -t1 -c32 -d{report['seconds']}s per contender, "
          f"{len(rounds)} alternating rounds, medians of per-round ratios")
    print()
    print("| contender | per round: req/s, CPU µs/req | req/s vs reference | CPU/req vs reference |")
    print("| --- | --- | ---: | ---: |")
    row("C reference, fixed route", "reference", "reference")
    row("StubServer, 100 stubs, fixed route", "stubserver", "reference", " (≥ 0.85)", " (≤ 1.25)")
    if "peer" in rounds[0]:
        row("Hummingbird 2.28.1, 100 routes, fixed route", "peer", "reference")
    row("StubServer, 10 stubs", "stubs10", "reference")
    row("StubServer, 10,000 stubs", "stubs10000", "reference")
    row(f"C reference, Marvel body ({report['marvel_body_bytes']:,} B)", "marvel-reference", "marvel-reference")
    row("understudy serve --marvel, signed characters?limit=20", "marvel", "marvel-reference")
    row("the same, --quiet (no per-request log line)", "marvel-quiet", "marvel-reference")
    row("understudy serve, a spec's fixed body", "spec-fixed", "reference")
    row("the same body as a template ({{request.path}}, {{request.query.id}})", "spec-templated", "reference")
    print()
    print(f"templated answer vs the same fixed answer: req/s {median(ratios('spec-templated', 'spec-fixed', 'rps')):.2f}x (≥ 0.50), "
          f"CPU/req {median(ratios('spec-templated', 'spec-fixed', 'cpu_us')):.2f}x")
    scale = ratios("stubs10000", "stubs10", "rps")
    print()
    print(f"routing scale, 10,000 vs 10 stubs: req/s {median(scale):.2f}x (≥ 0.90), "
          f"CPU/req {median(ratios('stubs10000', 'stubs10', 'cpu_us')):.2f}x")
    s, c = report["startstop"], report["reference_startstop"]
    print(f"start+stop on port 0, {s['cycles']} cycles, median (p90): C reference {c['medianMicros']:.0f} µs ({c['p90Micros']:.0f}); "
          f"StubServer, 100 stubs from a StubSet {s['medianMicros']:.0f} µs ({s['p90Micros']:.0f}), "
          f"{s['medianMicros'] / c['medianMicros']:.2f}x the reference (≤ 1.2x); "
          f"with the Marvel fake {s['marvelMedianMicros']:.0f} µs ({s['marvelP90Micros']:.0f}), "
          f"{s['marvelMedianMicros'] / c['medianMicros']:.1f}x the reference (< 150 µs); "
          f"from a plain [Stub] {s['unpreparedMedianMicros']:.0f} µs; fds {s['fdsBefore']} -> {s['fdsAfter']}, "
          f"threads {s['threadsBefore']} -> {s['threadsAfter']}")
    p = report["peer_startstop"]
    if p:
        print(f"start+stop, Hummingbird 2.28.1, {p['cycles']} cycles: median {p['medianMicros']:.0f} µs ({p['p90Micros']:.0f}), "
              f"{p['medianMicros'] / c['medianMicros']:.0f}x the reference")
    idle = report["idle"]

    def mib(kib):
        return f"{kib / 1024:.1f} MiB"

    print(f"idle memory, VmRSS (anonymous + file-backed; PSS): understudy serve specs/marvel.yaml {mib(idle['spec']['VmRSS'])} "
          f"({mib(idle['spec']['RssAnon'])} + {mib(idle['spec']['RssFile'])}; {mib(idle['spec']['Pss'])}) (< 20 MiB); "
          f"serve --marvel {mib(idle['marvel']['VmRSS'])} ({mib(idle['marvel']['RssAnon'])} + {mib(idle['marvel']['RssFile'])}); "
          f"C reference {mib(idle['reference']['VmRSS'])}; a Swift process linking Foundation and serving nothing "
          f"{mib(idle['floor']['VmRSS'])} ({mib(idle['floor']['RssAnon'])} + {mib(idle['floor']['RssFile'])})")
    print()
    print(f"idle wake-ups (context switches, every thread) in {idle['spec']['quietSeconds']} s with no request: "
          f"understudy serve specs/marvel.yaml {idle['spec']['wakeups']}; serve --marvel {idle['marvel']['wakeups']}; "
          f"C reference {idle['reference']['wakeups']}; a Swift process linking Foundation and serving nothing "
          f"{idle['floor']['wakeups']} (threads that ended in the window, uncounted: "
          f"{idle['spec']['threadsEnded']}, {idle['marvel']['threadsEnded']}, {idle['reference']['threadsEnded']}, "
          f"{idle['floor']['threadsEnded']})")
    print(f"idle wake-ups in {idle['askedSpec']['quietSeconds']} s after one request: understudy serve specs/marvel.yaml "
          f"{idle['askedSpec']['wakeups']}; with --watch {idle['askedWatch']['wakeups']}; C reference "
          f"{idle['askedReference']['wakeups']}")
    peaks = [r["marvel"]["memory"]["VmHWM"] for r in rounds]
    journal = [r["marvel"]["requests"] for r in rounds]
    print(f"under load, serve --marvel peak VmRSS {mib(median(peaks))} after ~{median(journal):,.0f} requests "
          f"(the journal holds the last 100,000)")
    d = report["delayed"]
    print(f"{d['count']} concurrent requests to a 1 s delayed stub: all {d['ok']} answered 200 in {d['wall']:.2f} s wall "
          f"(first {d['first']:.2f} s, median {d['median']:.2f} s, last {d['last']:.2f} s; < 2 s); server threads {d['threads']}")
    marvel_start.print_report(report["marvel_start"])
    spec_reload.print_report(report["reload"])
    print_proxy(report["proxy"])
    print_tls(report["tls"], report["startstop"])
    if report["wiremock_starts"]:
        wiremock_peer.print_report(rounds, report["wiremock_starts"], median, report.get("start_costs"))
    if report.get("wiremock_large"):
        wiremock_large.print_report(report["wiremock_large"], median)
    if report.get("wiremock_bodies"):
        wiremock_bodies.print_report(report["wiremock_bodies"], median)
    e = report["decode"]
    print(f"decoding a 100-comic page ({e['bytes']:,} B) into DataWrapper<Comic>: {e['typedMedianMicros']:.0f} µs, "
          f"{e['typedMedianMicros'] / e['jsonSerializationMedianMicros']:.2f}x JSONSerialization.jsonObject on the same bytes")


if __name__ == "__main__":
    main()
