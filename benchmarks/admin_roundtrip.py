#!/usr/bin/env python3
"""The admin round trip: add one stub, send one request, count it.

Runs the same loop, in one process and alternating rounds, against
`understudy serve` and the real WireMock jar, each on an ephemeral loopback
port, and prints the median (and p90) of N round trips per contender and
their ratio. Both are driven through WireMock's own endpoints (POST
/__admin/mappings, POST /__admin/requests/count), so the bytes sent are the
same; Understudy is also timed through its spec-JSON route (/__admin/stubs).
Each timed round trip is followed by an untimed DELETE of its stub, so every
round trip sees the same number of stubs. Loopback only, bounded by N.
"""
import argparse, http.client, json, os, statistics, subprocess, sys, tempfile, time


def start(command, ready):
    """Starts `command` and returns (process, port) once `ready(line)` yields a port."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        port = ready(line.strip())
        if port:
            return process, port
    process.kill()
    sys.exit(f"{command[0]} did not report a port")


def understudy_port(line):
    if line.startswith("{"):
        return json.loads(line)["port"]


def wiremock_port(line):
    if line.startswith("port:"):
        return int(line.split(":", 1)[1])


class Contender:
    def __init__(self, name, port, route):
        self.name, self.route = name, route
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.times = []

    def call(self, method, path, body=None):
        headers = {"Content-Type": "application/json"} if body is not None else {}
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        return response.status, data

    def round_trip(self, index):
        path = f"/bench/{index}"
        if self.route == "stubs":
            stub = {"stubs": [{"id": f"bench-{index}", "request": {"method": "GET", "path": path},
                               "response": {"status": 200, "headers": {"Content-Type": "text/plain"}, "body": "ok"}}]}
            started = time.perf_counter()
            status, body = self.call("POST", "/__admin/stubs", json.dumps(stub))
            assert status == 201, (status, body)
            stub_id = f"bench-{index}"
        else:
            mapping = {"request": {"method": "GET", "url": path}, "response": {"status": 200, "body": "ok"}}
            started = time.perf_counter()
            status, body = self.call("POST", "/__admin/mappings", json.dumps(mapping))
            assert status == 201, (status, body)
            stub_id = json.loads(body)["id"]
        status, body = self.call("GET", path)
        assert status == 200 and body == b"ok", (status, body)
        status, body = self.call("POST", "/__admin/requests/count", json.dumps({"method": "GET", "url": path}))
        assert status == 200 and json.loads(body)["count"] == 1, (status, body)
        self.times.append(time.perf_counter() - started)
        route = "stubs" if self.route == "stubs" else "mappings"
        status, _ = self.call("DELETE", f"/__admin/{route}/{stub_id}")
        assert status == 200, status


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--understudy", required=True)
    parser.add_argument("--jar", required=True)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--warmup", type=int, default=200)
    args = parser.parse_args()

    spec = tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False)
    spec.write("stubs:\n  - request: { method: GET, path: /health }\n    response: { body: ok }\n")
    spec.close()
    root = tempfile.mkdtemp()
    ours, our_port = start([args.understudy, "serve", spec.name, "--ready-json", "--quiet"], understudy_port)
    jar, jar_port = start(["java", "-Xmx512m", "-jar", args.jar, "--port", "0", "--bind-address", "127.0.0.1",
                           "--root-dir", root, "--disable-banner", "--disable-gzip"],
                          wiremock_port)
    try:
        contenders = [Contender("understudy (WireMock endpoints)", our_port, "mappings"),
                      Contender("understudy (/__admin/stubs, spec JSON)", our_port, "stubs"),
                      Contender("WireMock 2.35.1 jar", jar_port, "mappings")]
        index = 0
        for contender in contenders:  # warm up (the JVM's JIT most of all), untimed
            for _ in range(args.warmup):
                index += 1
                contender.round_trip(index)
            contender.times.clear()
        per_round = max(1, args.count // args.rounds)
        for round_number in range(args.rounds):
            order = contenders if round_number % 2 == 0 else list(reversed(contenders))
            for contender in order:
                for _ in range(per_round):
                    index += 1
                    contender.round_trip(index)
        reference = statistics.median(contenders[2].times)
        print(f"admin round trip (add one stub, send one request, count it), {per_round * args.rounds} each, "
              f"{args.rounds} alternating rounds:")
        for contender in contenders:
            times = sorted(contender.times)
            median = statistics.median(times)
            p90 = times[int(len(times) * 0.9)]
            print(f"  {contender.name:42s} median {median * 1e6:8.0f} µs  p90 {p90 * 1e6:8.0f} µs  "
                  f"{reference / median:5.1f}x faster than the jar" if contender is not contenders[2]
                  else f"  {contender.name:42s} median {median * 1e6:8.0f} µs  p90 {p90 * 1e6:8.0f} µs")
    finally:
        for process in (ours, jar):
            process.terminate()
            process.wait(timeout=30)
        os.unlink(spec.name)


if __name__ == "__main__":
    main()
