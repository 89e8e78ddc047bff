// A tab's saved place as the store keeps it: written and read back, and a damaged setting
// taken as nothing saved rather than trusted.
import Testing
@testable import NewsMenuKit

@Suite("Saved cursors")
struct SavedCursorsTests {
    @Test("the selected article's id and its screen row round-trip through the setting's text")
    func roundTrip() {
        #expect(SavedCursors.encode(articleID: 4711, row: 3) == "4711 3")
        let decoded = SavedCursors.decode("4711 3")
        #expect(decoded?.articleID == 4711)
        #expect(decoded?.row == 3)
        #expect(SavedCursors.key(forTab: "ニュース") == "cursor:ニュース")
    }

    @Test("text that is not an id and a row is nothing saved", arguments: ["", "12", "a 1", "1 b", "1 2 3", "1 -2", "99999999999999999999 1"])
    func damaged(_ text: String) {
        #expect(SavedCursors.decode(text) == nil)
    }
}
