"""A Python client walks a stateful resource served by `understudy serve --stateful`:
create, read, list, merge-patch with If-Match, a stale If-Match, delete, and a read after delete.
Usage: resource_walk.py BASE_URL. Prints one JSON line of what it saw; exits non-zero on a surprise."""
import json
import sys

import requests

base = sys.argv[1].rstrip("/")
seen = {}
with requests.Session() as http:
    created = http.post(f"{base}/users", json={"name": "Grace", "email": "grace@example.com"})
    assert created.status_code == 201, created.text
    user = created.json()
    location = created.headers["Location"]
    assert location == f"/users/{user['id']}", location
    seen["created"] = user

    read = http.get(base + location)
    assert read.status_code == 200 and read.json() == user, read.text
    etag = read.headers["ETag"]

    listed = http.get(f"{base}/users", params={"limit": 10})
    assert listed.status_code == 200, listed.text
    seen["listed"] = [item["name"] for item in listed.json()]
    seen["total"] = int(listed.headers["X-Total-Count"])

    patched = http.patch(base + location, data=json.dumps({"email": "g@example.com"}),
                         headers={"Content-Type": "application/merge-patch+json", "If-Match": etag})
    assert patched.status_code == 200, patched.text
    seen["patched"] = patched.json()

    stale = http.patch(base + location, data=json.dumps({"name": "Late"}),
                       headers={"Content-Type": "application/merge-patch+json", "If-Match": etag})
    seen["stale"] = stale.status_code
    assert stale.headers["Content-Type"] == "application/problem+json"

    refused = http.post(f"{base}/users", json={"name": ""})
    seen["refused"] = refused.status_code

    deleted = http.delete(base + location)
    assert deleted.status_code == 204, deleted.text
    seen["afterDelete"] = http.get(base + location).status_code

print(json.dumps(seen, sort_keys=True))
