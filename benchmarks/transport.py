"""Transport sections of the benchmark: proxy overhead, and HTTPS against plain HTTP."""
import os
import subprocess
import tempfile

from contenders import Server, median, wrk


def proxy_overhead(understudy, reference, body, seconds, rounds):
    """The fixed route straight from the C reference and through `understudy serve`
    proxying to it, alternating: wrk with 1 connection (latency) and 32 (throughput)."""
    results = []
    with Server("upstream", [reference, body]) as upstream:
        spec = tempfile.NamedTemporaryFile("w", suffix=".yaml")
        spec.write("stubs:\n  - request: { method: GET, path: /fixed }\n"
                   f"    response: {{ proxy: {{ to: \"{upstream.url}\" }} }}\n")
        spec.flush()
        with Server("proxy", [understudy, "serve", spec.name, "--quiet"]) as proxy:
            wrk(proxy.url + "/fixed", 1, connections=8)
            for number in range(rounds):
                order = [("direct", upstream.url), ("proxied", proxy.url)]
                if number % 2:
                    order.reverse()
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
        urls = {"plain": plain.url, "tls": tls.url.replace("http://", "https://"),
                "c-plain": c_plain.url, "c-tls": c_tls.url.replace("http://", "https://")}
        wrk(urls["tls"] + "/fixed", 1)
        wrk(urls["c-tls"] + "/fixed", 1)
        for number in range(rounds):
            order = list(urls.items())
            if number % 2:
                order.reverse()
            results.append({name: dict(keepalive=wrk(base + "/fixed", seconds),
                                       close=wrk(base + "/fixed", seconds, headers=["Connection: close"]))
                            for name, base in order})
    for path in (cert, key):
        os.unlink(path)
    os.rmdir(folder)
    return results


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
