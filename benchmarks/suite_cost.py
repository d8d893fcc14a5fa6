#!/usr/bin/env python3
"""What one test costs a user, in the user's unit of work (issue 26's suite benchmark).

(a) Understudy in process, as the `.stubServer` trait does it: start a server
    with 20 stubs on port 0, 3 URLSession calls, a count assertion, stop;
(b) the floor: the same 3 URLSession calls to an already running C
    libmicrohttpd server;
(c) WireMock 2.35.1 through its admin API, as a WireMock user's test does it,
    against one long-running jar: reset, post 20 mappings, 3 calls, count;
(d) Understudy through the same admin API calls, against one `understudy serve`.
(a) and (b) run in `understudy-bench suite` (Swift, URLSession); (c) and (d)
from here with one keep-alive http.client connection each, alternating rounds.
Both journals are on (WireMock's default). Loopback only, bounded by --tests.
"""
import argparse, http.client, json, os, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(__file__))
from admin_roundtrip import start, understudy_port, wiremock_port  # noqa: E402


class AdminSuite:
    """One server driven through WireMock's admin API, one test at a time."""

    def __init__(self, name, port):
        self.name = name
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.times = []

    def call(self, method, path, body=None):
        self.connection.request(method, path, body=body, headers={"Content-Type": "application/json"} if body else {})
        response = self.connection.getresponse()
        return response.status, response.read()

    def test(self):
        started = time.perf_counter()
        status, _ = self.call("POST", "/__admin/reset")
        assert status == 200, status
        for index in range(20):
            mapping = {"request": {"method": "GET", "url": f"/items/{index}"},
                       "response": {"status": 200, "jsonBody": {"id": index, "name": f"item {index}"}}}
            status, body = self.call("POST", "/__admin/mappings", json.dumps(mapping))
            assert status == 201, (status, body)
        for index in range(3):
            status, body = self.call("GET", f"/items/{index}")
            assert status == 200, (status, body)
        status, body = self.call("POST", "/__admin/requests/count", json.dumps({"method": "GET", "urlPattern": "/items/.*"}))
        assert status == 200 and json.loads(body)["count"] == 3, (status, body)
        self.times.append(time.perf_counter() - started)


def figures(times):
    ordered = sorted(times)
    return dict(medianMicros=statistics.median(ordered) * 1e6, p90Micros=ordered[int(len(ordered) * 0.9)] * 1e6,
                wallSeconds=sum(ordered))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bench", required=True)
    parser.add_argument("--understudy", required=True)
    parser.add_argument("--reference", required=True)
    parser.add_argument("--body", required=True)
    parser.add_argument("--jar", required=True)
    parser.add_argument("--tests", type=int, default=1000)
    parser.add_argument("--warmup", type=int, default=100)
    args = parser.parse_args()

    reference = subprocess.Popen([args.reference, args.body], stdout=subprocess.PIPE, text=True)
    line = reference.stdout.readline()
    url = "http://" + line.split("http://", 1)[1].split()[0].rstrip("/")
    try:
        swift = json.loads(subprocess.run([args.bench, "suite", "--reference", url, "--tests", str(args.tests)],
                                          capture_output=True, text=True, check=True).stdout)
    finally:
        reference.terminate()
        reference.wait()

    spec = tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False)
    spec.write("stubs:\n  - request: { method: GET, path: /health }\n    response: { body: ok }\n")
    spec.close()
    ours, our_port = start([args.understudy, "serve", spec.name, "--ready-json", "--quiet"], understudy_port)
    jar, jar_port = start(["java", "-Xmx512m", "-jar", args.jar, "--port", "0", "--bind-address", "127.0.0.1",
                           "--root-dir", tempfile.mkdtemp(), "--disable-banner", "--disable-gzip"], wiremock_port)
    try:
        contenders = [AdminSuite("understudy serve", our_port), AdminSuite("WireMock 2.35.1", jar_port)]
        for contender in contenders:  # the JVM's JIT most of all; untimed
            for _ in range(args.warmup):
                contender.test()
            contender.times.clear()
        for round_number in range(2):
            for contender in (contenders if round_number == 0 else reversed(contenders)):
                for _ in range(args.tests // 2):
                    contender.test()
    finally:
        for process in (ours, jar):
            process.terminate()
            process.wait(timeout=30)
        os.unlink(spec.name)

    a, b = swift["inProcess"], swift["floor"]
    d, c = figures(contenders[0].times), figures(contenders[1].times)
    print(f"one test's cost, {args.tests} tests each (median / p90 per test, wall for all):")
    for label, f in [("(a) Understudy in process: start, 20 stubs, 3 URLSession calls, count, stop", a),
                     ("(b) floor: the 3 URLSession calls to a running C libmicrohttpd server", b),
                     ("(c) WireMock 2.35.1 admin API: reset, 20 mappings, 3 calls, count", c),
                     ("(d) understudy serve, the same admin API calls", d)]:
        print(f"  {label:82s} {f['medianMicros']:9.0f} µs {f['p90Micros']:9.0f} µs {f['wallSeconds']:7.2f} s")
    print(f"  (a) / (b) = {a['medianMicros'] / b['medianMicros']:.2f}x (target ≤ 2x); "
          f"(c) / (a) = {c['medianMicros'] / a['medianMicros']:.1f}x (target ≥ 20x); "
          f"(c) / (d) = {c['medianMicros'] / d['medianMicros']:.1f}x (target ≥ 10x)")


if __name__ == "__main__":
    main()
