#!/usr/bin/env python3
"""A loopback HTTP server for benchmarks: every path answers with the same feed after
DELAY seconds, so a fetcher's concurrency shows directly in its wall time. It counts the
requests it is answering at once and writes the peak to PEAK_FILE when it stops
(SIGTERM), which shows how many connections a fetcher opened to this one host.

usage: slow_feed_server.py HOST DELAY_SECONDS FEED_FILE PORT_FILE PEAK_FILE
Listens on HOST (a 127.x address) at an ephemeral port and writes the port to PORT_FILE."""
import http.server
import signal
import socketserver
import sys
import threading
import time

host, delay, feed, port_file, peak_file = sys.argv[1], float(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
body = open(feed, "rb").read()
lock = threading.Lock()
state = {"now": 0, "peak": 0}


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        with lock:
            state["now"] += 1
            state["peak"] = max(state["peak"], state["now"])
        try:
            time.sleep(delay)
            self.send_response(200)
            self.send_header("Content-Type", "application/atom+xml")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        finally:
            with lock:
                state["now"] -= 1

    def log_message(self, *args):
        pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    request_queue_size = 256


def stop(*_):
    with open(peak_file, "w") as out:
        out.write(str(state["peak"]))
    sys.exit(0)


signal.signal(signal.SIGTERM, stop)
server = Server((host, 0), Handler)
with open(port_file, "w") as out:
    out.write(str(server.server_address[1]))
server.serve_forever()
