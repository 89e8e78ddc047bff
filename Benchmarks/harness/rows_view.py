"""Row 6: the renderer's frame time (in process, RenderBenchmark) and the interactive
view's key-to-frame time (the real binary in tmux, Benchmarks/interactive/run.sh), both
with 10,000 articles in the tab."""
import os
import re

from .measure import Timing, run
from .row import Row

BENCHMARKS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def frame_rows(binaries, quick):
    print("row 6: frame render and key-to-frame", flush=True)
    renders = run([binaries["RenderBenchmark"], "100" if quick else "400"], timeout=900)
    timings = []
    for line in renders.splitlines():
        fields = line.split()
        if len(fields) == 5 and re.fullmatch(r"[\d.]+", fields[2]):
            style, layout, median, low, high = fields
            timings.append(Timing(f"render {style} {layout}", "RenderBenchmark", float(median) / 1000,
                                  float(low) / 1000, float(high) / 1000, 100 if quick else 400, "newsmenu"))
    render_row = Row("6a", "one frame rendered, 10,000 articles in the tab, 120×50 truecolor (in process)",
                     timings[0].name, timings,
                     bound="CPU: display-width measurement and fitting of the visible rows only",
                     target="under 5 ms")
    render_row.met = all(timing.median < 0.005 for timing in timings)

    summary = run(["bash", os.path.join(BENCHMARKS, "interactive", "run.sh"), binaries["newsmenu"]], timeout=900)
    match = re.search(r"frames (\d+); median ([\d.]+) ms; p95 ([\d.]+) ms; worst ([\d.]+) ms", summary)
    frames, median, p95, worst = int(match[1]), float(match[2]), float(match[3]), float(match[4])
    key = Timing("key-to-frame", "Benchmarks/interactive/run.sh (tmux, ~360 keys and wheel reports)",
                 median / 1000, None, worst / 1000, frames, "newsmenu", extra={"p95_s": p95 / 1000})
    key_row = Row("6b", "key-to-frame in the interactive view (tmux), 10,000 articles in the tab", key.name, [key],
                  bound="store reads of the list window and the frame diff; the terminal's own drawing is not counted",
                  target="median under 5 ms, worst under 16 ms")
    key_row.met = median < 5 and worst < 16
    key_row.notes.append(f"{frames} frames: median {median:.2f} ms, p95 {p95:.2f} ms, worst {worst:.2f} ms")
    return [render_row, key_row]
