// The log of scheduled fetches, $XDG_STATE_HOME/newsmenu/fetch.log: one summary line per
// run and one line per failed feed, rotated at 1 MiB with three old files kept
// (fetch.log.1 newest … fetch.log.3 oldest). Logging never fails a fetch.
import Foundation
import NewsRender

struct FetchLog {
    static let rotationBytes = 1024 * 1024
    static let keptFiles = 3

    let path: String

    init(locations: Locations) {
        path = locations.stateHome + "/newsmenu/fetch.log"
    }

    init(path: String) {
        self.path = path
    }

    /// The lines for one run, each starting with the run's time (RFC 3339, UTC).
    static func lines(for report: RefreshReport, at date: Date) -> [String] {
        let stamp = Timestamp.rfc3339(date)
        // A failure's message starts with its feed's URL already; it is cleaned to one line
        // like any message, as the log is read with tail and less on a terminal.
        let failed = report.failures.compactMap { outcome in
            outcome.failure.map { "\(stamp)   failed (\($0.stage.rawValue)): \(TerminalText.sanitize($0.message))" }
        }
        // Every run, until the config names the new URL.
        let moved = report.moved.compactMap(RefreshReport.movedLine).map { "\(stamp)   \(TerminalText.sanitize($0))" }
        return ["\(stamp) \(report.summaryLine())"] + failed + moved
    }

    /// Appends the run's lines, rotating first when the log has reached its size; a
    /// message for stderr when the log cannot be written.
    func append(_ report: RefreshReport, at date: Date = Date()) -> String? {
        let text = Self.lines(for: report, at: date).joined(separator: "\n") + "\n"
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let size = (try? manager.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            if size >= Self.rotationBytes { try rotate() }
            if !manager.fileExists(atPath: path), !manager.createFile(atPath: path, contents: nil) {
                return "cannot create the fetch log \(path)"
            }
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
            return nil
        } catch {
            return "cannot write the fetch log \(path): \(error.localizedDescription)"
        }
    }

    /// fetch.log.2 → .3, .1 → .2, fetch.log → .1; the oldest falls off.
    private func rotate() throws {
        let manager = FileManager.default
        let oldest = "\(path).\(Self.keptFiles)"
        if manager.fileExists(atPath: oldest) { try manager.removeItem(atPath: oldest) }
        for index in stride(from: Self.keptFiles - 1, through: 1, by: -1) where manager.fileExists(atPath: "\(path).\(index)") {
            try manager.moveItem(atPath: "\(path).\(index)", toPath: "\(path).\(index + 1)")
        }
        try manager.moveItem(atPath: path, toPath: "\(path).1")
    }
}
