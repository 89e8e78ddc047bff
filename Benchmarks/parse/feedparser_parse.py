#!/usr/bin/env python3
"""Parses each file named on the command line with feedparser; prints the entry count."""
import sys

import feedparser

total = 0
for path in sys.argv[1:]:
    with open(path, "rb") as handle:
        total += len(feedparser.parse(handle.read()).entries)
print(total)
