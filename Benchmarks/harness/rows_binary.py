"""Row 7: binary size, cold start of `--version`, and CPU instructions per parsed byte
under callgrind (newsmenu beside xmllint --stream and sfeed on the 5 MB slice)."""
import os
import shutil
import subprocess

from .measure import Command, Timing, hyperfine, instructions
from .row import Row

TINY_FEED = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                         "Tests", "NewsParseTests", "Fixtures", "rss091.xml")


def _loaded_swift_bytes(binary):
    """Bytes of the Swift runtime and Foundation libraries the binary loads at start."""
    listing = subprocess.run(["ldd", binary], capture_output=True, text=True, timeout=30).stdout
    paths = {line.split("=>")[1].split()[0] for line in listing.splitlines()
             if "=>" in line and "swift" in line}
    return sum(os.path.getsize(path) for path in paths if os.path.exists(path))


def start_row(newsmenu, runs):
    print("row 7: binary size, cold start, instructions per byte", flush=True)
    commands = [Command("newsmenu --version", f"{newsmenu} --version", "newsmenu"),
                Command("newsboat --version", "newsboat --version"),
                Command("sfeed_plain (no input)", "sfeed_plain /dev/null", "floor")]
    timings = hyperfine(commands, runs=max(runs, 20), warmup=3, shell_free=True)
    sizes = {"newsmenu --version": os.path.getsize(newsmenu),
             "newsboat --version": os.path.getsize(shutil.which("newsboat")),
             "sfeed_plain (no input)": os.path.getsize(shutil.which("sfeed_plain"))}
    for timing in timings:
        timing.extra["binary bytes"] = sizes[timing.name]
    shared = _loaded_swift_bytes(newsmenu)
    timings[0].extra["Swift runtime"] = f"shared libraries of {shared:,} bytes" if shared else "linked in"
    row = Row("7a", "cold start (`--version`) and binary size", "sfeed_plain (no input)", timings,
              bound="loading SQLite (libcurl and libxml2 are opened only by the commands that use them) "
                    "and initialising the Swift runtime")
    return row


def instructions_row(newsmenu, slice_file):
    size = os.path.getsize(slice_file)
    ours = instructions([newsmenu, "parse", slice_file, "--json"])
    start = instructions([newsmenu, "parse", TINY_FEED, "--json"])
    xmllint = instructions(["xmllint", "--stream", "--noout", slice_file])
    sfeed = instructions(["sfeed"], stdin_path=slice_file)
    per_byte = [("newsmenu parse --json (less process start)", (ours - start) / size, "newsmenu"),
                ("xmllint --stream", xmllint / size, "floor"), ("sfeed", sfeed / size, "peer")]
    # Instructions per byte stand in the table's time columns: lower is better, and the
    # ratio to xmllint reads the same way.
    timings = [Timing(name, "valgrind --tool=callgrind", value, value, value, 1, role,
                      extra={"instructions per byte": round(value, 1)}) for name, value, role in per_byte]
    timings[0].extra["process start instructions"] = start
    row = Row("7b", f"CPU instructions per parsed byte (callgrind, {size / 1e6:.0f} MB slice)", "xmllint --stream",
              timings, bound="libxml2's tokenizer (the floor) plus newsmenu's per-element work", unit="instr/B",
              target="about 50 instructions per byte or fewer")
    row.met = timings[0].median <= 55
    return row
