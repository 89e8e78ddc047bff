#!/usr/bin/env python3
"""A loopback HTTP server for benchmarks: every path answers with the same Atom feed
after DELAY seconds, so a fetcher's concurrency shows directly in its wall time.

usage: slow_feed_server.py DELAY_SECONDS FEED_FILE PORT_FILE
Listens on 127.0.0.1 at an ephemeral port and writes the port to PORT_FILE."""
import http.server
import socketserver
import sys
import time

delay = float(sys.argv[1])
body = open(sys.argv[2], "rb").read()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        time.sleep(delay)
        self.send_response(200)
        self.send_header("Content-Type", "application/atom+xml")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    request_queue_size = 256


server = Server(("127.0.0.1", 0), Handler)
with open(sys.argv[3], "w") as port_file:
    port_file.write(str(server.server_address[1]))
server.serve_forever()
