// A database path that names nothing: showing still works where a first run would make the
// file, but nothing makes a mistyped path's directories, and marking or compacting needs a
// database that exists.
import Foundation
import Testing
import NewsTestSupport

@Suite("A database that is not there")
struct MissingDatabaseTests {
    @Test("show, tabs, status and search refuse a database whose directory does not exist, and make nothing")
    func missingDirectory() throws {
        let directory = try TemporaryDirectory()
        let database = directory.path + "/typo/news.db"
        let environment = try OneTabConfig.environment(["file:///nonexistent.xml"], in: directory, database: database)
        for command in [["show", "--print"], ["show", "--json"], ["tabs"], ["status"], ["search", "東京"]] {
            let run = try NewsmenuProcess.run(command, environment: environment)
            #expect(run.status == 1, "\(command): \(run.stdout)")
            #expect(run.stderr.contains("no database yet at \(database) (its directory \(directory.path)/typo does not exist either)"),
                    "\(command): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/typo"))
    }

    @Test("read, unread, star, unstar and vacuum refuse a database that does not exist, and make none")
    func missingFile() throws {
        let directory = try TemporaryDirectory()
        let database = directory.path + "/news.db"
        let environment = try OneTabConfig.environment(["file:///nonexistent.xml"], in: directory, database: database)
        for command in [["read", "1"], ["unread", "1"], ["star", "1"], ["unstar", "1"], ["read", "--tab", "ニュース", "--all"], ["vacuum"]] {
            let run = try NewsmenuProcess.run(command, environment: environment)
            #expect(run.status == 1, "\(command): \(run.stdout)")
            #expect(run.stderr.contains("no database yet at \(database): `newsmenu fetch` makes it"), "\(command): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: database))
        // Where the directory exists, showing the config's tabs before the first fetch works.
        let tabs = try NewsmenuProcess.run(["tabs"], environment: environment)
        #expect(tabs.status == 0 && tabs.stdout.contains("ニュース"), "\(tabs.stderr)")
    }
}
