// Expected frames kept as text files under Golden/, compared line by line. Setting
// NEWSMENU_RECORD_GOLDEN=1 rewrites them from the current output; without it a missing
// file fails the test, so a golden file is never recorded by accident.
import Foundation
import Testing

enum GoldenFile {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("Golden")

    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["NEWSMENU_RECORD_GOLDEN"] == "1"
    }

    /// Escape characters shown as `␛`, so colour frames can be read and diffed as text.
    static func visible(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}", with: "␛")
    }

    static func check(_ actual: String, name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name)
        if isRecording {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: url)
            } catch {
                Issue.record("could not record \(name): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record(
                "golden file \(name) is missing; run with NEWSMENU_RECORD_GOLDEN=1 to record it",
                sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { return }
        let expectedLines = expected.components(separatedBy: "\n")
        let actualLines = actual.components(separatedBy: "\n")
        let common = min(expectedLines.count, actualLines.count)
        let first = (0..<common).first { expectedLines[$0] != actualLines[$0] } ?? common
        let wanted = first < expectedLines.count ? expectedLines[first] : "(end of file)"
        let got = first < actualLines.count ? actualLines[first] : "(end of output)"
        Issue.record(
            """
            \(name) differs at line \(first + 1):
              expected: \(wanted)
              actual:   \(got)
            (NEWSMENU_RECORD_GOLDEN=1 re-records it if the change is intended)
            """,
            sourceLocation: sourceLocation)
    }
}
