// A config rewrite killed at any moment leaves the old file or the new one, whole, never a
// half-written one: every write goes to a temporary file that is renamed over the config.
import Foundation
import Testing
import NewsTestSupport

@Suite("config rewrites under SIGKILL")
struct ConfigKillTests {
    @Test("renaming a tab of a large config, killed at random moments, never leaves a broken file")
    func killedRewrites() throws {
        let directory = try TemporaryDirectory()
        // A config large enough that writing it takes a measurable moment.
        let feeds = (0..<3000).map { "{\"url\": \"https://feeds.example/\($0).xml\", \"title\": \"フィード \($0)\"}" }
        // With keys this newsmenu does not know, which every rewrite must keep.
        let original = "{\"_comment\": \"big\", \"tabs\": [{\"name\": \"A\", \"future\": {\"x\": [1]}, \"feeds\": [\n"
            + feeds.joined(separator: ",\n") + "\n]}]}\n"
        let path = try directory.write("feeds.json", original)
        var generator = SystemRandomNumberGenerator()
        var names = ["A"]
        for round in 0..<20 {
            let next = "T\(round)"
            let process = try NewsmenuProcess.start(["tab", "rename", names.last ?? "A", next, "--config", path])
            // A debug build takes about 0.4 s for this rename: kills land before, during and
            // after the write (how many of each depends on the machine's load).
            Thread.sleep(forTimeInterval: Double.random(in: 0...0.6, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let check = try NewsmenuProcess.run(["tabs", "--config", path, "--db", directory.path + "/n.db"])
            #expect(check.status == 0, "round \(round): the config no longer loads: \(check.stderr)")
            // Either the rename happened or it did not; the feeds are all there either way.
            let renamed = text.contains("\"name\": \"\(next)\"")
            #expect(renamed || text.contains("\"name\": \"\(names.last ?? "A")\""))
            #expect(text.components(separatedBy: "https://feeds.example/").count == 3001)
            #expect(text.hasPrefix("{\"_comment\": \"big\", \"tabs\": [{\"name\": ") && text.contains("\"future\": {\"x\": [1]}, \"feeds\""))
            if renamed { names.append(next) }
        }
    }
}
