// The README's sample screens are the demo's own output, so that what a reader sees there is
// what newsmenu draws: a change to the look that leaves them behind fails here.
import Foundation
import Testing

@Suite("README samples")
struct ReadmeSampleTests {
    private static let readme: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md")
        return (try? String(contentsOf: url.standardizedFileURL, encoding: .utf8)) ?? ""
    }()

    /// The demo's frame for `arguments` at `columns`, as the README prints it.
    private func demoFrame(_ arguments: [String], columns: Int) throws -> String {
        let run = try NewsmenuProcess.run(["demo"] + arguments, environment: ["COLUMNS": String(columns)])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.trimmingCharacters(in: .newlines)
    }

    @Test("each style's sample is what the demo draws at 60 columns", arguments: ["plain", "tab", "smart", "hacka"])
    func styleSamples(style: String) throws {
        let frame = try demoFrame(["--tab", "トレンド", "--style", style, "--layout", "compact", "--limit", "2", "--color", "never"],
                                  columns: 60)
        #expect(Self.readme.contains("`\(style)`\n\n```\n\(frame)\n```"), "README's `\(style)` sample, as drawn now:\n\(frame)")
    }

    @Test("the opening sample is what the demo draws at 80 columns")
    func openingSample() throws {
        let frame = try demoFrame(["--layout", "compact", "--limit", "5", "--color", "never"], columns: 80)
        #expect(Self.readme.contains("```\n\(frame)\n```"), "README's opening sample, as drawn now:\n\(frame)")
    }
}
