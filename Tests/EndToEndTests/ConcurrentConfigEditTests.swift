// Config edits that overlap: parallel `tab add`s, and a `tab add` and a hand edit made while
// `add` downloads its feed. Each edit reads the config under feeds.json.lock and changes what
// it finds then, so none is lost; one that cannot get the lock exits 75 naming it.
import Foundation
import Testing
import NewsTestSupport

@Suite("concurrent config edits")
struct ConcurrentConfigEditTests {
    private let original = "{\n  \"tabs\": [\n    { \"name\": \"ニュース\", \"feeds\": [] }\n  ]\n}\n"

    /// The config's tab names in file order.
    private func tabNames(_ config: String) throws -> [String] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: config))) as? [String: Any])
        return (root["tabs"] as? [[String: Any]] ?? []).map { $0["name"] as? String ?? "?" }
    }

    @Test("twelve tab adds run at once all report success and all twelve tabs are in the config")
    func parallelTabAdds() throws {
        let directory = try TemporaryDirectory()
        let config = try directory.write("feeds.json", original)
        let names = (1...12).map { "T\($0)" }
        let processes = try names.map { try NewsmenuProcess.start(["tab", "add", $0, "--config", config]) }
        processes.forEach { $0.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == Array(repeating: 0, count: 12))
        let tabs = try tabNames(config)
        #expect(tabs.first == "ニュース")
        #expect(Set(tabs.dropFirst()) == Set(names) && tabs.count == 13, "\(tabs)")
    }

    @Test("a tab add and a hand edit made while add downloads its feed are both in the config afterwards, with the feed")
    func editsDuringAddSurvive() throws {
        let atom = try NewsmenuProcess.fixture("world.atom")
        let server = try LoopbackHTTPServer { _ in .init(headers: ["Content-Type": "application/atom+xml"], body: atom, delay: 2) }
        let directory = try TemporaryDirectory()
        let config = try directory.write("feeds.json", original)
        let adding = try NewsmenuProcess.start(["add", server.baseURL + "/world.atom", "--tab", "ニュース", "--config", config])
        while server.requests.isEmpty { Thread.sleep(forTimeInterval: 0.02) }

        // An editor saving by rename, then another command, both while the download runs.
        try directory.write("feeds.json.new", original.replacingOccurrences(
            of: "\"feeds\": [] }\n", with: "\"feeds\": [] },\n    { \"name\": \"手で\", \"feeds\": [] }\n"))
        #expect(rename(config + ".new", config) == 0)
        let tabAdd = try NewsmenuProcess.run(["tab", "add", "途中", "--config", config])
        #expect(tabAdd.status == 0, "\(tabAdd.stderr)")
        #expect(adding.isRunning, "add finished before the edits")

        adding.waitUntilExit()
        #expect(adding.terminationStatus == 0)
        #expect(try tabNames(config) == ["ニュース", "手で", "途中"])
        #expect(try String(contentsOfFile: config, encoding: .utf8).contains("\"url\": \"\(server.baseURL)/world.atom\""))
    }

    @Test("an edit that cannot get the config's lock gives up after a while with 75, naming the lock and its holder, and writes nothing")
    func lockBusy() throws {
        let directory = try TemporaryDirectory()
        let config = try directory.write("feeds.json", original)
        let lock = HeldLockFile(path: config + ".lock", command: "import")

        let refused = try NewsmenuProcess.run(["tab", "add", "待ち", "--config", config])
        #expect(refused.status == 75)
        #expect(refused.stderr.contains("newsmenu import is running (\(HeldLockFile.holder)) and holds \(lock.path)"),
                "\(refused.stderr)")
        #expect(try String(contentsOfFile: config, encoding: .utf8) == original)
    }
}
