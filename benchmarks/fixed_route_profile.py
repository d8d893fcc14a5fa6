#!/usr/bin/env python3
"""Where a fixed-route request's instructions go: StubServer (100 stubs)
against the C libmicrohttpd reference answering the same 1,473-byte body,
each run under callgrind (valgrind) while one keep-alive connection sends N
requests after a warm-up; instructions per request (Ir) by component. The
machine's CPU time per request under wrk (perf stat's task-clock) is in the
main benchmark; this accounts for the difference. Kernel work (the same
recv/send per request for both) is not counted by callgrind.

    benchmarks/fixed_route_profile.py --bench BIN --reference BIN --body FILE [--requests 5000]

valgrind 3.19 cannot read Swift 6's debug information, so the Swift binary
is profiled from a copy with its debug sections stripped (symbols kept).
"""
import argparse
import collections
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time

REQUEST = b"GET /fixed HTTP/1.1\r\nHost: x\r\n\r\n"


def exchange(port, count):
    with socket.create_connection(("127.0.0.1", port)) as connection:
        buffer = b""
        for _ in range(count):
            connection.sendall(REQUEST)
            while True:
                end = buffer.find(b"\r\n\r\n")
                if end >= 0:
                    head = buffer[:end].decode("latin-1")
                    length = int(re.search(r"(?im)^content-length:\s*(\d+)", head).group(1))
                    if len(buffer) >= end + 4 + length:
                        if not head.startswith("HTTP/1.1 200"):
                            raise SystemExit(f"unexpected answer: {head[:60]}")
                        buffer = buffer[end + 4 + length:]
                        break
                chunk = connection.recv(65536)
                if not chunk:
                    raise SystemExit("the server closed the connection")
                buffer += chunk


def self_costs(path):
    """Self Ir per (object, function) from a callgrind output file."""
    names = {"ob": {}, "fn": {}}
    costs = collections.Counter()
    current = {"ob": "?", "fn": "?"}
    after_call = False
    with open(path, encoding="utf-8", errors="replace") as data:
        for line in data:
            line = line.rstrip("\n")
            match = re.match(r"^(c?)(ob|fn|fl|fi|fe)=(?:\((\d+)\))?\s*(.*)$", line)
            if match:
                called, kind, number, name = match.groups()
                if kind in ("ob", "fn"):
                    table = names[kind]
                    if number and name:
                        table[number] = name
                    resolved = table.get(number, name) if number else name
                    if not called:
                        current[kind] = resolved
                continue
            if line.startswith("calls="):
                after_call = True
                continue
            if line and (line[0].isdigit() or line[0] in "+-*"):
                if after_call:
                    after_call = False
                    continue
                costs[(current["ob"], current["fn"])] += int(line.split()[-1])
    return costs


MODULES = {"9MicroHTTP": "MicroHTTP (our libmicrohttpd binding)", "10StubEngine": "StubEngine (matching, journal)",
           "7StubKit": "StubKit (requests, stubs)", "8HTTPWire": "HTTPWire (answers)", "7Locking": "Locking",
           "10StubServer": "StubServer"}


def category(obj, function):
    base = os.path.basename(obj)
    if "libmicrohttpd" in base:
        return "libmicrohttpd"
    if base.startswith("libc.so"):
        if "memset" in function or "memcpy" in function or "memmove" in function:
            return "libc: memset, memcpy"
        if re.search(r"malloc|free|calloc|realloc|_int_", function):
            return "libc: malloc, free"
        return "libc: locks, time, other"
    # The runtime is linked into the binary itself with --static-swift-stdlib,
    # so it is told by its symbols, wherever it lives.
    if function.startswith("swift_") or function.startswith("swift::") or function.startswith("_swift"):
        return "Swift runtime: retain, release, exclusivity, metadata"
    if "libswiftCore" in base or function.startswith("$ss"):
        return "Swift standard library: strings, arrays, hashing"
    if "Foundation" in base:
        return "Foundation"
    for prefix, name in MODULES.items():
        if function.startswith("$s" + prefix):
            return name
    if function.startswith("$s"):
        return "other Swift code (specialised generics)"
    if base.startswith("understudy-bench"):
        return "other code in our binary (C shims, libdispatch, the loader's stubs)"
    return f"other ({base})"


def profile(command, name, requests, warmup):
    out = tempfile.mktemp(prefix=f"callgrind-{name}-")
    log = tempfile.TemporaryFile(mode="w+")
    child = subprocess.Popen(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}.%p"] + command,
                             stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 180
        port = None
        while time.monotonic() < deadline and port is None:
            log.seek(0)
            match = re.search(r"READY https?://127\.0\.0\.1:(\d+)", log.read())
            if match:
                port = int(match.group(1))
            elif child.poll() is not None:
                break
            else:
                time.sleep(0.2)
        if port is None:
            log.seek(0)
            raise SystemExit(f"{name} did not start under valgrind:\n{log.read()[-3000:]}")
        exchange(port, warmup)
        subprocess.run(["callgrind_control", "--zero", str(child.pid)], check=True, capture_output=True)
        exchange(port, requests)
        subprocess.run(["callgrind_control", "--dump", str(child.pid)], check=True, capture_output=True)
    finally:
        child.terminate()
        child.wait(timeout=120)
    dumps = sorted(path for path in (os.path.join(os.path.dirname(out), f) for f in os.listdir(os.path.dirname(out)))
                   if path.startswith(f"{out}.{child.pid}.") or path == f"{out}.{child.pid}")
    measured = [path for path in dumps if re.search(r"\.\d+\.\d+$", path)]
    costs = self_costs(measured[0])
    for path in dumps:
        os.unlink(path)
    return costs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bench", required=True)
    parser.add_argument("--reference", required=True)
    parser.add_argument("--body", required=True)
    parser.add_argument("--requests", type=int, default=5000)
    parser.add_argument("--warmup", type=int, default=1000)
    options = parser.parse_args()
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        print("fixed-route instruction profile: skipped (valgrind is not installed)")
        return
    stripped = tempfile.mktemp(prefix="understudy-bench-stripped-")
    shutil.copy(options.bench, stripped)
    subprocess.run(["strip", "--strip-debug", stripped], check=True)
    try:
        ours = profile([stripped, "serve", "--stubs", "100", "--body", options.body], "stubserver", options.requests, options.warmup)
        theirs = profile([options.reference, options.body], "reference", options.requests, options.warmup)
    finally:
        os.unlink(stripped)
    per = lambda costs: collections.Counter({key: value / options.requests for key, value in costs.items()})
    ours, theirs = per(ours), per(theirs)
    by_category = lambda costs: sum((collections.Counter({category(obj, fn): cost}) for (obj, fn), cost in costs.items()), collections.Counter())
    mine, reference = by_category(ours), by_category(theirs)
    total_ours, total_reference = sum(ours.values()), sum(theirs.values())
    print(f"fixed-route instructions per request (callgrind Ir, one keep-alive connection, {options.requests:,} requests "
          f"after {options.warmup:,}; user space only): StubServer {total_ours:,.0f}, C reference {total_reference:,.0f} "
          f"({total_ours / total_reference:.2f}x); without libc's memset and memcpy (valgrind counts `rep stos` per byte; "
          f"libmicrohttpd zeroes its 48 KiB of connection memory per request in both) "
          f"{total_ours - mine['libc: memset, memcpy']:,.0f} against {total_reference - reference['libc: memset, memcpy']:,.0f}")
    print()
    print("| component | StubServer Ir/request | C reference Ir/request | difference |")
    print("| --- | ---: | ---: | ---: |")
    for name in sorted(set(mine) | set(reference), key=lambda key: -(mine[key] - reference[key])):
        print(f"| {name} | {mine[name]:,.0f} | {reference[name]:,.0f} | {mine[name] - reference[name]:+,.0f} |")
    print()
    print("top functions of StubServer's own code and the Swift runtime, Ir per request:")
    print()
    print("| function | Ir/request |")
    print("| --- | ---: |")
    own = [(fn, cost) for (obj, fn), cost in ours.items() if "libmicrohttpd" not in obj and not os.path.basename(obj).startswith("libc.so")]
    for fn, cost in sorted(own, key=lambda item: -item[1])[:15]:
        print(f"| `{fn[:90]}` | {cost:,.0f} |")
    print()


if __name__ == "__main__":
    main()
