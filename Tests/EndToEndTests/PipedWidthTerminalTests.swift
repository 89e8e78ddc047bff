// A printed frame piped or redirected from a terminal (`show | less`, `show > news.txt`) is
// as wide as the terminal it is read in, found on standard error; without a terminal there
// (cron, a script's captured stderr) it is 80 columns.
import Foundation
import Testing
import NewsRender
import NewsTestSupport

@Suite("Piped frames in a terminal", .serialized)
struct PipedWidthTerminalTests {
    @Test("show piped in a 120-column terminal prints 120 columns; with standard error away from it, 80")
    func pipedWidth() throws {
        let menu = try MenuFixture()
        let pane = try menu.pane(columns: 120, rows: 30)
        let binary = NewsmenuProcess.binary.path
        try pane.run("'\(binary)' show | cat > '\(menu.path)/piped'; '\(binary)' show 2>/dev/null > '\(menu.path)/away'; echo DONE=$?")
        try pane.waitForText("DONE=0")
        #expect(try Self.widest(menu.path + "/piped") == 120)
        #expect(try Self.widest(menu.path + "/away") == 80)
    }

    /// The display width of the widest line of the file (no escapes: output is not a terminal).
    private static func widest(_ path: String) throws -> Int {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n").map { DisplayWidth.width(of: String($0)) }.max() ?? 0
    }
}
