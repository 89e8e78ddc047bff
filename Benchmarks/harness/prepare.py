"""Installs the peers and tools (Debian packages, feedparser from PyPI in a venv) and
builds newsmenu and the in-process benchmark programs in release mode."""
import os
import shutil

from .measure import run

# command on PATH -> Debian package that provides it
DEBIAN = {
    "nginx": "nginx-light", "hyperfine": "hyperfine", "newsboat": "newsboat", "sfeed": "sfeed",
    "xmllint": "libxml2-utils", "valgrind": "valgrind", "curl": "curl", "tmux": "tmux",
    "sqlite3": "sqlite3", "/usr/bin/time": "time",
}


def install_tools(cache):
    missing = sorted({package for command, package in DEBIAN.items()
                      if not (os.path.exists(command) if command.startswith("/") else shutil.which(command))})
    if missing:
        print(f"installing {' '.join(missing)}", flush=True)
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        run(["apt-get", "update", "-q"], env=env, timeout=600)
        run(["apt-get", "install", "-y", "-q", *missing, "python3-venv"], env=env, timeout=900)
    venv = os.path.join(cache, "venv")
    python = os.path.join(venv, "bin", "python")
    if not os.path.exists(python):
        print("installing feedparser into a venv", flush=True)
        run(["python3", "-m", "venv", venv], timeout=300)
        run([os.path.join(venv, "bin", "pip"), "install", "-q", "feedparser"], timeout=600)
    return python


def build(repo):
    """Release builds of newsmenu, StoreBenchmark and RenderBenchmark; returns their paths."""
    print("building newsmenu (release)", flush=True)
    for product in ("newsmenu", "StoreBenchmark", "RenderBenchmark"):
        run(["swift", "build", "-c", "release", "--product", product], cwd=repo, timeout=1800)
    binaries = os.path.join(repo, ".build", "release")
    return {name: os.path.join(binaries, name) for name in ("newsmenu", "StoreBenchmark", "RenderBenchmark")}


def versions(python):
    """The exact versions of everything measured, for the report."""
    def first_line(argv):
        try:
            return run(argv, timeout=30).strip().splitlines()[0]
        except Exception as failure:  # a peer without a version flag is still measured
            return f"unknown ({failure})"
    return {
        "newsboat": first_line(["newsboat", "--version"]),
        "sfeed": first_line(["dpkg-query", "-W", "-f=${Version}", "sfeed"]),
        "xmllint": first_line(["dpkg-query", "-W", "-f=${Version}", "libxml2-utils"]),
        "curl": first_line(["curl", "--version"]),
        "nginx": first_line(["dpkg-query", "-W", "-f=${Version}", "nginx-light"]),
        "hyperfine": first_line(["hyperfine", "--version"]),
        "feedparser": first_line([python, "-c", "import feedparser; print(feedparser.__version__)"]),
        "sqlite": first_line(["dpkg-query", "-W", "-f=${Version}", "libsqlite3-0"]),
    }
