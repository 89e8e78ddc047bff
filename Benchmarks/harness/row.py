"""One row of the report: tools timed side by side, the reference the ratios are taken
against, the target from the issues, and whether newsmenu leads its peers."""
from dataclasses import dataclass, field


@dataclass
class Row:
    key: str                    # "1", "2", "5 (1M)", …
    title: str
    reference: str              # name of the timing every ratio is taken against
    timings: list
    bound: str                  # what limits this row (CPU in libxml2, SQLite writes, …)
    throughput_bytes: int = 0   # > 0: show MB/s, and ratios as speed (higher is better)
    unit: str = "s"             # "s" (times are seconds) or another unit of the same direction
    target: str = ""
    met: object = None          # True / False / None (no numeric target)
    notes: list = field(default_factory=list)

    def timing(self, name):
        return next(timing for timing in self.timings if timing.name == name)

    def ours(self):
        return next(timing for timing in self.timings if timing.role == "newsmenu")

    def ratio(self, timing):
        """Time relative to the reference; for throughput rows, speed relative to it."""
        reference = self.timing(self.reference).median
        return reference / timing.median if self.throughput_bytes else timing.median / reference

    def leads(self):
        """True when newsmenu beats every peer (floors are not peers: nothing beats them)."""
        peers = [timing for timing in self.timings if timing.role == "peer" and timing.median is not None]
        return all(self.ours().median < peer.median for peer in peers)

    def as_json(self):
        return {"row": self.key, "title": self.title, "reference": self.reference,
                "target": self.target, "target_met": self.met, "leads_peers": self.leads(),
                "throughput_bytes": self.throughput_bytes or None, "unit": self.unit, "bound": self.bound, "notes": self.notes,
                "timings": [dict(timing.as_json(), ratio_to_reference=round(self.ratio(timing), 3))
                            for timing in self.timings]}
