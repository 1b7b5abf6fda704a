#!/usr/bin/python3
"""Answers as a LAVA server's REST API (v0.2) does, from responses recorded
from lava-server 2023.01: GET /api/v0.2/jobs/ID/ is DIR/jobs/ID.json
(application/json), GET /api/v0.2/jobs/ID/logs/ is DIR/jobs/ID.logs.yaml
(application/yaml); anything else is 404, as the server answers for a job
it does not have.  A job with a file DIR/jobs/ID.redirect answers 302 to
its own URL, for ever: a server that redirects to itself.

Usage: serve_lava_api.py DIR PORT_FILE REQUEST_LOG
Listens on 127.0.0.1, on a port of the kernel's choosing, which it writes
to PORT_FILE once it accepts connections; appends "PATH AUTHORIZATION" per
request to REQUEST_LOG; serves until its stdin is closed.  Run by
tests/integration/lava_run_test.cpp."""
import http.server
import os
import re
import sys
import threading

ROUTES = [(re.compile(r"^/api/v0\.2/jobs/([0-9]+)/$"), "{}.json", "application/json"),
          (re.compile(r"^/api/v0\.2/jobs/([0-9]+)/logs/$"), "{}.logs.yaml", "application/yaml")]


def handler(directory, request_log):
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server's name)
            with open(request_log, "a", encoding="utf-8") as log:
                log.write(f"{self.path} {self.headers.get('Authorization', '-')}\n")
            loop = re.match(r"^/api/v0\.2/jobs/([0-9]+)/$", self.path)
            if loop and os.path.exists(os.path.join(directory, "jobs", loop.group(1) + ".redirect")):
                self.send_response(302)
                self.send_header("Location", self.path)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            for pattern, name, kind in ROUTES:
                m = pattern.match(self.path)
                path = os.path.join(directory, "jobs", name.format(m.group(1))) if m else None
                if path and os.path.exists(path):
                    with open(path, "rb") as f:
                        body = f.read()
                    self.send_response(200)
                    self.send_header("Content-Type", kind)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
            body = b'{"detail":"Not found."}'
            self.send_response(404)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    return Handler


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    directory, port_file, request_log = sys.argv[1:]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler(directory, request_log))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with open(port_file + ".tmp", "w", encoding="utf-8") as f:
        f.write(str(server.server_address[1]))
    os.rename(port_file + ".tmp", port_file)
    sys.stdin.read()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
