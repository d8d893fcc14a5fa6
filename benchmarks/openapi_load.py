#!/usr/bin/env python3
"""How long a large OpenAPI document takes to load, as a user waits for it:
`understudy lint FILE` to its end, and `understudy serve FILE` to its ready
line, beside openapi-spec-validator validating the same file (read and
validated in one Python process, the interpreter's start not counted), all
in one run, rounds alternating. Documents: Kubernetes' API description
(Debian's golang-k8s-kube-openapi-dev ships it as Swagger 2.0; translated
to OpenAPI 3.0.3 by benchmarks/swagger2_to_openapi3.py), and the generated
3,000-operation document (scripts/openapi-large), each as JSON and as YAML.

    benchmarks/openapi_load.py --understudy BIN --python VENV_PYTHON --swagger FILE --workdir DIR [--rounds 3]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
VALIDATE = r"""
import sys, time
from openapi_spec_validator import validate
from openapi_spec_validator.readers import read_from_filename
start = time.perf_counter()
document, _ = read_from_filename(sys.argv[1])
validate(document)
print(time.perf_counter() - start)
"""


def lint(understudy, path):
    start = time.perf_counter()
    done = subprocess.run([understudy, "lint", path], capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"understudy lint {path} failed: {done.stdout}{done.stderr}")
    return elapsed


def serve(understudy, path):
    start = time.perf_counter()
    child = subprocess.Popen([understudy, "serve", path, "--ready-json", "--quiet"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        line = child.stdout.readline()
        elapsed = time.perf_counter() - start
        if not line.startswith("{"):
            raise SystemExit(f"understudy serve {path} did not start: {line}{child.stderr.read()}")
        return elapsed
    finally:
        child.terminate()
        child.wait(timeout=10)


def validate(python, path):
    done = subprocess.run([python, "-c", VALIDATE, path], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"openapi-spec-validator refused {path}: {done.stderr[-2000:]}")
    return float(done.stdout.strip().splitlines()[-1])


def documents(options):
    os.makedirs(options.workdir, exist_ok=True)
    k8s_json = os.path.join(options.workdir, "kubernetes.openapi.json")
    k8s_yaml = os.path.join(options.workdir, "kubernetes.openapi.yaml")
    subprocess.run([options.python, os.path.join(HERE, "swagger2_to_openapi3.py"), options.swagger, k8s_json, k8s_yaml], check=True)
    generated_json = os.path.join(options.workdir, "generated.openapi.json")
    generated_yaml = os.path.join(options.workdir, "generated.openapi.yaml")
    with open(generated_json, "w") as out:
        subprocess.run([sys.executable, os.path.join(HERE, "..", "scripts", "openapi-large")], stdout=out, check=True)
    subprocess.run([options.python, "-c", "import json, sys, yaml; yaml.safe_dump(json.load(open(sys.argv[1])), open(sys.argv[2], 'w'), sort_keys=False)",
                    generated_json, generated_yaml], check=True)
    with open(k8s_json) as source:
        k8s = json.load(source)
    operations = sum(1 for item in k8s["paths"].values() for key in item if key in ("get", "put", "post", "delete", "patch", "head", "options"))
    title = f"Kubernetes {k8s['info']['version']} ({len(k8s['paths'])} paths, {operations} operations)"
    return [(title, "JSON", k8s_json), (title, "YAML", k8s_yaml),
            ("generated, 3,000 operations", "JSON", generated_json), ("generated, 3,000 operations", "YAML", generated_yaml)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--understudy", required=True)
    parser.add_argument("--python", required=True, help="a Python with openapi-spec-validator and PyYAML")
    parser.add_argument("--swagger", required=True, help="Kubernetes' Swagger 2.0 description")
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    rows = []
    for title, form, path in documents(options):
        lints, serves, validations = [], [], []
        for number in range(options.rounds):
            steps = [lambda: lints.append(lint(options.understudy, path)), lambda: serves.append(serve(options.understudy, path)),
                     lambda: validations.append(validate(options.python, path))]
            for step in (steps if number % 2 == 0 else list(reversed(steps))):
                step()
        rows.append((title, form, os.path.getsize(path), statistics.median(lints), statistics.median(serves), statistics.median(validations)))
    print(f"loading large OpenAPI documents: medians of {options.rounds} alternating rounds; openapi-spec-validator "
          "reads and validates the same file in one Python process (interpreter start not counted)")
    print()
    print("| document | form | size | `understudy lint` | `understudy serve` to ready | openapi-spec-validator | lint vs validator |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for title, form, size, linted, served, validated in rows:
        print(f"| {title} | {form} | {size / 1e6:.1f} MB | **{linted:.2f} s** | {served:.2f} s | {validated:.2f} s | **{linted / validated:.2f}x** |")
    print()


if __name__ == "__main__":
    main()
