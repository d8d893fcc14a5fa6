#!/usr/bin/env python3
"""What one test costs a user, in the user's unit of work (issue 26's suite benchmark).

(a) Understudy in process, as the `.stubServer` trait does it: start a server
    with 20 stubs on port 0, 3 URLSession calls, a count assertion, stop;
(b) the floor: the same 3 URLSession calls to an already running C
    libmicrohttpd server;
(b') the same calls with the first of each test on a new connection (the
    last says `Connection: close`), as a server per test needs;
(c) WireMock 2.35.1 through its admin API, as a WireMock user's test does it,
    against one long-running jar: reset, post 20 mappings, 3 calls, count;
(d) Understudy through the same admin API calls, against one `understudy serve`;
(e) Hummingbird, hand-rolled: an application with 20 routes started and
    stopped per test, 3 URLSession calls, a count (with --peer);
and the whole as a real Swift Testing suite: 1,000 parameterized cases with
the `.stubServer` trait, run by `swift test` in parallel (with --swift-test).
(a) and (b) run in `understudy-bench suite` (Swift, URLSession); (c) and (d)
in `understudy-bench admin-suite`: one keep-alive connection each through the
same lean socket client, untimed warm-up, then alternating halves; its floor
row sends the same number of plain GETs to the C server. (c') and (d') post
the 20 mappings in one `POST /__admin/mappings/import` instead; (c'') and
(d'') post 20 mappings that no earlier test posted (a suite whose tests each
bring their own: nothing read before can be reused). Both journals
are on (WireMock's default). Loopback only, bounded by --tests.
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(__file__))
from admin_roundtrip import start, understudy_port, wiremock_port  # noqa: E402


def swift_test_suite(runs):
    """Wall seconds of `swift test --filter SuiteBenchmarkCases`, with the 1,000 cases and with them skipped."""
    def timed(enabled):
        environment = dict(os.environ)
        environment.pop("UNDERSTUDY_SUITE_BENCH", None)
        if enabled:
            environment["UNDERSTUDY_SUITE_BENCH"] = "1"
        started = time.monotonic()
        subprocess.run(["swift", "test", "--skip-build", "--filter", "SuiteBenchmarkCases"], env=environment,
                       capture_output=True, check=True, timeout=600)
        return time.monotonic() - started
    return dict(full=statistics.median(timed(True) for _ in range(runs)),
                skipped=statistics.median(timed(False) for _ in range(runs)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bench", required=True)
    parser.add_argument("--understudy", required=True)
    parser.add_argument("--reference", required=True)
    parser.add_argument("--body", required=True)
    parser.add_argument("--jar", required=True)
    parser.add_argument("--peer", help="the Hummingbird peer binary, for (e)")
    parser.add_argument("--swift-test", action="store_true", help="also time the 1,000-case Swift Testing suite")
    parser.add_argument("--tests", type=int, default=1000)
    parser.add_argument("--warmup", type=int, default=200)
    args = parser.parse_args()

    reference = subprocess.Popen([args.reference, args.body], stdout=subprocess.PIPE, text=True)
    line = reference.stdout.readline()
    url = "http://" + line.split("http://", 1)[1].split()[0].rstrip("/")
    spec = tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False)
    spec.write("stubs:\n  - request: { method: GET, path: /health }\n    response: { body: ok }\n")
    spec.close()
    ours, our_port = start([args.understudy, "serve", spec.name, "--ready-json", "--quiet"], understudy_port)
    jar, jar_port = start(["java", "-Xmx512m", "-jar", args.jar, "--port", "0", "--bind-address", "127.0.0.1",
                           "--root-dir", tempfile.mkdtemp(), "--disable-banner", "--disable-gzip"], wiremock_port)
    try:
        swift = json.loads(subprocess.run([args.bench, "suite", "--reference", url, "--tests", str(args.tests)],
                                          capture_output=True, text=True, check=True).stdout)

        def admin(*extra):
            return json.loads(subprocess.run(
                [args.bench, "admin-suite", "--ours", str(our_port), "--wiremock", str(jar_port),
                 "--floor", url.rsplit(":", 1)[1], "--tests", str(args.tests), "--warmup", str(args.warmup), *extra],
                capture_output=True, text=True, check=True).stdout)
        single, bulk, distinct = admin(), admin("--import", "yes"), admin("--distinct", "yes")
    finally:
        for process in (ours, jar, reference):
            process.terminate()
            process.wait(timeout=30)
        os.unlink(spec.name)
    peer = None
    if args.peer:
        peer = json.loads(subprocess.run([args.peer, "--suite", str(args.tests)], capture_output=True, text=True,
                                         check=True, timeout=600).stdout)
    suite = swift_test_suite(3) if args.swift_test else None

    a, b, b2 = swift["inProcess"], swift["floor"], swift["connectingFloor"]
    g, h = swift["noSocket"], swift["bareProtocol"]
    c, d, f = single["wiremock"], single["ours"], single["floor"]
    c2, d2 = bulk["wiremock"], bulk["ours"]
    c3, d3 = distinct["wiremock"], distinct["ours"]
    rows = [("(a) Understudy in process: start, 20 stubs, 3 URLSession calls, count, stop", a),
            ("(b) floor: the 3 URLSession calls to a running C libmicrohttpd server", b),
            ("(b') the same, the first call of each test on a new connection", b2),
            ("(c) WireMock 2.35.1 admin API: reset, 20 mappings, 3 calls, count", c),
            ("(d) understudy serve, the same admin API calls", d),
            ("    floor: 25 GETs to the C server through the same driver", f),
            ("(c') WireMock 2.35.1, the 20 mappings in one import", c2),
            ("(d') understudy serve, the same import", d2),
            ("(c'') WireMock 2.35.1, 20 mappings no earlier test posted", c3),
            ("(d'') understudy serve, the same", d3)]
    rows += [("(g) Understudy, transport .inProcess: start, 20 stubs, 3 calls through server.session, count, stop", g),
             ("(h) floor: a bare URLProtocol stub, a session per test, the same 3 calls", h)]
    if peer:
        rows.append(("(e) Hummingbird 2.28.1, 20 routes started and stopped per test, 3 URLSession calls", peer))
    print(f"one test's cost, {args.tests} tests each (median / p90 per test, wall for all; "
          "for the URLSession rows also the process's CPU per test, all threads):")
    for label, figures in rows:
        cpu = f" {figures['cpuMicros']:7.0f} µs CPU" if "cpuMicros" in figures else ""
        print(f"  {label:84s} {figures['medianMicros']:9.0f} µs {figures['p90Micros']:9.0f} µs {figures['wallSeconds']:7.2f} s{cpu}")
    print(f"  (a) / (b) = {a['medianMicros'] / b['medianMicros']:.2f}x (target ≤ 1.25x); "
          f"(a) / (b') = {a['medianMicros'] / b2['medianMicros']:.2f}x (a server per test needs the new connection); "
          f"(c) / (a) = {c['medianMicros'] / a['medianMicros']:.1f}x (target ≥ 20x); "
          f"(c) / (d) = {c['medianMicros'] / d['medianMicros']:.1f}x (target ≥ 10x; the floor allows "
          f"{c['medianMicros'] / f['medianMicros']:.1f}x); (c') / (d') = {c2['medianMicros'] / d2['medianMicros']:.1f}x; "
          f"(c'') / (d'') = {c3['medianMicros'] / d3['medianMicros']:.1f}x"
          + (f"; (e) / (a) = {peer['medianMicros'] / a['medianMicros']:.1f}x" if peer else "")
          + f"; (g) / (h) = {g['medianMicros'] / h['medianMicros']:.2f}x (target ≤ 1.5x), in CPU {g['cpuMicros'] / h['cpuMicros']:.2f}x"
          + f"; (a) / (g) = {a['medianMicros'] / g['medianMicros']:.1f}x")
    if suite:
        print(f"  swift test, 1,000 parameterized cases with .stubServer (debug build, parallel): {suite['full']:.2f} s wall, "
              f"{suite['skipped']:.2f} s of it the same command with every case skipped (median of 3)")


if __name__ == "__main__":
    main()
