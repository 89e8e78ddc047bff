"""The report: BENCHMARKS.md (a table per row, the machine, the exact command) and the raw
results as JSON. The hand-written analysis below the marker line of BENCHMARKS.md is kept."""
import json
import os
import platform

MARKER = "<!-- Everything below this line is written by hand and kept by Benchmarks/run. -->"


def _seconds(value):
    if value is None:
        return "—"
    if value >= 1:
        return f"{value:.2f} s"
    if value >= 0.001:
        return f"{value * 1000:.1f} ms"
    return f"{value * 1e6:.0f} µs"


def _value(row, value):
    return _seconds(value) if row.unit == "s" else ("—" if value is None else f"{value:.1f} {row.unit}")


def _extra(timing):
    return "; ".join(f"{key} {value:,}" if isinstance(value, int) else f"{key} {value}"
                     for key, value in timing.extra.items())


def _table(row):
    ratio_head = "speed × " if row.throughput_bytes else "× "
    lines = [f"| tool | median | min – max | runs | {ratio_head}{row.reference} | also |",
             "|:---|---:|---:|---:|---:|:---|"]
    for timing in row.timings:
        name = f"**{timing.name}**" if timing.role == "newsmenu" else timing.name
        ratio = "—" if timing.median is None else f"{row.ratio(timing):.2f}"
        spread = "—" if timing.low is None else f"{_value(row, timing.low)} – {_value(row, timing.high)}"
        lines.append(f"| {name} | {_value(row, timing.median)} | {spread} | {timing.runs} | {ratio} | {_extra(timing)} |")
    return "\n".join(lines)


def _verdict(row):
    target = {True: "target met", False: "**target missed**", None: "no numeric target"}[row.met]
    lead = "leads every peer" if row.leads() else "**behind a peer**"
    return f"{lead}; {target}" + (f" ({row.target})" if row.target else "")


def machine():
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    memory = next((line.split()[1] for line in open("/proc/meminfo") if line.startswith("MemTotal")), "0")
    load = open("/proc/loadavg").read().split()[:3]
    return {"cpu": cpu, "cores": os.cpu_count(), "memory_gib": round(int(memory) / 1024 / 1024),
            "system": platform.platform(), "load_average_at_end": load}


def write(path_md, path_json, rows, meta):
    with open(path_json, "w") as out:
        json.dump({**meta, "rows": [row.as_json() for row in rows]}, out, indent=2, ensure_ascii=False)
    kept = ""
    if os.path.exists(path_md):
        text = open(path_md).read()
        if MARKER in text:
            kept = text.split(MARKER, 1)[1]
    m = meta["machine"]
    parts = ["# Benchmarks", "",
             f"Latest run: {meta['date']}, `{meta['command']}` ({meta['mode']} mode, {meta['minutes']:.1f} min), "
             f"newsmenu {meta['commit']}.", "",
             f"Machine: {m['cpu']}, {m['cores']} cores, {m['memory_gib']} GiB, {m['system']}; "
             f"load average at the end {' '.join(m['load_average_at_end'])} (a shared machine: compare within a row, "
             "where every tool ran in the same minutes).", "",
             "Peers: " + ", ".join(f"{name} {version}" for name, version in meta["versions"].items()) + ".", "",
             "Each row times every tool in the same run with hyperfine (median, min – max, runs); rows 2 and 3 "
             "time newsmenu and curl in turns, a run of each per round. The ratio column is against the row's "
             "reference (a floor such as curl or xmllint where there is one). "
             f"Raw numbers: `{os.path.basename(path_json)}`.", "",
             "## Summary", "", "| row | what | newsmenu | verdict |", "|:---|:---|---:|:---|"]
    for row in rows:
        parts.append(f"| {row.key} | {row.title} | {_value(row, row.ours().median)} | {_verdict(row)} |")
    for row in rows:
        parts += ["", f"## {row.key}. {row.title}", "", _table(row), "", f"Bound by: {row.bound}.", "",
                  f"Verdict: {_verdict(row)}."]
        parts += [f"- {note}" for note in row.notes]
    parts += ["", MARKER]
    with open(path_md, "w") as out:
        out.write("\n".join(parts) + (kept if kept else "\n"))
