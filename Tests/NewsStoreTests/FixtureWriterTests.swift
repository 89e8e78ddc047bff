// Rewrites the committed fixture databases; runs only when asked (NEWSMENU_WRITE_FIXTURES=1),
// which is needed only if the sample rows change, never because a step did: released steps
// are never edited, and MigrationTests fails if the fixtures stop matching them.
import Foundation
import Testing

@Suite("Fixture writer")
struct FixtureWriterTests {
    @Test("writes Fixtures/schema-vN.db for every released version",
          .enabled(if: ProcessInfo.processInfo.environment["NEWSMENU_WRITE_FIXTURES"] == "1"))
    func write() throws {
        for version in FixtureDatabases.releasedVersions {
            let path = FixtureDatabases.path(version: version)
            try? FileManager.default.removeItem(atPath: path)
            try FixtureDatabases.build(version: version, at: path)
            #expect(FileManager.default.fileExists(atPath: path))
        }
    }
}
