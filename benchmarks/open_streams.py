"""Open event streams against `understudy serve`: N clients each read the
first event of a stream held open (with a heartbeat), then the server's
thread count is read from /proc. Streams are served without a thread each,
so the count stays flat. Loopback only; bounded by N.

    python3 benchmarks/open_streams.py --understudy PATH [--streams 1000]
"""
import argparse
import json
import resource
import socket
import subprocess
import tempfile


def threads(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(next(line for line in status if line.startswith("Threads:")).split()[1])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--understudy", required=True)
    parser.add_argument("--streams", type=int, default=1000)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, args.streams + 256)), hard))
    spec = tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False)
    spec.write("stubs:\n  - request: { method: GET, path: /feed }\n    response:\n"
               "      events: [ { data: first } ]\n      end: { open: { heartbeat: hb, every: 1s } }\n")
    spec.close()
    server = subprocess.Popen([args.understudy, "serve", spec.name, "--ready-json", "--quiet"], stdout=subprocess.PIPE, text=True)
    try:
        port = json.loads(server.stdout.readline())["port"]
        before = threads(server.pid)
        clients = []
        for _ in range(args.streams):
            client = socket.create_connection(("127.0.0.1", port), timeout=60)
            client.sendall(b"GET /feed HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
            clients.append(client)
        for client in clients:
            seen = b""
            while b"data: first" not in seen:
                seen += client.recv(4096)
        during = threads(server.pid)
        print(f"open event streams: {args.streams} clients each got the first event of a stream held open; "
              f"server threads {before} before, {during} with every stream open")
        for client in clients:
            client.close()
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
