"""Transport sections of the benchmark: proxy overhead, and HTTPS against plain HTTP."""
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


def tls_throughput(bench, body, seconds, rounds):
    """The fixed route over plain HTTP and HTTPS from one StubServer each, alternating:
    keep-alive (TLS once per connection) and Connection: close (a handshake per request)."""
    results = []
    with Server("plain", [bench, "serve", "--stubs", "100", "--body", body]) as plain, \
            Server("tls", [bench, "serve", "--stubs", "100", "--body", body, "--tls", "1"]) as tls:
        tls_url = tls.url.replace("http://", "https://")
        wrk(tls_url + "/fixed", 1)
        for number in range(rounds):
            order = [("plain", plain.url), ("tls", tls_url)]
            if number % 2:
                order.reverse()
            results.append({name: dict(keepalive=wrk(base + "/fixed", seconds),
                                       close=wrk(base + "/fixed", seconds, headers=["Connection: close"]))
                            for name, base in order})
    return results


def print_tls(results, startstop):
    keep = median([r["tls"]["keepalive"]["rps"] / r["plain"]["keepalive"]["rps"] for r in results])
    close = median([r["tls"]["close"]["rps"] / r["plain"]["close"]["rps"] for r in results])
    figures = {f"{name}-{mode}": median([r[name][mode]["rps"] for r in results])
               for name in ("plain", "tls") for mode in ("keepalive", "close")}
    print(f"HTTPS (GnuTLS, P-256), StubServer fixed route, wrk -c32: keep-alive {figures['tls-keepalive']:,.0f} req/s vs plain "
          f"{figures['plain-keepalive']:,.0f} ({keep:.2f}x); a handshake per request (Connection: close) "
          f"{figures['tls-close']:,.0f} vs {figures['plain-close']:,.0f} ({close:.2f}x)")
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
