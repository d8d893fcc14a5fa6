"""How soon `understudy serve --marvel` (the README's main job) is of use:
the time to its ready line, and to the answer of the signed page of 20
comics it suggests trying, from a fresh process each time."""

import re
import subprocess
import time
import urllib.request


def measure(understudy, starts=9):
    ready, answered = [], []
    for _ in range(starts):
        started = time.monotonic()
        process = subprocess.Popen([understudy, "serve", "--marvel"], stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, text=True)
        try:
            process.stdout.readline()
            ready.append((time.monotonic() - started) * 1000)
            url = re.search(r"'(http[^']+)'", process.stdout.readline()).group(1).replace("limit=1", "limit=20")
            with urllib.request.urlopen(url, timeout=30) as response:
                response.read()
            answered.append((time.monotonic() - started) * 1000)
        finally:
            process.terminate()
            process.wait()
    ready.sort()
    answered.sort()
    return dict(starts=starts, readyMillis=ready[starts // 2], firstPageMillis=answered[starts // 2])


def print_report(start):
    print(f"serve --marvel from a fresh process: ready line {start['readyMillis']:.1f} ms, "
          f"a signed page of 20 comics answered {start['firstPageMillis']:.1f} ms (medians of {start['starts']})")
