"""How soon `understudy serve --watch` answers from a saved spec: the time
from an editor's save (a new file renamed over the spec) to the first
request answered by the new stubs, over back-to-back saves."""

import os
import re
import shutil
import subprocess
import tempfile
import time
import urllib.request


def measure(understudy, saves=30):
    folder = tempfile.mkdtemp(prefix="understudy-reload-")
    spec = os.path.join(folder, "live.yaml")

    def save(body):
        written = spec + ".tmp"
        with open(written, "w") as file:
            file.write(f"stubs:\n  - request: {{ path: /v }}\n    response: {{ body: {body} }}\n")
        os.rename(written, spec)

    save("start")
    process = subprocess.Popen([understudy, "serve", spec, "--watch", "--quiet"], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    try:
        url = re.search(r"http://127\.0\.0\.1:\d+", process.stdout.readline()).group(0)
        took = []
        for number in range(saves):
            body = f"b{number:04d}"
            started = time.monotonic()
            save(body)
            while urllib.request.urlopen(url + "/v", timeout=30).read().decode() != body:
                time.sleep(0.001)  # measuring: asking again until the new stub answers
            took.append((time.monotonic() - started) * 1000)
    finally:
        process.terminate()
        process.wait()
        shutil.rmtree(folder, ignore_errors=True)
    took.sort()
    return dict(saves=saves, medianMillis=took[len(took) // 2], p90Millis=took[len(took) * 9 // 10])


def print_report(reload):
    print(f"serve --watch, save to the new stubs' first answer: median {reload['medianMillis']:.1f} ms, "
          f"p90 {reload['p90Millis']:.1f} ms over {reload['saves']} back-to-back saves "
          f"(20 ms of it the wait for a save's last write)")
