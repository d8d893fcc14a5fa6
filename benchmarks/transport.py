"""Transport sections of the benchmark: proxy overhead, and HTTPS against plain HTTP."""
import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request

from contenders import TICKS, Server, median, wrk


class Nginx:
    """nginx (Debian's) as a reverse proxy to `upstream`, with kept upstream
    connections: what a C proxy reaches on this machine, the bound for ours.
    nginx takes no port 0, so the port is a free one picked just before."""

    def __init__(self, upstream, workers):
        self.upstream, self.workers = upstream, workers

    def __enter__(self):
        self.folder = tempfile.mkdtemp(prefix="understudy-nginx-")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        temp = {name: os.path.join(self.folder, name) for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
        config = os.path.join(self.folder, "nginx.conf")
        with open(config, "w") as file:
            file.write(f"""worker_processes {self.workers};
pid {self.folder}/nginx.pid;
error_log stderr error;
events {{ worker_connections 1024; }}
http {{
  access_log off;
  client_body_temp_path {temp['body']}; proxy_temp_path {temp['proxy']}; fastcgi_temp_path {temp['fastcgi']};
  uwsgi_temp_path {temp['uwsgi']}; scgi_temp_path {temp['scgi']};
  upstream origin {{ server {self.upstream.removeprefix('http://')}; keepalive 64; }}
  server {{
    listen 127.0.0.1:{port};
    location / {{ proxy_pass http://origin; proxy_http_version 1.1; proxy_set_header Connection ""; }}
  }}
}}
""")
        self.process = subprocess.Popen(["nginx", "-p", self.folder, "-c", config, "-g", "daemon off;"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/fixed", timeout=5) as response:
                    if response.status == 200:
                        return self
            except OSError:
                pass
            if self.process.poll() is not None:
                break
            time.sleep(0.02)
        self.__exit__(None, None, None)
        raise SystemExit(f"error: nginx did not start on {self.url}")

    def __exit__(self, *exc):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        shutil.rmtree(self.folder, ignore_errors=True)


def proxy_overhead(understudy, reference, body, seconds, rounds):
    """The fixed route straight from the C reference, through `understudy serve`
    proxying to it, and through nginx (when installed) proxying to it,
    alternating: wrk with 1 connection (latency) and 32 (throughput)."""
    results = []
    with Server("upstream", [reference, body]) as upstream:
        spec = tempfile.NamedTemporaryFile("w", suffix=".yaml")
        spec.write("stubs:\n  - request: { method: GET, path: /fixed }\n"
                   f"    response: {{ proxy: {{ to: \"{upstream.url}\" }} }}\n")
        spec.flush()
        with Server("proxy", [understudy, "serve", spec.name, "--quiet"]) as proxy, contextlib.ExitStack() as stack:
            contenders = [("direct", upstream.url), ("proxied", proxy.url)]
            if shutil.which("nginx"):
                contenders.append(("nginx", stack.enter_context(Nginx(upstream.url, "auto")).url))
            for _, base in contenders[1:]:
                wrk(base + "/fixed", 1, connections=8)
            for number in range(rounds):
                order = contenders if number % 2 == 0 else contenders[::-1]
                results.append({name: dict(single=wrk(base + "/fixed", seconds, connections=1),
                                           many=wrk(base + "/fixed", seconds, connections=32)) for name, base in order})
    return results


def tls_throughput(bench, reference, body, seconds, rounds):
    """The fixed route over plain HTTP and HTTPS, from StubServer and from the C
    reference, alternating: keep-alive (TLS once per connection) and
    Connection: close (a handshake per request). Both HTTPS servers present the
    same P-256 certificate (made here with openssl) through the same GnuTLS."""
    folder = tempfile.mkdtemp(prefix="understudy-tls-")
    cert, key = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", cert,
                    "-days", "2"], check=True, capture_output=True)
    results = []
    with Server("plain", [bench, "serve", "--stubs", "100", "--body", body]) as plain, \
            Server("tls", [bench, "serve", "--stubs", "100", "--body", body, "--tls-cert", cert, "--tls-key", key]) as tls, \
            Server("reference", [reference, body]) as c_plain, \
            Server("reference-tls", [reference, body, "--tls", cert, key]) as c_tls:
        servers = {"plain": (plain, plain.url), "tls": (tls, tls.url.replace("http://", "https://")),
                   "c-plain": (c_plain, c_plain.url), "c-tls": (c_tls, c_tls.url.replace("http://", "https://"))}
        wrk(servers["tls"][1] + "/fixed", 1)
        wrk(servers["c-tls"][1] + "/fixed", 1)
        for number in range(rounds):
            order = list(servers.items())
            if number % 2:
                order.reverse()
            results.append({name: dict(keepalive=measured(server, base + "/fixed", seconds),
                                       close=measured(server, base + "/fixed", seconds, ["Connection: close"]))
                            for name, (server, base) in order})
    for path in (cert, key):
        os.unlink(path)
    os.rmdir(folder)
    return results


def measured(server, url, seconds, headers=()):
    """wrk against one server, with the server's CPU per request beside wrk's own."""
    before = server.cpu_ticks()
    result = wrk(url, seconds, headers=headers)
    result["server_us"] = (server.cpu_ticks() - before) * 1e6 / TICKS / max(result["requests"], 1)
    return result


def print_tls(results, startstop):
    ratio = lambda one, other, mode: median([r[one][mode]["rps"] / r[other][mode]["rps"] for r in results])
    figures = {f"{name}-{mode}": median([r[name][mode]["rps"] for r in results])
               for name in ("plain", "tls", "c-plain", "c-tls") for mode in ("keepalive", "close")}
    print(f"HTTPS (GnuTLS, one P-256 certificate for both servers), fixed route, wrk -c32, one server thread each, "
          f"{len(results)} alternating rounds, medians:")
    print()
    print("| | StubServer | C reference | StubServer vs C |")
    print("| --- | ---: | ---: | ---: |")
    print(f"| a handshake per request (Connection: close), req/s | {figures['tls-close']:,.0f} | {figures['c-tls-close']:,.0f} | "
          f"**{ratio('tls', 'c-tls', 'close'):.2f}x** (≥ 0.50) |")
    print(f"| keep-alive HTTPS, req/s | {figures['tls-keepalive']:,.0f} | {figures['c-tls-keepalive']:,.0f} | "
          f"{ratio('tls', 'c-tls', 'keepalive'):.2f}x |")
    print(f"| keep-alive plain HTTP, req/s | {figures['plain-keepalive']:,.0f} | {figures['c-plain-keepalive']:,.0f} | "
          f"{ratio('plain', 'c-plain', 'keepalive'):.2f}x |")
    print(f"| keep-alive HTTPS vs plain | **{ratio('tls', 'plain', 'keepalive'):.2f}x** (≥ 0.80) | "
          f"{ratio('c-tls', 'c-plain', 'keepalive'):.2f}x | |")
    cpu = lambda name, figure: median([r[name]["keepalive"][figure] for r in results])
    if "server_us" in results[0]["tls"]["keepalive"]:
        print(f"| server CPU per request, keep-alive plain / HTTPS | {cpu('plain', 'server_us'):.1f} / "
              f"{cpu('tls', 'server_us'):.1f} µs | {cpu('c-plain', 'server_us'):.1f} / {cpu('c-tls', 'server_us'):.1f} µs | |")
        print(f"| what HTTPS adds to the server's CPU per request | +{cpu('tls', 'server_us') - cpu('plain', 'server_us'):.1f} µs | "
              f"+{cpu('c-tls', 'server_us') - cpu('c-plain', 'server_us'):.1f} µs | |")
        # wrk -t1 is one thread: it cannot send HTTPS requests faster than its
        # own CPU per HTTPS request allows, whatever the server spends.
        ceiling = lambda name: 1e6 / cpu(name, "client_us")
        bound = lambda tls, plain: median([ceiling(tls) / r[plain]["keepalive"]["rps"] for r in results])
        print(f"| the load generator's bound for HTTPS vs plain | {bound('tls', 'plain'):.2f}x | "
              f"{bound('c-tls', 'c-plain'):.2f}x | |")
        print()
        print(f"The load generator's bound: wrk's one thread spent {cpu('tls', 'client_us'):.1f} µs of CPU on each "
              f"keep-alive HTTPS request and {cpu('plain', 'client_us'):.1f} µs on each plain one (against the C server: "
              f"{cpu('c-tls', 'client_us'):.1f} and {cpu('c-plain', 'client_us'):.1f} µs), so it sends at most about "
              f"{ceiling('tls'):,.0f} HTTPS requests a second on this machine, whatever the server spends: keep-alive "
              f"HTTPS can reach at most {bound('tls', 'plain'):.2f}x the StubServer's plain rate here "
              f"({bound('c-tls', 'c-plain'):.2f}x the C server's).")
    print()
    if startstop:
        print(f"start+stop with TLS: {startstop['tlsMedianMicros']:.0f} µs median ({startstop['tlsP90Micros']:.0f} p90) with a "
              f"certificate given, vs {startstop['medianMicros']:.0f} µs plain; {startstop['tlsGeneratedMedianMicros']:.0f} µs "
              f"({startstop['tlsGeneratedP90Micros']:.0f}) making a new authority and leaf at each start")


def print_proxy(results):
    overhead = median([1e6 / r["proxied"]["single"]["rps"] - 1e6 / r["direct"]["single"]["rps"] for r in results])
    latency = median([r["proxied"]["single"]["rps"] / r["direct"]["single"]["rps"] for r in results])
    throughput = median([r["proxied"]["many"]["rps"] / r["direct"]["many"]["rps"] for r in results])
    direct = median([r["direct"]["single"]["rps"] for r in results])
    proxied = median([r["proxied"]["single"]["rps"] for r in results])
    direct_many = median([r["direct"]["many"]["rps"] for r in results])
    proxied_many = median([r["proxied"]["many"]["rps"] for r in results])
    print(f"proxy overhead, fixed route through `understudy serve` proxy: to the C reference: one connection "
          f"{direct:,.0f} req/s direct, {proxied:,.0f} proxied ({latency:.2f}x), +{overhead:.0f} µs per request; "
          f"32 connections {direct_many:,.0f} req/s direct, {proxied_many:,.0f} proxied ({throughput:.2f}x) "
          f"({len(results)} alternating rounds, medians)")
    if "nginx" in results[0]:
        nginx_single = median([r["nginx"]["single"]["rps"] / r["direct"]["single"]["rps"] for r in results])
        nginx_many = median([r["nginx"]["many"]["rps"] / r["direct"]["many"]["rps"] for r in results])
        print(f"the same through nginx {nginx_version()} (C; worker_processes auto, kept upstream connections), the bound "
              f"a C proxy reaches on this machine: one connection {nginx_single:.2f}x direct, +"
              f"{median([1e6 / r['nginx']['single']['rps'] - 1e6 / r['direct']['single']['rps'] for r in results]):.0f} µs; "
              f"32 connections {median([r['nginx']['many']['rps'] for r in results]):,.0f} req/s ({nginx_many:.2f}x direct); "
              f"understudy vs nginx at 32 connections: "
              f"{median([r['proxied']['many']['rps'] / r['nginx']['many']['rps'] for r in results]):.2f}x")
    else:
        print("(nginx is not installed: no C proxy to bound the proxy's figures; scripts/bench installs it)")


def nginx_version():
    output = subprocess.run(["nginx", "-v"], capture_output=True, text=True).stderr
    return output.strip().rsplit("/", 1)[-1]
