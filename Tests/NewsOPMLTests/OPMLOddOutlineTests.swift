// What OPML holds besides folders and feeds: bookmarks, notes, feeds without a URL and empty
// folders are noted as skipped (a tab with nothing to fetch is clutter), except in
// newsmenu's own export; and OPML 2.0's `category` placing a feed outside any folder.
import Foundation
import Testing
@testable import NewsOPML

@Suite("OPML outlines that are not feeds, and categories")
struct OPMLOddOutlineTests {
    private func fixture(_ name: String) throws -> OPMLDocument {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name)
        return try OPMLReader.read(try Data(contentsOf: url))
    }

    private func read(_ body: String) throws -> OPMLDocument {
        try OPMLReader.read(Data("<?xml version=\"1.0\"?><opml version=\"2.0\"><body>\(body)</body></opml>".utf8))
    }

    @Test("a bookmark, a note and a feed outline without xmlUrl are skipped, each named with its reason; the folder keeps its feed")
    func leafOutlines() throws {
        let document = try fixture("leaf.opml")
        #expect(document.folders == [OPMLFolder(path: ["Reading"], feeds: [OPMLFeed(url: "https://nb.example/f1.xml", title: "ok")])])
        #expect(document.skipped == [
            SkippedEntry(name: "outline \"rss outline missing xmlUrl\"", reason: "it has no xmlUrl"),
            SkippedEntry(name: "outline \"bookmark\"", reason: "a link (bookmark), not a feed"),
            SkippedEntry(name: "outline \"just a note\"", reason: "it has no xmlUrl"),
        ])
    }

    @Test("a folder with no feeds in or below it makes no folder: one warning for the innermost, none for a parent of feeds")
    func emptyFolders() throws {
        let document = try read("""
            <outline text="Empty"></outline>
            <outline text="Outer"><outline text="Inner"></outline></outline>
            <outline text="Parent"><outline text="Child"><outline xmlUrl="https://c.example/"/></outline></outline>
            """)
        #expect(document.folders.map(\.path) == [["Parent"], ["Parent", "Child"]])
        #expect(document.skipped == [
            SkippedEntry(name: "folder \"Empty\"", reason: "it holds no feeds, so it makes no tab"),
            SkippedEntry(name: "folder \"Outer/Inner\"", reason: "it holds no feeds, so it makes no tab"),
        ])
    }

    @Test("newsmenu's own export keeps an empty tab, written as a leaf outline")
    func ownEmptyTab() throws {
        let document = OPMLDocument(title: "Mine", folders: [OPMLFolder(path: ["空"]),
                                                             OPMLFolder(path: ["A"], feeds: [OPMLFeed(url: "https://a.example/")])])
        let text = OPMLWriter.write(document, dateCreated: "Mon, 30 Nov 2026 06:00:00 GMT")
        #expect(text.contains("<outline text=\"空\" title=\"空\"/>"))
        #expect(try OPMLReader.read(Data(text.utf8)) == document)
    }

    @Test("newsboat's OPML 2.0 export: a feed outside any folder goes into its first category's folder")
    func newsboatCategories() throws {
        let document = try fixture("newsboat-opml2.opml")
        #expect(document.folders == [
            OPMLFolder(path: ["tech"], feeds: [OPMLFeed(url: "https://nb.example/f0.xml", title: "Zero Feed"),
                                               OPMLFeed(url: "https://nb.example/f1.xml")]),
            OPMLFolder(path: ["news and politics"], feeds: [OPMLFeed(url: "https://nb.example/f2.xml")]),
        ])
    }

    @Test("a category path is a nested folder; blanks and empty entries are passed over; inside a folder the folder wins")
    func categoryPaths() throws {
        let document = try read("""
            <outline xmlUrl="https://a.example/" category="/Tech/Linux,/Other"/>
            <outline xmlUrl="https://b.example/" category=" , news "/>
            <outline xmlUrl="https://c.example/" category=""/>
            <outline text="Folder"><outline xmlUrl="https://d.example/" category="elsewhere"/></outline>
            """)
        #expect(document.folders.map(\.path) == [["Tech", "Linux"], ["news"], [], ["Folder"]])
        #expect(document.folders.map { $0.feeds.map(\.url) } == [["https://a.example/"], ["https://b.example/"],
                                                                  ["https://c.example/"], ["https://d.example/"]])
    }
}
