// The error way out of the interactive view: a database that breaks under it ends the run
// with its message on the restored terminal and exit status 1.
import Foundation
import Testing
@testable import NewsStore

@Suite("Interactive view ending in an error", .serialized)
struct ErrorExitTerminalTests {
    @Test("a database error mid-run restores the terminal, then reports the error and exits 1")
    func databaseBreaks() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane()
        let store = try FeedStore(path: menu.path + "/news.db")
        // Another program renames the articles away: the view's next read fails.
        try store.database.execute("ALTER TABLE articles RENAME TO articles_gone", "breaking the database")
        try pane.keys("l")
        #expect(try menu.expectRestored(pane) == 1)
        let screen = try pane.screen()
        #expect(screen.contains("newsmenu: database"), "\(screen)")
        #expect(screen.contains("articles"), "\(screen)")
    }
}
