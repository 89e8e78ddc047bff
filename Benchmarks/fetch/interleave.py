#!/usr/bin/env python3
"""Times commands in turn rather than one after the other, for comparing two builds.

usage: interleave.py [--runs N] [--prepare SHELL] COMMAND...

Each round runs every command once, in alternating order, after `--prepare` (run through
the shell, untimed: say `rm -f db/news.db*` for a cold fetch). It reports each command's
wall time (median, quartiles, minimum) and CPU time (user + system of the process).

Why: hyperfine runs all of one command's runs before the next command's. On the shared
2-core machines the benchmarks run on, the machine's speed drifts by 10-20 % over a minute:
one hyperfine pair showed a change 56 ms faster that measured 12 ms faster in turns
(Benchmarks/fetch/NOTES.md, seventh round). Commands run without a shell.
"""
import argparse
import resource
import shlex
import statistics
import subprocess
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30, help="timed rounds (two more are run first, untimed)")
    parser.add_argument("--prepare", default="", help="shell command run before every run, untimed")
    parser.add_argument("commands", nargs="+")
    options = parser.parse_args()
    walls = {command: [] for command in options.commands}
    cpus = {command: [] for command in options.commands}
    for round_number in range(options.runs + 2):
        order = options.commands if round_number % 2 == 0 else list(reversed(options.commands))
        for command in order:
            if options.prepare:
                subprocess.run(options.prepare, shell=True, check=True)
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            started = time.perf_counter()
            subprocess.run(shlex.split(command), check=True, stdout=subprocess.DEVNULL)
            wall = (time.perf_counter() - started) * 1000
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if round_number >= 2:
                walls[command].append(wall)
                cpus[command].append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
    for command in options.commands:
        wall, cpu = sorted(walls[command]), sorted(cpus[command])
        quarter = len(wall) // 4
        print(f"{command}\n  wall ms: median {statistics.median(wall):.1f}  p25 {wall[quarter]:.1f}  "
              f"p75 {wall[-1 - quarter]:.1f}  min {wall[0]:.1f}\n"
              f"  cpu ms:  median {statistics.median(cpu):.1f}  min {cpu[0]:.1f}")


if __name__ == "__main__":
    main()
