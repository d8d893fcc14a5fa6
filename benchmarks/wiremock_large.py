"""A large WireMock root (10,000 mappings, half of them `urlPathPattern`s),
served by WireMock and by `understudy serve`, side by side: the first answer
after start, a regex route's requests a second, and an unmatched request's
(each contender ranks every stub for its near-miss report). Then the same
kind of root built through the admin API: 2,000 `urlPathPattern` mappings
posted one at a time to a server started empty, as a set-up script does."""

import http.client
import json
import os
import re
import subprocess
import tempfile
import time
import urllib.parse

import wiremock_peer

COUNT = 10_000
POSTED = 2_000
# Tried last by WireMock (newest mapping first) and by us (declaration order
# among equal priorities), a regex route; and a path no stub matches.
PATHS = {"regex": "/resource-1/5", "unmatched": "/nothing"}


def rate(url, seconds):
    """Requests a second from wrk -c8, any status (an unmatched request gets a 404)."""
    output = subprocess.run(["wrk", "-t1", "-c8", f"-d{seconds}s", url], capture_output=True, text=True, check=True,
                            timeout=seconds + 60).stdout
    if re.search(r"Socket errors: (.*)", output):
        raise SystemExit(f"error: {url} failed under load:\n{output}")
    return float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))


def post_mappings(url, count):
    """Seconds to post `count` mappings one at a time on one kept connection, each answered 201."""
    address = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=60)
    started = time.monotonic()
    for number in range(count):
        mapping = {"request": {"method": "GET", "urlPathPattern": f"/posted-{number}/[0-9]+"},
                   "response": {"status": 200, "jsonBody": {"number": number}}}
        connection.request("POST", "/__admin/mappings", json.dumps(mapping), {"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        if response.status != 201:
            raise SystemExit(f"error: {url} answered {response.status} to mapping {number}")
    elapsed = time.monotonic() - started
    connection.close()
    return elapsed


def measure(jar, understudy, body, rounds, seconds, warmup=5):
    root = wiremock_peer.write_root(tempfile.mkdtemp(prefix="bench-wiremock-large-"), body, COUNT)
    starts = wiremock_peer.first_answers(jar, understudy, root, rounds)
    commands = wiremock_peer.commands(jar, understudy, root)
    empty = tempfile.mkdtemp(prefix="bench-wiremock-posted-")
    os.mkdir(os.path.join(empty, "mappings"))
    posting = wiremock_peer.commands(jar, understudy, empty)
    results = []
    for number in range(rounds):
        figures = {}
        for name in wiremock_peer.order(number):
            with wiremock_peer.server(name, commands[name]) as server:
                for path in PATHS.values():  # WireMock's JIT warms up; ours has nothing to warm
                    rate(server.url + path, warmup)
                figures[name] = {kind: rate(server.url + path, seconds) for kind, path in PATHS.items()}
            with wiremock_peer.server(name, posting[name]) as server:
                figures[name]["posted"] = post_mappings(server.url, POSTED)
        results.append(figures)
    return dict(starts=starts, rounds=results)


def print_report(report, median):
    starts, rounds = report["starts"], report["rounds"]
    ratio = lambda kind: median([r["understudy-wiremock"][kind] / r["wiremock"][kind] for r in rounds])
    per_round = lambda name, kind: " · ".join(f"{r[name][kind]:,.0f}" for r in rounds)
    print()
    print(f"a large WireMock root, {COUNT:,} mappings (half `urlPathPattern`s), the same for both; wrk -c8, "
          f"{len(rounds)} alternating rounds:")
    print("| contender | first answer, ms | regex route, req/s | unmatched (near-miss report), req/s |")
    print("| --- | ---: | ---: | ---: |")
    for label, name in (("WireMock 2.35.1", "wiremock"), ("`understudy serve`", "understudy-wiremock")):
        first = " · ".join(f"{s[name] * 1000:,.0f}" for s in starts)
        print(f"| {label} | {first} | {per_round(name, 'regex')} | {per_round(name, 'unmatched')} |")
    first = median([s["wiremock"] / s["understudy-wiremock"] for s in starts])
    print(f"understudy vs WireMock on the large root: first answer {first:.1f}x sooner, regex route {ratio('regex'):.0f}x "
          f"the req/s, unmatched {ratio('unmatched'):.1f}x the req/s")
    print()
    print(f"{POSTED:,} `urlPathPattern` mappings posted one at a time (`POST /__admin/mappings`, one kept connection) "
          "to a server started with an empty root, seconds per round:")
    print("| contender | seconds |")
    print("| --- | ---: |")
    for label, name in (("WireMock 2.35.1", "wiremock"), ("`understudy serve`", "understudy-wiremock")):
        seconds = " · ".join(f"{r[name]['posted']:.2f}" for r in rounds)
        print(f"| {label} | {seconds} |")
    posted = median([r["wiremock"]["posted"] / r["understudy-wiremock"]["posted"] for r in rounds])
    print(f"understudy vs WireMock: {POSTED:,} mappings posted {posted:.1f}x sooner")
