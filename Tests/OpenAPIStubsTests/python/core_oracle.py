"""The second oracle for Understudy's OpenAPI checks: openapi-core's verdict
on whole requests and responses against a document.

Reads a JSON list of cases from argv[1]:
  {"document": {...} | "path/to/doc.yaml",
   "request": {"method": "get", "target": "/base/path?query", "headers": {...},
               "contentType": "application/json", "body": "text"},
   "response": null | {"status": 200, "contentType": "application/json", "body": "text"}}
The target is sent to the scheme and host of the document's first server.
Prints a JSON list of {"request": bool, "response": bool | null, "errors": [str]}.
Runs in its own virtual environment (.build/venv-openapi-core).
"""
import json
import sys
from urllib.parse import parse_qsl, urlsplit

import yaml
from openapi_core import Config, OpenAPI
from openapi_core.testing import MockRequest, MockResponse

_apis = {}
_hosts = {}


def api_for(document):
    key = document if isinstance(document, str) else json.dumps(document, sort_keys=True)
    if key not in _apis:
        if isinstance(document, str):
            with open(document) as handle:
                document = yaml.safe_load(handle)
        # openapi-core reads only application/json as JSON; problem details are JSON too.
        config = Config(extra_media_type_deserializers={"application/problem+json": json.loads})
        _apis[key] = OpenAPI.from_dict(document, config=config)
        server = urlsplit(document["servers"][0]["url"])
        _hosts[key] = f"{server.scheme}://{server.netloc}"
    return _apis[key], _hosts[key]


def verdict(case):
    api, host = api_for(case["document"])
    sent = case["request"]
    url = urlsplit(host + sent["target"])
    request = MockRequest(
        host_url=host,
        method=sent["method"].lower(),
        path=url.path,
        args=parse_qsl(url.query, keep_blank_values=True),
        headers=sent.get("headers") or {},
        data=(sent.get("body") or "").encode(),
        content_type=sent.get("contentType") or "application/json",
    )
    found = {"request": True, "response": None, "errors": []}
    outcome = api.unmarshal_request(request)
    if outcome.errors:
        found["request"] = False
        found["errors"] += [f"request: {error!r}: {getattr(error, '__cause__', None)!r}" for error in outcome.errors]
    answer = case.get("response")
    if answer is not None:
        response = MockResponse(
            data=(answer.get("body") or "").encode(),
            status_code=answer["status"],
            content_type=answer.get("contentType") or "application/json",
        )
        outcome = api.unmarshal_response(request, response)
        found["response"] = not outcome.errors
        found["errors"] += [f"response: {error!r}: {getattr(error, '__cause__', None)!r}" for error in outcome.errors]
    return found


def main():
    with open(sys.argv[1]) as handle:
        cases = json.load(handle)
    print(json.dumps([verdict(case) for case in cases]))


if __name__ == "__main__":
    main()
