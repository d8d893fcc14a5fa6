# Shared by the scripts in scripts/: source it, do not run it.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

say() { printf '%s\n' "$*" >&2; }
die() { say "error: $*"; exit 2; }

# ensure_packages PKG...: installs the Debian packages that are missing.
# Runs `apt-get update` only when something is missing, at most once per call.
ensure_packages() {
    local missing=()
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || die "need root (or sudo) to install: ${missing[*]}"
        sudo="sudo"
    fi
    say "installing: ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# The system libraries every build needs.
ensure_build_packages() {
    command -v swift >/dev/null || die "swift is not on PATH (Swift 6.1 or later is needed)"
    ensure_packages libmicrohttpd-dev zlib1g-dev pkg-config
}

# The release build as README installs it: on Linux, the Swift runtime and
# Foundation linked into the binary (--static-swift-stdlib), which starts a
# process in about two thirds of the time (fewer shared libraries to load and
# bind). FoundationNetworking's static library then links libcurl, whose
# development link comes from libcurl4-openssl-dev. Every release script builds
# with these flags, so they share one build.
# The debug build's flags: the ones scripts/test builds with. A script that
# builds with other flags makes SwiftPM compile every module again (about a
# minute on two cores), and the next scripts/test again.
# (The index stays on: on Linux a test build finds its XCTest cases through
# it, and `swift build --build-tests --disable-index-store` fails.)
DEBUG=(-Xswiftc -warnings-as-errors)
# Under CI nobody reads the index of a build without tests: the Swift
# WebSocket client built without it in 291 s against 315 s (two cores, a new
# folder each).
NO_INDEX=()
if [ -n "${CI:-}" ]; then NO_INDEX=(--disable-index-store); fi
RELEASE=(-c release)
if [ "$(uname -s)" = Linux ]; then RELEASE+=(--static-swift-stdlib); fi
ensure_release_packages() {
    ensure_build_packages
    if [ "$(uname -s)" = Linux ]; then ensure_packages libcurl4-openssl-dev; fi
}

# The real WireMock 2.35.1 for the differential tests: the jar inside PyPI
# `wiremock` 2.7.0, run with Java 17. Idempotent; says what is missing.
ensure_wiremock() {
    if ! python3 -c "import wiremock" 2>/dev/null || \
       [ "$(python3 -c 'import importlib.metadata as m; print(m.version("wiremock"))' 2>/dev/null)" != "2.7.0" ]; then
        say "installing: wiremock==2.7.0 (PyPI; ships wiremock-standalone-2.35.1.jar)"
        python3 -m pip install --quiet --disable-pip-version-check wiremock==2.7.0 >&2
    fi
    command -v java >/dev/null || ensure_packages openjdk-17-jre-headless
}

# The Pact reference tools (`pact verifier`, `pact stub`, `pact mock`): PyPI
# `pact-python-cli`, one executable. Idempotent; prints where `pact` is.
PACT_CLI_VERSION="1!0.10.9"
# The instance-validation oracle for OpenAPI schemas (jsonschema with OpenAPI's
# dialects; rfc3339-validator makes it check date-time).
OPENAPI_SCHEMA_VALIDATOR_VERSION=0.9.0
ensure_openapi_oracle() {
    if [ "$(python3 -c 'import importlib.metadata as m; print(m.version("openapi-schema-validator"))' 2>/dev/null)" != "$OPENAPI_SCHEMA_VALIDATOR_VERSION" ] \
        || ! python3 -c 'import rfc3339_validator' 2>/dev/null; then
        say "installing: openapi-schema-validator==$OPENAPI_SCHEMA_VALIDATOR_VERSION rfc3339-validator (PyPI; the oracle for our schema validator)"
        python3 -m pip install --quiet --disable-pip-version-check "openapi-schema-validator==$OPENAPI_SCHEMA_VALIDATOR_VERSION" rfc3339-validator >&2
    fi
}

# openapi-core (request and response validation against a whole document) in
# its own virtual environment: it pins older openapi-schema-validator versions
# than the oracle above. Tests find it at .build/venv-openapi-core.
OPENAPI_CORE_VERSION=0.23.1
ensure_openapi_core() {
    local venv="$ROOT/.build/venv-openapi-core"
    if [ "$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("openapi-core"))' 2>/dev/null)" != "$OPENAPI_CORE_VERSION" ]; then
        say "installing: openapi-core==$OPENAPI_CORE_VERSION (PyPI, in .build/venv-openapi-core)"
        python3 -m venv "$venv" >&2
        "$venv/bin/pip" install --quiet --disable-pip-version-check "openapi-core==$OPENAPI_CORE_VERSION" >&2
    fi
}

# schemathesis (property-based API tests) in its own virtual environment,
# since it pins versions of its own; tests find it at .build/venv-schemathesis.
SCHEMATHESIS_VERSION=4.32.5
ensure_schemathesis() {
    local venv="$ROOT/.build/venv-schemathesis"
    if [ "$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("schemathesis"))' 2>/dev/null)" != "$SCHEMATHESIS_VERSION" ]; then
        say "installing: schemathesis==$SCHEMATHESIS_VERSION (PyPI, in .build/venv-schemathesis)"
        python3 -m venv "$venv" >&2
        "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" >&2
    fi
}

# Chromium, its WebDriver and selenium (in .build/venv-selenium), for the
# request-log page's browser test. Idempotent.
SELENIUM_VERSION=4.38.0
ensure_browser() {
    ensure_packages chromium chromium-driver fonts-dejavu-core
    local venv="$ROOT/.build/venv-selenium"
    if [ "$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("selenium"))' 2>/dev/null)" != "$SELENIUM_VERSION" ]; then
        say "installing: selenium==$SELENIUM_VERSION (PyPI, in .build/venv-selenium)"
        python3 -m venv "$venv" >&2
        "$venv/bin/pip" install --quiet --disable-pip-version-check "selenium==$SELENIUM_VERSION" >&2
    fi
}

# Every real tool the test suite checks against: the differential tests run
# against the real WireMock, the pact tests against the real Pact tools, the
# schema validator against openapi-schema-validator, request and response
# checks against openapi-core, served documents against schemathesis, the
# request-log page in headless Chromium. gdb gives a hung run's backtraces.
# The streaming clients the tests read event streams with: the official
# openai and anthropic SDKs, and httpx-sse; in .build/venv-streams.
STREAM_CLIENTS=("openai==3.51.0" "anthropic==2.10.0" "httpx-sse==0.4.3" "httpx==0.28.1" "websockets==17.4")
ensure_stream_clients() {
    local venv="$ROOT/.build/venv-streams"
    if ! "$venv/bin/python" -c 'import importlib.metadata as m, sys; sys.exit(0 if [m.version(p) for p in ("openai", "anthropic", "httpx-sse", "httpx", "websockets")] == ["3.51.0", "2.10.0", "0.4.3", "0.28.1", "17.4"] else 1)' 2>/dev/null; then
        say "installing: ${STREAM_CLIENTS[*]} (PyPI, in .build/venv-streams)"
        python3 -m venv "$venv" >&2
        "$venv/bin/pip" install --quiet --disable-pip-version-check "${STREAM_CLIENTS[@]}" >&2
    fi
}

# The Swift WebSocket client the tests run (Examples/SwiftWebSocketClient:
# hummingbird-project/swift-websocket on SwiftNIO, its own package so the
# main graph never builds NIO). About 4 minutes the first time on 2 cores
# (217 s, of which about 40 s resolving its 20 packages from the mirror).
swift_websocket_client_is_built() {
    [ -x "$ROOT/Examples/SwiftWebSocketClient/.build/debug/ws-conversation" ] \
        && [ -z "$(find "$ROOT/Examples/SwiftWebSocketClient/Sources" "$ROOT/Examples/SwiftWebSocketClient/Package.swift" \
                  -newer "$ROOT/Examples/SwiftWebSocketClient/.build/debug/ws-conversation" 2>/dev/null)" ]
}

ensure_swift_websocket_client() {
    if ! swift_websocket_client_is_built; then
        say "building: the Swift WebSocket client (Examples/SwiftWebSocketClient, swift-websocket 1.6.2 on SwiftNIO)"
        (cd "$ROOT/Examples/SwiftWebSocketClient" && swift build --quiet ${NO_INDEX[@]+"${NO_INDEX[@]}"}) >&2
    fi
}

# mitmproxy (PyPI), the HAR oracle: it records HAR as a reverse proxy and
# reads ours back. It needs Python 3.12 or newer, which pyenv provides here;
# in .build/venv-mitmproxy.
MITMPROXY_VERSION=12.3.1
# The public HAR 1.2 JSON Schema (ahmadnassri/har-schema 2.0.0, npm-only
# upstream; Debian ships it) in /usr/share/nodejs/har-schema/lib. The HAR
# tests apply it with python3's jsonschema, which the OpenAPI oracle installs.
ensure_har_schema() {
    ensure_packages node-har-schema
    ensure_openapi_oracle
}

ensure_mitmproxy() {
    local venv="$ROOT/.build/venv-mitmproxy"
    if [ "$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("mitmproxy"))' 2>/dev/null)" != "$MITMPROXY_VERSION" ]; then
        local python=""
        for candidate in python3.13 python3.12 "$(pyenv root 2>/dev/null)"/versions/3.1[23]*/bin/python3; do
            if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' 2>/dev/null; then
                python="$candidate"; break
            fi
        done
        if [ -z "$python" ]; then
            say "mitmproxy needs Python 3.12 or newer and none was found (pyenv install 3.12); the HAR interop tests will say so"
            return 0
        fi
        say "installing: mitmproxy==$MITMPROXY_VERSION (PyPI, with $python, in .build/venv-mitmproxy)"
        rm -rf "$venv"
        "$python" -m venv "$venv" >&2
        "$venv/bin/pip" install --quiet --disable-pip-version-check "mitmproxy==$MITMPROXY_VERSION" >&2
    fi
}

ensure_test_tools() {
    ensure_downloaded_test_tools
    timed ensure_swift_websocket_client
}

# The test tools that are downloaded rather than built (Debian and PyPI
# packages, the WireMock jar): mostly waiting on the network, so
# scripts/test installs them while the Swift build runs.
ensure_downloaded_test_tools() {
    local tool
    for tool in "ensure_packages gdb" ensure_har_schema ensure_mitmproxy ensure_wiremock ensure_pact ensure_openapi_oracle \
        ensure_openapi_core ensure_schemathesis ensure_browser ensure_stream_clients; do
        timed $tool
    done
}

# timed COMMAND...: runs it and, when it took 5 s or more, says how long.
timed() {
    local begun=$SECONDS
    "$@"
    if (( SECONDS - begun >= 5 )); then say "  $1${2:+ $2}: $((SECONDS - begun)) s"; fi
}

ensure_pact() {
    if [ "$(python3 -c 'import importlib.metadata as m; print(m.version("pact-python-cli"))' 2>/dev/null)" != "$PACT_CLI_VERSION" ]; then
        say "installing: pact-python-cli==$PACT_CLI_VERSION (PyPI; the pact verifier, stub and mock)"
        python3 -m pip install --quiet --disable-pip-version-check "pact-python-cli==$PACT_CLI_VERSION" >&2
    fi
    export PACT_DO_NOT_TRACK=true
}
