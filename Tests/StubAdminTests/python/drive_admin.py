"""Drives an admin API with python-wiremock 2.7.0, the official Python client.

    python3 drive_admin.py http://127.0.0.1:PORT

Prints one line per call, "ok NAME" or "FAIL NAME: why", and exits 1 when
any call failed. The same script runs against Understudy and the real
WireMock jar, so where they differ the jar's answer is the reference.
"""
import sys
import urllib.request

from wiremock.constants import Config
from wiremock.client import (
    GlobalSetting, GlobalSettings, HttpMethods, Mapping, MappingRequest, MappingResponse, Mappings,
    NearMissMatchPatternRequest, NearMissMatchRequest, NearMisses, Requests, Scenarios,
)

base = sys.argv[1].rstrip("/")
Config.base_url = base + "/__admin"
failures = 0


def step(name, call):
    global failures
    try:
        result = call()
        print(f"ok {name}", flush=True)
        return result
    except Exception as error:  # the client raises its own exception types
        failures += 1
        print(f"FAIL {name}: {type(error).__name__}: {error}", flush=True)
        return None


def fetch(path):
    try:
        with urllib.request.urlopen(base + path) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


step("reset", lambda: Mappings.reset_mappings())
step("reset_request_journal", lambda: Requests.reset_request_journal())
mapping = Mapping(
    priority=3,
    request=MappingRequest(method=HttpMethods.GET, url_path="/py/hello", query_parameters={"name": {"equalTo": "ann"}}),
    response=MappingResponse(status=200, body="hello ann", headers={"X-From": "python"}),
    metadata={"suite": "python"},
)
created = step("create_mapping", lambda: Mappings.create_mapping(mapping))
mapping_id = created.id if created else None
step("retrieve_all_mappings", lambda: expect(any(m.id == mapping_id for m in Mappings.retrieve_all_mappings().mappings), "created mapping listed"))
step("retrieve_mapping", lambda: expect(Mappings.retrieve_mapping(mapping_id).response.body == "hello ann", "body kept"))

status, body = fetch("/py/hello?name=ann")
step("served", lambda: expect((status, body) == (200, "hello ann"), f"got {status} {body!r}"))
fetch("/py/hello?name=bob")

pattern = NearMissMatchPatternRequest(url_path="/py/hello", method=HttpMethods.GET)
step("get_matching_request_count", lambda: expect(Requests.get_matching_request_count(pattern).count == 2, "two requests"))
step("get_matching_requests", lambda: expect(len(Requests.get_matching_requests(pattern).requests) == 2, "two found"))
step("get_all_received_requests", lambda: expect(len(Requests.get_all_received_requests(limit=1).requests) == 1, "limit 1"))
step("get_unmatched_requests", lambda: expect(len(Requests.get_unmatched_requests().requests) == 1, "bob unmatched"))
step("get_unmatched_requests_near_misses", lambda: expect(len(Requests.get_unmatched_requests_near_misses().near_misses) >= 1, "a near miss"))
asked = NearMissMatchRequest(url="/py/hello?name=bob", method=HttpMethods.GET, headers={}, cookies={})
step("find_nearest_misses_by_request", lambda: NearMisses.find_nearest_misses_by_request(asked))
step("find_nearest_misses_by_request_pattern", lambda: NearMisses.find_nearest_misses_by_request_pattern(pattern))

updated = Mapping(
    id=mapping_id,
    request=MappingRequest(method=HttpMethods.GET, url_path="/py/hello"),
    response=MappingResponse(status=201, body="updated"),
)
step("update_mapping", lambda: Mappings.update_mapping(updated))
status, body = fetch("/py/hello")
step("served_updated", lambda: expect((status, body) == (201, "updated"), f"got {status} {body!r}"))

step("reset_all_scenarios", lambda: Scenarios.reset_all_scenarios())
step("update_global_settings", lambda: GlobalSettings.update_global_settings(GlobalSetting(fixed_delay=0)))
step("delete_mapping_by_metadata", lambda: Mappings.delete_mapping_by_metadata({"matchesJsonPath": {"expression": "$.suite", "equalTo": "python"}}))
step("delete_mapping", lambda: Mappings.delete_mapping(mapping_id))
step("delete_all_mappings", lambda: Mappings.delete_all_mappings())

print(f"{failures} failed", flush=True)
sys.exit(1 if failures else 0)
