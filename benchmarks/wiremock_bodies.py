"""One endpoint, many mappings told apart by their JSON bodies (50 `POST
/api/orders` mappings, each with its own `equalToJson`), as recorded or
hand-written WireMock roots often have: WireMock and `understudy serve` on
the same root, side by side, loaded by wrk -c8 with a body that the 26th
mapping matches, and with one that no mapping matches (each contender then
ranks every mapping for its near-miss report)."""

import json
import os
import re
import subprocess
import tempfile

import wiremock_peer

COUNT = 50
PATH = "/api/orders"


def order(number):
    """The body mapping `number` expects."""
    return {"customer": {"id": number, "name": f"Customer {number}"},
            "items": [{"sku": f"SKU-{number}-{line}", "qty": line + 1, "price": 9.99 + line} for line in range(3)],
            "note": "deliver to the back door"}


def write_root(folder):
    os.makedirs(os.path.join(folder, "mappings"), exist_ok=True)
    mappings = [{"request": {"method": "POST", "url": PATH, "bodyPatterns": [{"equalToJson": order(number)}]},
                 "response": {"status": 201, "jsonBody": {"order": number}}} for number in range(COUNT)]
    with open(os.path.join(folder, "mappings", "orders.json"), "w") as file:
        json.dump({"mappings": mappings}, file, indent=1)
    return folder


def script(folder, body, name):
    """A wrk script that POSTs `body` as JSON."""
    path = os.path.join(folder, name)
    with open(path, "w") as file:
        file.write('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
                   f"wrk.body = {json.dumps(json.dumps(body))}\n")
    return path


def rate(url, seconds, lua, expected):
    """Requests a second from wrk -c8 running `lua`; every answer must be `expected` (201, or 404 unmatched)."""
    output = subprocess.run(["wrk", "-t1", "-c8", f"-d{seconds}s", "-s", lua, url], capture_output=True, text=True,
                            check=True, timeout=seconds + 60).stdout
    if re.search(r"Socket errors: (.*)", output):
        raise SystemExit(f"error: {url} failed under load:\n{output}")
    others = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    if expected == 201 and others:
        raise SystemExit(f"error: {url} answered {others.group(1)} requests with something other than 201")
    if expected == 404 and not others:
        raise SystemExit(f"error: {url} matched a body no mapping expects")
    return float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))


def measure(jar, understudy, rounds, seconds, warmup=8):
    folder = tempfile.mkdtemp(prefix="bench-wiremock-bodies-")
    root = write_root(os.path.join(folder, "root"))
    kinds = {"matched": (script(folder, order(COUNT // 2), "matched.lua"), 201),
             "unmatched": (script(folder, order(COUNT + 1), "unmatched.lua"), 404)}
    commands = wiremock_peer.commands(jar, understudy, root)
    results = []
    for number in range(rounds):
        figures = {}
        for name in wiremock_peer.order(number):
            with wiremock_peer.server(name, commands[name]) as server:
                for lua, expected in kinds.values():  # WireMock's JIT warms up; ours has nothing to warm
                    rate(server.url + PATH, warmup if name == "wiremock" else 1, lua, expected)
                figures[name] = {kind: rate(server.url + PATH, seconds, lua, expected) for kind, (lua, expected) in kinds.items()}
        results.append(figures)
    return results


def print_report(rounds, median):
    per_round = lambda name, kind: " · ".join(f"{r[name][kind]:,.0f}" for r in rounds)
    ratio = lambda kind: median([r["understudy-wiremock"][kind] / r["wiremock"][kind] for r in rounds])
    print()
    print(f"one endpoint, {COUNT} mappings told apart by `equalToJson` bodies, the same root for both; wrk -c8, "
          f"{len(rounds)} alternating rounds, req/s:")
    print("| contender | a body the 26th mapping expects | a body no mapping expects (near-miss report) |")
    print("| --- | ---: | ---: |")
    for label, name in (("WireMock 2.35.1", "wiremock"), ("`understudy serve`", "understudy-wiremock")):
        print(f"| {label} | {per_round(name, 'matched')} | {per_round(name, 'unmatched')} |")
    print(f"understudy vs WireMock, bodies told apart: matched {ratio('matched'):.1f}x the req/s, "
          f"unmatched {ratio('unmatched'):.1f}x the req/s")
