"""Two builds head to head: the fixed route and the Marvel page, alternating.

    python3 benchmarks/head_to_head.py BEFORE_RELEASE_DIR AFTER_RELEASE_DIR [--rounds N] [--seconds S]

Each directory holds release `understudy-bench` and `understudy` (for a
worktree of another commit: `swift build -c release --product understudy-bench`
and `--product understudy` there). For each round, each build serves the
fixed 1,473-byte route (100 stubs) and then `serve --marvel --quiet` the
signed characters page, the order of the builds reversing every round;
wrk -t1 -c32 loads each for S seconds after a 1 s warm-up. Prints the
medians and the per-round after/before ratios: a move that changes no
behaviour should sit within the round-to-round noise.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from contenders import Server  # noqa: E402

SIGNED = "/v1/public/characters?limit=20&ts=1&apikey=1234&hash=ffd275c5130566a2916217b101f26150"
BODY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "bench", "body.json")


def wrk(url, seconds):
    out = subprocess.run(["wrk", "-t1", "-c32", f"-d{seconds}s", url], capture_output=True, text=True).stdout
    return float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seconds", type=int, default=4)
    options = parser.parse_args()
    builds = {"before": options.before, "after": options.after}
    results = {}
    for round_number in range(options.rounds):
        order = ["before", "after"] if round_number % 2 == 0 else ["after", "before"]
        for kind in ["fixed", "marvel"]:
            for who in order:
                if kind == "fixed":
                    command = [os.path.join(builds[who], "understudy-bench"), "serve", "--stubs", "100", "--body", BODY]
                    path = "/fixed"
                else:
                    command = [os.path.join(builds[who], "understudy"), "serve", "--marvel", "--quiet"]
                    path = SIGNED
                with Server(who, command) as server:
                    wrk(server.url + path, 1)
                    results.setdefault((kind, who), []).append(wrk(server.url + path, options.seconds))
    for kind, name in [("fixed", "fixed route, 100 stubs"), ("marvel", "Marvel page, serve --marvel --quiet")]:
        before, after = results[(kind, "before")], results[(kind, "after")]
        ratios = [a / b for a, b in zip(after, before)]
        print(f"{name}: before {statistics.median(before):,.0f} req/s, after {statistics.median(after):,.0f}; "
              f"after/before per round {', '.join(f'{r:.2f}' for r in ratios)}; median {statistics.median(ratios):.2f}x")


if __name__ == "__main__":
    main()
