// The config edited while a fetch runs: rewritten in place, replaced by a rename, or made
// invalid. The running fetch finishes with the config it read and loses nothing; the next
// run takes the new config, or exits 78 naming the file and the field.
import Foundation
import Testing
import NewsTestSupport
import NewsStore

@Suite("config edits during a fetch")
struct ConfigEditDuringFetchTests {
    enum Edit: String, CaseIterable, CustomTestStringConvertible {
        case inPlace = "rewritten in place"
        case replaced = "replaced by a rename"
        case invalid = "made invalid in place"
        var testDescription: String { rawValue }
    }

    private static func atom(_ name: String) -> Data {
        Data("""
            <?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>\(name)</title>
            <id>urn:\(name)</id><entry><title>\(name) entry</title><id>urn:\(name):1</id>
            <link href="https://example.org/\(name)"/></entry></feed>
            """.utf8)
    }

    @Test("a config edited while a fetch runs: the fetch finishes with what it read, the next run uses the edit or names the invalid field",
          arguments: Edit.allCases)
    func editDuringFetch(edit: Edit) throws {
        let directory = try TemporaryDirectory()
        let server = try LoopbackHTTPServer { request in
            .init(headers: ["Content-Type": "application/atom+xml"],
                  body: Self.atom(String(request.path.dropFirst())), delay: request.path == "/c" ? 0 : 2)
        }
        let configPath = directory.path + "/feeds.json"
        let database = directory.path + "/news.db"
        let before = "{\"tabs\": [{\"name\": \"ニュース\", \"feeds\": [\"\(server.baseURL)/a\", \"\(server.baseURL)/b\"]}]}\n"
        let after = edit == .invalid
            ? "{\"tabs\": [{\"name\": \"ニュース\", \"feeds\": [\"\(server.baseURL)/a\", \"gopher://x\"]}]}\n"
            : "{\"tabs\": [{\"name\": \"ニュース\", \"feeds\": [\"\(server.baseURL)/a\", \"\(server.baseURL)/b\"]},\n"
                + " {\"name\": \"追加\", \"feeds\": [\"\(server.baseURL)/c\"]}]}\n"
        try directory.write("feeds.json", before)
        let environment = ["NEWSMENU_CONFIG": configPath, "NEWSMENU_DB": database]

        let running = try NewsmenuProcess.start(["fetch"], environment: environment)
        while server.requests.isEmpty { Thread.sleep(forTimeInterval: 0.02) }
        switch edit {
        case .inPlace, .invalid:
            // The same file truncated and written again, as an editor saving in place does.
            let handle = try #require(FileHandle(forWritingAtPath: configPath))
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data(after.utf8))
            try handle.close()
        case .replaced:
            try directory.write("feeds.json.new", after)
            #expect(rename(configPath + ".new", configPath) == 0)
        }
        #expect(running.isRunning, "the fetch ended before the edit")
        running.waitUntilExit()
        #expect(running.terminationStatus == 0)
        #expect(Set(server.requests.map(\.path)) == ["/a", "/b"])
        let store = try FeedStore(path: database)
        #expect(try store.articles(inTab: "ニュース", limit: 10).map(\.title).sorted() == ["a entry", "b entry"])

        let next = try NewsmenuProcess.run(["fetch"], environment: environment)
        if edit == .invalid {
            #expect(next.status == 78)
            #expect(next.stderr.contains(configPath) && next.stderr.contains("tabs[0].feeds[1]"), "\(next.stderr)")
            #expect(try store.articles(inTab: "ニュース", limit: 10).count == 2)
        } else {
            #expect(next.status == 0, "\(next.stderr)")
            #expect(try store.articles(inTab: "追加", limit: 10).map(\.title) == ["c entry"])
            #expect(server.requests.filter { $0.path == "/c" }.count == 1)
        }
        #expect(try store.integrityCheck() == "ok")
    }

    @Test("a fetch that waited for the lock reads the config as it is when it gets the lock, not as it was when it started")
    func waitingFetchReadsTheEdit() throws {
        let directory = try TemporaryDirectory()
        let server = try LoopbackHTTPServer { request in
            .init(headers: ["Content-Type": "application/atom+xml"],
                  body: Self.atom(String(request.path.dropFirst())), delay: request.path == "/a" ? 2 : 0)
        }
        let configPath = try directory.write("feeds.json", "{\"tabs\": [{\"name\": \"ニュース\", \"feeds\": [\"\(server.baseURL)/a\"]}]}")
        let database = directory.path + "/news.db"
        let environment = ["NEWSMENU_CONFIG": configPath, "NEWSMENU_DB": database]
        let first = try NewsmenuProcess.start(["fetch"], environment: environment)
        while server.requests.isEmpty { Thread.sleep(forTimeInterval: 0.02) }
        let waiting = try NewsmenuProcess.start(["fetch", "--wait", "60"], environment: environment)
        // It has read the config and opened the lock file, which it waits on.
        let descriptors = "/proc/\(waiting.processIdentifier)/fd"
        while !((try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []).contains(where: {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(descriptors)/\($0)")) == database + ".lock"
        }) {
            #expect(waiting.isRunning, "the second fetch ended before it waited for the lock")
            if !waiting.isRunning { return }
            Thread.sleep(forTimeInterval: 0.02)
        }
        try directory.write("feeds.json.new", "{\"tabs\": [{\"name\": \"ニュース\", \"feeds\": [\"\(server.baseURL)/a\"]}, "
                            + "{\"name\": \"追加\", \"feeds\": [\"\(server.baseURL)/c\"]}]}")
        #expect(rename(configPath + ".new", configPath) == 0)
        #expect(first.isRunning, "the first fetch ended before the edit")
        first.waitUntilExit()
        waiting.waitUntilExit()
        #expect(first.terminationStatus == 0 && waiting.terminationStatus == 0)
        #expect(server.requests.map(\.path) == ["/a", "/c"])
        let store = try FeedStore(path: database)
        #expect(try store.articles(inTab: "追加", limit: 10).map(\.title) == ["c entry"])
    }
}
