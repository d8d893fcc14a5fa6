"""Reads the event stream at URL with httpx-sse and prints each event as a
JSON line the moment it arrives: {"event", "data", "id", "retry"}.

    python sse_events.py URL
"""
import json
import sys

import httpx
from httpx_sse import connect_sse

with httpx.Client(timeout=None) as client, connect_sse(client, "GET", sys.argv[1]) as source:
    for event in source.iter_sse():
        print(json.dumps({"event": event.event, "data": event.data, "id": event.id, "retry": event.retry}), flush=True)
print(json.dumps({"end": True}), flush=True)
