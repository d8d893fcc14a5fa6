"""A large WireMock root (10,000 mappings, half of them `urlPathPattern`s),
served by WireMock and by `understudy serve`, side by side: the first answer
after start, a regex route's requests a second, and an unmatched request's
(each contender ranks every stub for its near-miss report)."""

import re
import subprocess
import tempfile

from contenders import Server
import wiremock_peer

COUNT = 10_000
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


def measure(jar, understudy, body, rounds, seconds, warmup=5):
    root = wiremock_peer.write_root(tempfile.mkdtemp(prefix="bench-wiremock-large-"), body, COUNT)
    starts = wiremock_peer.first_answers(jar, understudy, root, rounds)
    commands = wiremock_peer.commands(jar, understudy, root)
    results = []
    for number in range(rounds):
        order = ["wiremock", "understudy-wiremock"] if number % 2 == 0 else ["understudy-wiremock", "wiremock"]
        figures = {}
        for name in order:
            ready = wiremock_peer.WIREMOCK_READY if name == "wiremock" else None
            with (Server(name, commands[name], ready) if ready else Server(name, commands[name])) as server:
                for path in PATHS.values():  # WireMock's JIT warms up; ours has nothing to warm
                    rate(server.url + path, warmup)
                figures[name] = {kind: rate(server.url + path, seconds) for kind, path in PATHS.items()}
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
