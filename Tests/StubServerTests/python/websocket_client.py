"""A strict WebSocket client (the `websockets` library, PyPI) against a
stub, printing what happened as JSON lines, flushed as they happen.

    python websocket_client.py conversation URL   # the DSL conversation of WebSocketServingTests
    python websocket_client.py live URL           # a connection the test drives
    python websocket_client.py fragments URL      # a fragmented text message and a ping
    python websocket_client.py tls URL CAFILE     # wss: an echo, trusting the server's authority
"""
import asyncio
import json
import ssl
import sys

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed


def say(**fields):
    print(json.dumps(fields), flush=True)


def closed(ws):
    """The Close the server sent (or 1006 when none came), as the client read it."""
    say(closed=True, code=ws.close_code, reason=ws.close_reason)


async def conversation(url):
    async with connect(url, subprotocols=["chat.v2", "chat.v1"]) as ws:
        say(subprotocol=ws.subprotocol)
        say(received=await ws.recv())
        await ws.send("ping")
        say(received=await ws.recv())
        await ws.send(json.dumps({"type": "subscribe", "topic": "prices"}))
        say(received=await ws.recv())
        await ws.send(b"\x00\x01\x02")
        say(received=list(await ws.recv()))
        await ws.send("bye")
        try:
            await ws.recv()
        except ConnectionClosed:
            closed(ws)


async def live(url):
    async with connect(url) as ws:
        say(subprotocol=ws.subprotocol)
        try:
            while True:
                message = await ws.recv()
                say(received=message)
                if message == "your turn":
                    await ws.send("from the client")
        except ConnectionClosed:
            closed(ws)


async def fragments(url):
    async with connect(url) as ws:
        await ws.send(["héllo ", "wörld"])          # one text message in two fragments
        say(received=await ws.recv())
        pong = await ws.ping(b"are you there")
        await pong
        say(pong=True)
        await ws.close(4000, "done")
        closed(ws)


async def tls(url):
    context = ssl.create_default_context(cafile=sys.argv[3])
    async with connect(url, ssl=context) as ws:
        await ws.send("over tls")
        say(received=await ws.recv())
        await ws.close()
        closed(ws)


async def main():
    scenario, url = sys.argv[1], sys.argv[2]
    await {"conversation": conversation, "live": live, "fragments": fragments, "tls": tls}[scenario](url)


if __name__ == "__main__":
    asyncio.run(main())
