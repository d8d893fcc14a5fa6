#!/usr/bin/env python3
"""The driver behind scripts/soak (standard library only).

Starts `understudy-bench soak` (a StubServer on 127.0.0.1, port 0, with a
small journal capacity), holds CONNECTIONS keep-alive connections of mixed
traffic for a bounded time, samples the server's resident memory,
descriptors and threads, then stops it and checks:

1. no crash: the server lives to the end and exits 0;
2. the journal recorded exactly as many requests as were sent;
3. the journal cap was reached and reported (held == capacity,
   evicted == recorded - capacity), never silent;
4. resident memory is flat once the cap is reached: the peak in the last
   third of the post-cap time is within a tolerance of the peak in the first;
5. descriptors and threads are back to their baseline after stop.

Exit status 0 when every check passes, 1 otherwise.
"""
import argparse
import asyncio
import json
import os
import random
import sys
import time

# (weight, name, method, path, upload bytes (a range), a fault expected)
KINDS = [
    (34, "matched", "GET", "/matched", None, False),
    (12, "unmatched", "GET", "/nowhere/{n}?q={n}", None, False),
    (12, "delayed 20 ms", "GET", "/delayed", None, False),
    (6, "delayed 1-50 ms", "GET", "/delayed/random", None, False),
    (6, "large response (256 KiB)", "GET", "/large", None, False),
    (12, "upload (1-256 KiB)", "POST", "/upload", (1 << 10, 256 << 10), False),
    (6, "fault: close", "GET", "/fault/close", None, True),
    (6, "fault: truncated body", "GET", "/fault/truncated", None, True),
    (6, "fault: garbage", "GET", "/fault/garbage", None, True),
]


class Stats:
    def __init__(self):
        self.sent = 0
        self.by_kind = {k[1]: 0 for k in KINDS}
        self.statuses = {}
        self.faults_seen = 0
        self.unexpected = []
        self.connections = 0


async def read_response(reader):
    """Reads one response; returns (status, keep_alive). Raises on a cut-off."""
    line = await reader.readline()
    if not line:
        raise ConnectionError("closed before a status line")
    parts = line.split(b" ", 2)
    if len(parts) < 2 or not parts[0].startswith(b"HTTP/1.") or not parts[1].isdigit():
        raise ValueError(f"not a status line: {line[:40]!r}")
    status = int(parts[1])
    length, chunked, keep = 0, False, True
    while True:
        header = await reader.readline()
        if not header:
            raise ConnectionError("closed inside the headers")
        if header in (b"\r\n", b"\n"):
            break
        name, _, value = header.partition(b":")
        name, value = name.strip().lower(), value.strip().lower()
        if name == b"content-length":
            length = int(value)
        elif name == b"transfer-encoding" and value == b"chunked":
            chunked = True
        elif name == b"connection" and value == b"close":
            keep = False
    if chunked:
        while True:
            size = int((await reader.readline()).split(b";")[0], 16)
            await reader.readexactly(size + 2)
            if size == 0:
                break
    else:
        await reader.readexactly(length)
    return status, keep


async def worker(host, port, deadline, stats, rng, uploads):
    weights = [k[0] for k in KINDS]
    reader = writer = None
    n = 0
    previous = None  # what this connection carried last, for error reports
    on_connection = 0
    while time.monotonic() < deadline:
        if writer is None:
            reader, writer = await asyncio.open_connection(host, port)
            stats.connections += 1
            previous, on_connection = None, 0
        on_connection += 1
        _, name, method, path, upload, fault = rng.choices(KINDS, weights)[0]
        n += 1
        body = b""
        if upload:
            size = rng.randint(*upload)
            body = uploads[:size]
        head = f"{method} {path.format(n=n)} HTTP/1.1\r\nHost: soak\r\n"
        if method == "POST":
            head += f"Content-Type: application/octet-stream\r\nContent-Length: {len(body)}\r\n"
        writer.write(head.encode() + b"\r\n" + body)
        await writer.drain()
        stats.sent += 1
        stats.by_kind[name] += 1
        try:
            status, keep = await asyncio.wait_for(read_response(reader), 30)
            stats.statuses[status] = stats.statuses.get(status, 0) + 1
            if fault:
                stats.unexpected.append(f"{name}: answered {status} instead of failing")
            if not keep:
                writer.close()
                writer = None
        except (ConnectionError, asyncio.IncompleteReadError, ValueError) as error:
            if fault:
                stats.faults_seen += 1
            else:
                stats.unexpected.append(f"{name}: {type(error).__name__}: {error} "
                                        f"(request {on_connection} on its connection, after {previous})")
            writer.close()
            writer = None
        previous = name
    if writer is not None:
        writer.close()


def proc_counts(pid):
    rss = threads = 0
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) * 1024
            elif line.startswith("Threads:"):
                threads = int(line.split()[1])
    return rss, len(os.listdir(f"/proc/{pid}/fd")), threads


async def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--server", required=True, help="path to understudy-bench")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--journal", type=int, default=10_000, help="the server's journal capacity")
    parser.add_argument("--tolerance", type=float, default=0.10, help="allowed post-cap memory growth")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="also write the report here")
    args = parser.parse_args()

    server = await asyncio.create_subprocess_exec(
        args.server, "soak", "--journal", str(args.journal),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
    ready = json.loads(await server.stdout.readline())
    url, pid = ready["url"], ready["pid"]
    host, port = url.split("//")[1].rsplit(":", 1)
    port = int(port)
    print(f"soak: {args.connections} connections of mixed traffic for {args.seconds:g} s against {url} (pid {pid}), journal capacity {args.journal}")

    async def status():
        server.stdin.write(b"status\n")
        await server.stdin.drain()
        return json.loads(await server.stdout.readline())

    stats = Stats()
    rng = random.Random(args.seed)
    uploads = bytes(rng.getrandbits(8) for _ in range(256 << 10))
    start = time.monotonic()
    deadline = start + args.seconds
    samples = []  # (seconds, rss, fds, threads, recorded)
    died = None

    async def sample():
        nonlocal died
        while time.monotonic() < deadline:
            if server.returncode is not None:
                died = server.returncode
                return
            rss, fds, threads = proc_counts(pid)
            journal = await status()
            samples.append((time.monotonic() - start, rss, fds, threads, journal["recorded"]))
            await asyncio.sleep(0.5)

    workers = [worker(host, port, deadline, stats, random.Random(args.seed * 1000 + i), uploads)
               for i in range(args.connections)]
    results = await asyncio.gather(sample(), *workers, return_exceptions=True)
    crashed_workers = [r for r in results if isinstance(r, BaseException)]
    elapsed = time.monotonic() - start

    server.stdin.write(b"stop\n")
    await server.stdin.drain()
    final_line = await server.stdout.readline()
    code = await server.wait()
    final = json.loads(final_line) if final_line else {}

    cap_at = next((s for s in samples if s[4] >= args.journal), None)
    post = [s for s in samples if cap_at and s[0] >= cap_at[0]]
    third = max(len(post) // 3, 1)
    early = max((s[1] for s in post[:third]), default=0)
    late = max((s[1] for s in post[-third:]), default=0)
    growth = (late - early) / early if early else float("nan")
    peak = max((s[1] for s in samples), default=0)

    checks = [
        ("no crash: the server ran to the end and exited 0", died is None and code == 0 and not crashed_workers,
         f"exit {code}" + (f", died mid-run ({died})" if died is not None else "") + (f", client errors {crashed_workers[:3]}" if crashed_workers else "")),
        ("journal recorded == requests sent", final.get("recorded") == stats.sent,
         f"{final.get('recorded')} recorded, {stats.sent} sent"),
        ("journal cap reached and reported", final.get("held") == args.journal and final.get("evicted") == stats.sent - args.journal,
         f"held {final.get('held')} of {args.journal}, evicted {final.get('evicted')}"),
        ("resident memory flat once the cap was reached", cap_at is not None and len(post) >= 3 and growth <= args.tolerance,
         (f"cap reached at {cap_at[0]:.1f} s; peak {early / 2**20:.1f} MiB early, {late / 2**20:.1f} MiB late ({growth:+.1%}, tolerance {args.tolerance:.0%})"
          if cap_at else "the cap was never reached: run longer or lower --journal")),
        ("descriptors back to baseline after stop", final.get("fdsAfter") == final.get("fdsBefore"),
         f"{final.get('fdsBefore')} before start, {final.get('fdsAfter')} after stop"
         + (f" (gained: {', '.join(final.get('fdsGained'))})" if final.get("fdsGained") else "")),
        ("threads back to baseline after stop", (final.get("threadsAfter") or 1e9) <= (final.get("threadsBefore") or 0),
         f"{final.get('threadsBefore')} before start, {final.get('threadsAfter')} after stop"),
        ("no unexpected client errors", not stats.unexpected,
         f"{len(stats.unexpected)}: {stats.unexpected[:3]}" if stats.unexpected else "none"),
    ]
    print(f"  {stats.sent:,} requests in {elapsed:.1f} s ({stats.sent / elapsed:,.0f}/s) over {stats.connections:,} connections; "
          f"statuses {dict(sorted(stats.statuses.items()))}; {stats.faults_seen:,} faults seen as cut-offs")
    print("  mix: " + ", ".join(f"{name} {count:,}" for name, count in stats.by_kind.items()))
    print(f"  server: {final}")
    print(f"  resident memory: peak {peak / 2**20:.1f} MiB; descriptors peak {max((s[2] for s in samples), default=0)}; "
          f"threads peak {max((s[3] for s in samples), default=0)}")
    failed = 0
    for label, ok, detail in checks:
        failed += not ok
        print(f"  {'PASS' if ok else 'FAIL'}  {label}: {detail}")
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"sent": stats.sent, "seconds": elapsed, "statuses": stats.statuses, "mix": stats.by_kind,
                       "final": final, "samples": samples,
                       "checks": [{"check": c[0], "passed": c[1], "detail": c[2]} for c in checks]}, out, indent=1)
    print(f"soak: {'passed' if not failed else f'{failed} check(s) failed'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
