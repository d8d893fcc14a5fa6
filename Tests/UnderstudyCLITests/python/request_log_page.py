"""The live request-log page in headless Chromium, driven by selenium.

usage: request_log_page.py BASE_URL SCREENSHOT_DIR

Sends requests with urllib while the page is open and checks that each
appears without a reload, that a miss shows its failed condition, that a
secret header is masked, and that the filter works. Saves desktop and phone
screenshots (light and dark). Prints one JSON line with the update latencies.
"""
import base64
import json
import os
import socket
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

BASE, SHOTS = sys.argv[1], sys.argv[2]
SECRET = "s3cr3t-token-abcdef123456"
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message, file=sys.stderr)


def send(path, method="GET", headers=None, body=None):
    request = urllib.request.Request(BASE + path, method=method, headers=headers or {}, data=body)
    try:
        return urllib.request.urlopen(request, timeout=10).status
    except urllib.error.HTTPError as error:
        return error.code


def websocket_says(path, text):
    """Opens a WebSocket by hand (handshake, one masked text frame) and leaves it open."""
    host, port = BASE.split("//")[1].split(":")
    connection = socket.create_connection((host, int(port)), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    connection.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += connection.recv(4096)
    check(head.startswith(b"HTTP/1.1 101"), "the handshake is answered with 101: " + head.decode(errors="replace"))
    mask, payload = os.urandom(4), text.encode()
    connection.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
    return connection


def set_filter(driver, element_id, text):
    """Types into a filter box as a person would (clear() alone fires no input event)."""
    box = driver.find_element(By.ID, element_id)
    driver.execute_script("arguments[0].value = ''; arguments[0].dispatchEvent(new Event('input'))", box)
    if text:
        box.send_keys(text)


def rows(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#requests tbody tr")


def row_for(driver, target):
    for row in rows(driver):
        if row.find_element(By.CSS_SELECTOR, "td.path").text == target:
            return row
    return None


options = Options()
for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,860", "--hide-scrollbars"):
    options.add_argument(argument)
options.binary_location = "/usr/bin/chromium"
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
# Generous: under a full parallel test run on 2 cores, Chromium itself is slow to start and paint.
# The page re-renders its rows when the log changes, so an element found a moment ago may be gone: look again.
wait = WebDriverWait(driver, 30, poll_frequency=0.01, ignored_exceptions=(StaleElementReferenceException,))
latencies = []
try:
    driver.get(BASE + "/__admin/ui")
    wait.until(lambda d: "live" in d.find_element(By.ID, "status").text)
    loaded_at = driver.execute_script("return performance.timeOrigin")

    # Each request shows up without a reload; the time from sending to the row being there is the update latency.
    for index, path in enumerate(["/greeting?lang=en", "/orders", "/greeting?lang=en&n=2", "/health", "/greeting?lang=en&n=3"]):
        started = time.monotonic()
        status = send(path, method="POST" if path == "/orders" else "GET",
                      headers={"Content-Type": "application/json"} if path == "/orders" else None,
                      body=json.dumps({"item": "lamp", "qty": 2}).encode() if path == "/orders" else None)
        wait.until(lambda d: row_for(d, path) is not None)
        latencies.append((time.monotonic() - started) * 1000)
        check(status < 500, f"{path} answered {status}")
    check(driver.execute_script("return performance.timeOrigin") == loaded_at, "the page never reloaded")
    listed = wait.until(lambda d: [r.text for r in rows(d)])
    check(len(listed) == 5, "opening the page adds nothing to the journal (no favicon request): " + " | ".join(listed))

    # A request no stub matches, carrying a secret: the row says so, the detail shows the failed condition, the secret is masked.
    miss = "/greetings?lang=fr"
    send(miss, headers={"Authorization": "Bearer " + SECRET, "X-Trace": "visible-value"})
    outcome, text = wait.until(lambda d: (lambda row: row and (row.get_attribute("data-outcome"), row.text))(row_for(d, miss)))
    check(outcome == "unmatched", "the miss is marked unmatched")
    check("no stub matched" in text, "the miss's row says no stub matched: " + text)
    wait.until(lambda d: row_for(d, miss).click() or True)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#detail li.check-bad"))
    failed_text = wait.until(lambda d: " | ".join(item.text for item in d.find_elements(By.CSS_SELECTOR, "#detail li.check-bad")))
    check("path" in failed_text, "the near-miss report shows the path condition with ✗: " + failed_text)
    detail_text = wait.until(lambda d: d.find_element(By.ID, "detail").text)
    check("visible-value" in detail_text, "ordinary headers are shown")
    check(SECRET not in driver.page_source, "the bearer token never reaches the page")
    check("[redacted" in detail_text, "the Authorization header is shown masked")
    driver.save_screenshot(os.path.join(SHOTS, "request-log-desktop.png"))

    # The filter: unmatched only leaves the miss; a path filter narrows to the greetings.
    driver.find_element(By.ID, "filter-unmatched").click()
    wait.until(lambda d: len(rows(d)) == 1)
    check(wait.until(lambda d: row_for(d, miss) is not None), "unmatched only keeps the miss")
    driver.find_element(By.ID, "filter-unmatched").click()
    set_filter(driver, "filter-path", "lang=en")
    wait.until(lambda d: len(rows(d)) == 3)
    check(wait.until(lambda d: all("lang=en" in r.text for r in rows(d))), "the path filter keeps only matching rows")
    set_filter(driver, "filter-path", "")
    set_filter(driver, "filter-status", "4xx")
    wait.until(lambda d: len(rows(d)) == 1)

    orders = wait.until(lambda d: [r.text for r in d.find_elements(By.CSS_SELECTOR, "#stubs tbody tr") if r.text.startswith("order")])
    check(orders and " 1 " in f" {orders[0]} " and "1" in orders[0], "the stub list counts answers and times left: " + str(orders))

    # Phone width, light and dark.
    set_filter(driver, "filter-status", "")
    driver.set_window_size(390, 844)
    wait.until(lambda d: len(rows(d)) == 6)
    driver.save_screenshot(os.path.join(SHOTS, "request-log-phone.png"))
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    driver.save_screenshot(os.path.join(SHOTS, "request-log-phone-dark.png"))
    driver.set_window_size(1280, 860)
    driver.save_screenshot(os.path.join(SHOTS, "request-log-desktop-dark.png"))

    # An event stream held open: the detail lists each event as it goes out, the stream still open.
    stream = urllib.request.urlopen(BASE + "/ticker", timeout=30)
    received = []
    reader = threading.Thread(target=lambda: [received.append(line) for line in iter(stream.readline, b"")], daemon=True)
    reader.start()
    wait.until(lambda d: row_for(d, "/ticker").click() or True)
    wait.until(lambda d: "tick 1" in d.find_element(By.ID, "detail").text)
    shown = wait.until(lambda d: (lambda items: items if len(items) == 3 else None)(
        [item.text for item in d.find_elements(By.CSS_SELECTOR, "#detail ol.stream-events li")]))
    check(shown == ["tick 1", "tick 2", "update #3 tick 3"], "the stream's events are listed as they go out: " + str(shown))
    state = driver.find_element(By.CSS_SELECTOR, "#detail p.stream-state").text
    check(state == "3 events sent · open", "the stream is shown open: " + state)
    # The reader thread is a daemon: it ends with the script (closing the response here would wait on its read).

    # A WebSocket connection: the detail lists each message with its direction, the connection still open.
    chat = websocket_says("/chat", "hello")
    wait.until(lambda d: row_for(d, "/chat").click() or True)
    said = wait.until(lambda d: (lambda items: items if len(items) == 3 else None)(
        [item.text for item in d.find_elements(By.CSS_SELECTOR, "#detail ol.socket-messages li")]))
    check(said == ["← welcome", "→ hello", "← hi"], "the connection's messages are listed as they go: " + str(said))
    state = driver.find_element(By.CSS_SELECTOR, "#detail p.socket-state").text
    check(state == "3 messages · open", "the connection is shown open: " + state)
    chat.close()

    # A stateful resource: the panel lists it with its items, and a create shows up.
    check(send("/notes", "POST", {"Content-Type": "application/json"}, b'{"text":"from the test"}') == 201, "the create is answered")
    notes = wait.until(lambda d: (lambda text: text if "/notes: 2 items" in text else None)(d.find_element(By.ID, "resources").text))
    check("/notes: 2 items" in notes, "the resource panel counts the items: " + notes)
    driver.find_element(By.CSS_SELECTOR, "#resources summary").click()
    items = wait.until(lambda d: (lambda text: text if "from the test" in text else None)(d.find_element(By.CSS_SELECTOR, "#resources pre").text))
    check('"text":"first"' in items, "the items are listed: " + items)
finally:
    driver.quit()

print(json.dumps({"latencies_ms": [round(value, 1) for value in latencies], "median_ms": round(statistics.median(latencies), 1),
                  "failures": failures}))
sys.exit(1 if failures else 0)
