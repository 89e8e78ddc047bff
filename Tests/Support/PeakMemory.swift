// The process's resident set size and its peak, as Linux counts them (/proc/self/status
// VmRSS and VmHWM). The peak can be reset to the current size, so its growth across a
// piece of work bounds what that work held at its worst.
import Foundation

public enum PeakMemory {
    /// Sets the peak back to the current size (writes 5 to /proc/self/clear_refs, Linux 4.0+).
    public static func reset() throws {
        try Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
    }

    /// The resident set size now, in KiB.
    public static var currentKiB: Int { field("VmRSS:") }

    /// The largest resident set size since the start or the last `reset`, in KiB.
    public static var peakKiB: Int { field("VmHWM:") }

    private static func field(_ name: String) -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(name) } ?? ""
        return Int(line.dropFirst(name.count).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "") ?? 0
    }
}
