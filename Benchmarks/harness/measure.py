"""Running commands and timing them: hyperfine for wall time, /usr/bin/time for peak RSS,
callgrind for instruction counts. Every external command gets a time limit."""
import json
import os
import shlex
import statistics
import subprocess
import tempfile
from dataclasses import dataclass, field


class BenchmarkError(Exception):
    """A step of the suite failed; the message says which and why."""


def run(argv, *, timeout=600, env=None, cwd=None, capture=True, check=True):
    """Runs argv (a list) with a time limit; returns stdout as text."""
    try:
        done = subprocess.run(argv, env=env, cwd=cwd, timeout=timeout, text=True,
                              stdout=subprocess.PIPE if capture else None,
                              stderr=subprocess.PIPE if capture else None)
    except subprocess.TimeoutExpired:
        raise BenchmarkError(f"{shlex.join(argv)} took longer than {timeout} s")
    if check and done.returncode != 0:
        detail = (done.stderr or "").strip()[-2000:] if capture else ""
        raise BenchmarkError(f"{shlex.join(argv)} exited {done.returncode}\n{detail}")
    return done.stdout if capture else ""


def shell(command, **kwargs):
    return run(["bash", "-c", command], **kwargs)


@dataclass
class Timing:
    """One tool's runs in one row: seconds, plus whatever else the row measured."""
    name: str
    command: str
    median: float
    low: float
    high: float
    runs: int
    role: str = "peer"          # "newsmenu", "floor" (what no tool can beat) or "peer"
    extra: dict = field(default_factory=dict)

    def as_json(self):
        return {"name": self.name, "command": self.command, "role": self.role, "median_s": self.median,
                "min_s": self.low, "max_s": self.high, "runs": self.runs, **self.extra}


@dataclass
class Command:
    name: str
    command: str
    role: str = "peer"
    runs: int = 0               # 0: the suite's default for the row


# Warm-up runs before each command's timed runs; quick mode sets 0.
WARMUP = {"runs": 1}


def hyperfine(commands, *, runs, warmup=None, prepare=None, timeout=1800, shell_free=False):
    """Times commands side by side in one hyperfine run; returns a Timing per command."""
    warmup = WARMUP["runs"] if warmup is None else (warmup if WARMUP["runs"] else 0)
    with tempfile.TemporaryDirectory() as scratch:
        timings = []
        for command in commands:
            export = os.path.join(scratch, "result.json")
            argv = ["hyperfine", "--style", "basic", "--runs", str(command.runs or runs),
                    "--warmup", str(warmup), "--export-json", export, "-n", command.name]
            if shell_free:
                argv.append("-N")
            if prepare:
                argv += ["--prepare", prepare]
            argv.append(command.command)
            print(f"  timing {command.name}", flush=True)
            run(argv, timeout=timeout)
            result = json.load(open(export))["results"][0]
            times = result["times"]
            timings.append(Timing(command.name, command.command, result["median"], min(times), max(times),
                                  len(times), command.role))
        return timings


def hyperfine_in_turns(commands, *, rounds, prepare=None, timeout=1800):
    """Times commands in turns: each round runs every command once, in alternating order,
    hyperfine timing each run; after one untimed round when warm-up runs are on. Returns a
    Timing per command (median, min and max over the rounds) and, per command, its run time
    of each round, for ratios taken within a round.

    For the rows whose verdict is a ratio to a floor: hyperfine runs all of one command's
    runs, then the next command's, and the machine's speed drifts by 10-20 % from one
    minute to the next (Benchmarks/fetch/NOTES.md, seventh round)."""
    warmup = 1 if WARMUP["runs"] else 0
    per_round = {command.name: [] for command in commands}
    with tempfile.TemporaryDirectory() as scratch:
        export = os.path.join(scratch, "result.json")
        for command in commands:
            print(f"  timing {command.name} (in turns)", flush=True)
        for number in range(warmup + rounds):
            order = commands if number % 2 == 0 else list(reversed(commands))
            for command in order:
                argv = ["hyperfine", "--style", "none", "--runs", "1", "--export-json", export, "-n", command.name]
                if prepare:
                    argv += ["--prepare", prepare]
                argv.append(command.command)
                run(argv, timeout=timeout)
                if number >= warmup:
                    per_round[command.name].append(json.load(open(export))["results"][0]["times"][0])
    timings = []
    for command in commands:
        times = per_round[command.name]
        timings.append(Timing(command.name, command.command, statistics.median(times), min(times), max(times),
                              len(times), command.role))
    return timings, per_round


def once(command, *, timeout):
    """Times one shell run of command; None when it did not finish within timeout."""
    import time
    start = time.monotonic()
    try:
        subprocess.run(["bash", "-c", command], timeout=timeout, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return None
    return time.monotonic() - start


def peak_rss_mb(command, *, timeout=900):
    """Peak resident set of a shell command in MB (GNU time's %M, in KiB)."""
    with tempfile.NamedTemporaryFile("r") as out:
        run(["/usr/bin/time", "-o", out.name, "-f", "%M", "bash", "-c", command], timeout=timeout)
        return round(int(out.read().split()[-1]) / 1024)


def instructions(argv, *, stdin_path=None, timeout=900):
    """Instructions executed by argv under callgrind (stable on a noisy machine)."""
    with tempfile.NamedTemporaryFile("r") as log:
        full = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", f"--log-file={log.name}"] + argv
        stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
        try:
            subprocess.run(full, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           timeout=timeout, check=True)
        except (subprocess.TimeoutExpired, subprocess.CalledProcessError) as failure:
            raise BenchmarkError(f"callgrind on {shlex.join(argv)}: {failure}")
        finally:
            if stdin_path:
                stdin.close()
        for line in log.read().splitlines():
            if "refs:" in line:
                return int(line.split()[-1].replace(",", ""))
    raise BenchmarkError(f"callgrind printed no instruction count for {shlex.join(argv)}")
