"""WebSocket costs against `understudy serve`, loopback only, bounded by N:

1. N idle connections held open at once (each handshaken, each got its
   welcome): the server's thread count, read from /proc, stays flat, since no
   thread waits on a connection.
2. Messages per second on one connection, each a round trip (send, wait for
   the echo), against the same exchange with an echo server written with the
   Python `websockets` library (in its own process, as understudy is),
   measured in the same run with the same client.
3. A reply of three messages: exchanges per second, each a send and the
   wait for the third message, against the same reference answering alike.
   (A reply's second message once waited for the client's delayed ACK.)

    python benchmarks/websockets_cost.py --understudy PATH [--connections 1000] [--messages 5000]

Needs the `websockets` library (scripts/bench runs it with .build/venv-streams).
"""
import argparse
import asyncio
import base64
import json
import os
import resource
import socket
import subprocess
import sys
import tempfile
import time

from websockets.asyncio.client import connect
from websockets.asyncio.server import serve

SPEC = """stubs:
  - request: { method: GET, path: /idle }
    webSocket:
      onConnect: [ { send: welcome } ]
  - request: { method: GET, path: /echo }
    webSocket:
      rules: [ { on: any, reply: [ echo ] } ]
  - request: { method: GET, path: /three }
    webSocket:
      rules: [ { on: any, reply: [ echo, echo, echo ] } ]
"""


def threads(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(next(line for line in status if line.startswith("Threads:")).split()[1])


def open_idle(port, count):
    """N raw connections, each handshaken and holding its welcome."""
    clients = []
    for _ in range(count):
        client = socket.create_connection(("127.0.0.1", port), timeout=60)
        key = base64.b64encode(os.urandom(16)).decode()
        client.sendall((f"GET /idle HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        clients.append(client)
    for client in clients:
        seen = b""
        while b"welcome" not in seen:
            chunk = client.recv(4096)
            if not chunk:
                raise SystemExit("a connection closed before its welcome")
            seen += chunk
    return clients


async def round_trips(url, messages, replies=1):
    """Exchanges per second: a send, then `replies` messages back."""
    async with connect(url, compression=None) as ws:
        for _ in range(200):
            await ws.send("warm")
            for _ in range(replies):
                await ws.recv()
        started = time.perf_counter()
        for index in range(messages):
            await ws.send(f"message {index}")
            for _ in range(replies):
                await ws.recv()
        return messages / (time.perf_counter() - started)


async def serve_echo():
    """The reference: a websockets echo server; prints its port, serves until killed."""
    async def echo(ws):
        replies = 3 if ws.request.path == "/three" else 1
        async for message in ws:
            for _ in range(replies):
                await ws.send(message)

    async with serve(echo, "127.0.0.1", 0, compression=None) as server:
        print(server.sockets[0].getsockname()[1], flush=True)
        await asyncio.Future()


def python_echo_rates(messages, replies_messages):
    """The reference's round trips per second, then its three-message replies per second."""
    reference = subprocess.Popen([sys.executable, __file__, "--serve-echo"], stdout=subprocess.PIPE, text=True)
    try:
        port = int(reference.stdout.readline())
        return (asyncio.run(round_trips(f"ws://127.0.0.1:{port}/", messages)),
                asyncio.run(round_trips(f"ws://127.0.0.1:{port}/three", replies_messages, replies=3)))
    finally:
        reference.terminate()
        reference.wait(timeout=30)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--understudy")
    parser.add_argument("--connections", type=int, default=1000)
    parser.add_argument("--messages", type=int, default=5000)
    parser.add_argument("--serve-echo", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_echo:
        asyncio.run(serve_echo())
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, args.connections + 256)), hard))
    spec = tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False)
    spec.write(SPEC)
    spec.close()
    server = subprocess.Popen([args.understudy, "serve", spec.name, "--ready-json", "--quiet"], stdout=subprocess.PIPE, text=True)
    try:
        port = json.loads(server.stdout.readline())["port"]
        before = threads(server.pid)
        clients = open_idle(port, args.connections)
        during = threads(server.pid)
        print(f"open WebSocket connections: {args.connections} idle, each got its welcome; "
              f"server threads {before} before, {during} with every connection open")
        for client in clients:
            client.close()
        replies = max(1, args.messages // 5)
        ours = asyncio.run(round_trips(f"ws://127.0.0.1:{port}/echo", args.messages))
        ours_three = asyncio.run(round_trips(f"ws://127.0.0.1:{port}/three", replies, replies=3))
        theirs, theirs_three = python_echo_rates(args.messages, replies)
        print(f"WebSocket round trips on one connection ({args.messages}, the websockets client): "
              f"understudy {ours:,.0f}/s, a websockets echo server {theirs:,.0f}/s: {ours / theirs:.2f}x")
        print(f"WebSocket replies of three messages ({replies}, each a send and the wait for the third): "
              f"understudy {ours_three:,.0f}/s, a websockets echo server {theirs_three:,.0f}/s: {ours_three / theirs_three:.2f}x")
    finally:
        server.terminate()
        server.wait(timeout=30)
        os.unlink(spec.name)


if __name__ == "__main__":
    main()
