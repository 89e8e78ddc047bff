"""Row 1: parse throughput and peak RSS on the 50 MB feed and on the 500 small feeds,
newsmenu beside xmllint --stream (libxml2's own floor), sfeed and Python feedparser."""
import glob
import os
import shlex

from .measure import Command, hyperfine, peak_rss_mb
from .row import Row

FEEDPARSER = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "parse",
                          "feedparser_parse.py")


def big_feed_row(newsmenu, python, big, slice_file, runs, quick):
    size = os.path.getsize(big)
    # feedparser runs at about 1 MB/s: in quick mode it reads the 5 MB slice instead, and
    # its throughput is taken from that.
    feedparser_input = slice_file if quick else big
    commands = [
        Command("newsmenu", f"{newsmenu} parse {big} --json > /dev/null", "newsmenu"),
        Command("xmllint --stream", f"xmllint --stream --noout {big}", "floor"),
        Command("sfeed", f"sfeed < {big} > /dev/null"),
    ]
    timings = hyperfine(commands, runs=runs)
    feedparser, = hyperfine([Command("feedparser", f"{python} {FEEDPARSER} {feedparser_input}")],
                            runs=min(runs, 3) if quick else runs, warmup=0)
    if feedparser_input != big:
        scale = size / os.path.getsize(feedparser_input)
        feedparser.median, feedparser.low, feedparser.high = (value * scale for value in
                                                              (feedparser.median, feedparser.low, feedparser.high))
        feedparser.extra["note"] = "timed on the 5 MB slice and scaled to 50 MB; peak RSS on the slice"
    timings.append(feedparser)
    for timing in timings:
        timing.extra["MB/s"] = round(size / 1e6 / timing.median, 1)
    rss_commands = {command.name: command.command for command in commands}
    rss_commands["feedparser"] = f"{python} {FEEDPARSER} {feedparser_input}"
    for timing in timings:
        timing.extra["peak RSS MB"] = peak_rss_mb(rss_commands[timing.name])
    row = Row("1a", f"parse one {size / 1e6:.0f} MB RSS 2.0 feed", "xmllint --stream", timings,
              bound="CPU: libxml2's SAX2 tokenizer, then newsmenu's walker, text cleaning and JSON writer",
              throughput_bytes=size,
              target="≥ 0.75× xmllint --stream, ≥ 50× feedparser, peak RSS < 150 MB")
    ours = row.ours()
    row.met = (row.ratio(ours) >= 0.75 and feedparser.median / ours.median >= 50
               and ours.extra["peak RSS MB"] < 150)
    row.notes.append(f"newsmenu vs feedparser: {feedparser.median / ours.median:.0f}× faster")
    return row


def small_feeds_row(newsmenu, python, feeds_dir, runs):
    files = sorted(glob.glob(os.path.join(feeds_dir, "feed-*.xml")))
    size = sum(os.path.getsize(path) for path in files)
    quoted = " ".join(shlex.quote(path) for path in files)
    pattern = shlex.quote(feeds_dir) + "/feed-*.xml"
    commands = [
        Command("newsmenu (1 process)", f"{newsmenu} parse {quoted} --json > /dev/null", "newsmenu"),
        Command("xmllint --stream (1 process)", f"xmllint --stream --noout {quoted}", "floor"),
        # sfeed reads one feed from stdin: one process per feed is how sfeed_update runs it.
        Command("sfeed (a process per feed)", f"for f in {pattern}; do sfeed < \"$f\" > /dev/null; done"),
        Command("feedparser (1 process)", f"{python} {FEEDPARSER} {quoted}"),
    ]
    timings = hyperfine(commands, runs=runs)
    for timing, command in zip(timings, commands):
        timing.extra["MB/s"] = round(size / 1e6 / timing.median, 1)
        timing.extra["feeds/s"] = round(len(files) / timing.median)
        timing.extra["peak RSS MB"] = peak_rss_mb(command.command)
    row = Row("1b", f"parse {len(files)} small feeds ({size / 1e6:.1f} MB; RSS 2.0, RSS 1.0, Atom; UTF-8, "
              "Shift_JIS, EUC-JP)", "xmllint --stream (1 process)", timings,
              bound="CPU: per-feed set-up (parser context, charset conversion) and the same per-byte work as 1a",
              throughput_bytes=size, target="ahead of sfeed and ≥ 50× feedparser")
    ours = row.ours()
    feedparser = row.timing("feedparser (1 process)")
    row.met = row.leads() and feedparser.median / ours.median >= 50
    row.notes.append(f"newsmenu vs feedparser: {feedparser.median / ours.median:.0f}× faster")
    return row
