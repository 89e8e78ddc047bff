"""Loopback servers for the fetch rows: nginx serving the corpus with ETag, Last-Modified
and gzip, and the 1 s-delay servers on 127.0.0.1–.8. Each is a context manager that stops
what it started, whatever happens inside."""
import os
import signal
import socket
import subprocess
import time
import urllib.request
from contextlib import contextmanager

from .measure import BenchmarkError, run

BENCHMARKS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port(host="127.0.0.1"):
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


@contextmanager
def nginx(work, root, probe_path):
    """nginx on 127.0.0.1 serving `root`; yields (base URL, access log) once `probe_path`
    is served."""
    os.makedirs(os.path.join(work, "tmp"), exist_ok=True)
    # nginx workers run as an unprivileged user: every directory above the files must let
    # them through.
    directory = os.path.abspath(root)
    while directory != "/":
        os.chmod(directory, os.stat(directory).st_mode | 0o055)
        directory = os.path.dirname(directory)
    port = free_port()
    log = os.path.join(work, "access.log")
    config = os.path.join(work, "nginx.conf")
    with open(config, "w") as out:
        out.write(f"""worker_processes 2;
pid {work}/nginx.pid;
error_log {work}/error.log;
events {{ worker_connections 1024; }}
http {{
    log_format bench '$status $request_uri';
    access_log {log} bench;
    client_body_temp_path {work}/tmp; proxy_temp_path {work}/tmp; fastcgi_temp_path {work}/tmp;
    uwsgi_temp_path {work}/tmp; scgi_temp_path {work}/tmp;
    types {{ application/rss+xml xml; }}
    gzip on; gzip_comp_level 5; gzip_min_length 256; gzip_types application/rss+xml;
    server {{ listen 127.0.0.1:{port}; root {root}; etag on; }}
}}
""")
    run(["nginx", "-p", work, "-c", config], timeout=30)
    try:
        base = f"http://127.0.0.1:{port}"
        try:
            urllib.request.urlopen(f"{base}/{probe_path}", timeout=10).read()
        except OSError as failure:
            raise BenchmarkError(f"nginx does not serve {base}/{probe_path}: {failure} (see {work}/error.log)")
        yield base, log
    finally:
        subprocess.run(["nginx", "-p", work, "-c", config, "-s", "stop"], timeout=30,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def status_counts(log):
    """(304s, requests) in nginx's access log."""
    lines = open(log).read().splitlines()
    return sum(1 for line in lines if line.startswith("304 ")), len(lines)


@contextmanager
def delaying_servers(work, feed_file, hosts=8, delay=1.0):
    """A server on each of 127.0.0.1…hosts answering every path with feed_file after
    `delay` seconds; yields the URLs (two per host) and, after the block, leaves each host's
    peak of requests in flight in the returned dict under "peaks"."""
    processes, urls, state = [], [], {"peaks": []}
    os.makedirs(work, exist_ok=True)
    try:
        for host in range(1, hosts + 1):
            port_file = os.path.join(work, f"slow-port-{host}")
            peak_file = os.path.join(work, f"slow-peak-{host}")
            for stale in (port_file, peak_file):
                if os.path.exists(stale):
                    os.remove(stale)
            processes.append((subprocess.Popen(
                ["python3", os.path.join(BENCHMARKS, "fetch", "slow_feed_server.py"), f"127.0.0.{host}",
                 str(delay), feed_file, port_file, peak_file]), peak_file))
            deadline = time.monotonic() + 10
            while not (os.path.exists(port_file) and open(port_file).read().strip()):
                if time.monotonic() > deadline or processes[-1][0].poll() is not None:
                    raise BenchmarkError(f"the delaying server on 127.0.0.{host} did not start")
                time.sleep(0.05)
            port = open(port_file).read().strip()
            urls += [f"http://127.0.0.{host}:{port}/a.atom", f"http://127.0.0.{host}:{port}/b.atom"]
        state["urls"] = urls
        yield state
    finally:
        for process, _ in processes:
            process.send_signal(signal.SIGTERM)
        for process, peak_file in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
            if os.path.exists(peak_file):
                state["peaks"].append(int(open(peak_file).read().strip() or 0))
