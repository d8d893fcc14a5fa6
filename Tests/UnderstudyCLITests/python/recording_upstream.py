"""A small API that is not Understudy, for recording tests: JSON, a counter
that answers differently each time, a binary image, a bearer-guarded route,
a POST, and a route that echoes the caller's token percent-encoded.
Prints "PORT <n>" once it listens on 127.0.0.1 (an ephemeral port)."""
import http.server
import json
import sys
import urllib.parse

TOKEN = sys.argv[1] if len(sys.argv) > 1 else "upstream-token"
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40
count = 0


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body, content_type="application/json"):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Set-Cookie", "session=sess-0123456789; Path=/")
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        global count
        path, _, query = self.path.partition("?")
        if path == "/greeting":
            self.answer(200, {"hello": "world", "query": query})
        elif path == "/counter":
            count += 1
            self.answer(200, {"n": count})
        elif path == "/logo.png":
            self.answer(200, PNG, "image/png")
        elif path == "/me":
            if self.headers.get("Authorization") != "Bearer " + TOKEN:
                self.answer(401, {"error": "unauthorized"})
            else:
                self.answer(200, {"user": "ada"})
        elif path == "/leak":
            token = self.headers.get("Authorization", "")[len("Bearer "):]
            self.answer(200, {"next": "/leak?token=" + urllib.parse.quote(token, safe="")})
        else:
            self.answer(404, {"error": "no such route"})

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = json.loads(self.rfile.read(length) or b"{}")
        self.answer(201, {"id": 7, "name": body.get("name")})


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print("PORT %d" % server.server_address[1], flush=True)
server.serve_forever()
