// newsboat's urls file and sfeed's sfeedrc, read as the reviewer's real files have them, and
// the formats told apart by content, never by name.
import Foundation
import Testing
@testable import NewsOPML

@Suite("newsboat urls, sfeedrc and telling formats apart")
struct TextSubscriptionListTests {
    private func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name))
    }

    @Test("newsboat urls: the first tag is the folder, ~ a title; untagged feeds outside any folder; query, exec, filter and hidden lines skipped with their line")
    func newsboatURLs() throws {
        let document = NewsboatURLsReader.read(String(decoding: try fixture("newsboat-urls"), as: UTF8.self))
        #expect(document.folders == [
            OPMLFolder(path: ["tech"], feeds: [OPMLFeed(url: "https://nb.example/f0.xml", title: "Zero Feed"),
                                               OPMLFeed(url: "https://nb.example/f1.xml")]),
            OPMLFolder(path: ["news and politics"], feeds: [OPMLFeed(url: "https://nb.example/f2.xml", title: "ニュース二")]),
            OPMLFolder(path: [], feeds: [OPMLFeed(url: "https://nb.example/f4.xml?a=1&b=2"), OPMLFeed(url: "https://nb.example/f6.xml")]),
        ])
        #expect(document.skipped.map(\.name) == [
            "line 5 \"https://nb.example/f3.xml !hidden\"",
            "line 7 \"\"query:Unread Articles:unread = \\\"yes\\\"\"\"",
            "line 8 \"exec:~/bin/script.sh\"",
            "line 9 \"filter:~/bin/filt.sh:https://nb.example/f5.xml tech\"",
        ])
        #expect(document.skipped.map(\.reason).allSatisfy { !$0.isEmpty })
        #expect(document.skipped[0].reason.contains("newsboat hides it"))
        #expect(document.skipped[1].reason.contains("query feed"))
    }

    @Test("newsboat urls: an unclosed quote skips its line; an escaped quote and a comment after the tags are read")
    func newsboatQuoting() {
        let document = NewsboatURLsReader.read("""
            https://a.example/ "say \\"hi\\"" # a comment
            https://b.example/ "unclosed
            """)
        #expect(document.folders == [OPMLFolder(path: ["say \"hi\""], feeds: [OPMLFeed(url: "https://a.example/")])])
        #expect(document.skipped == [SkippedEntry(name: "line 2 \"https://b.example/ \"unclosed\"", reason: "a double quote is not closed")])
    }

    @Test("CRLF line ends (a file saved on Windows) are line ends, in both text formats")
    func crlfLineEnds() {
        let urls = NewsboatURLsReader.read("https://a.example/ \"tech\" \"~A\"\r\nhttps://b.example/ \"news\"\r\n")
        #expect(urls.folders == [OPMLFolder(path: ["tech"], feeds: [OPMLFeed(url: "https://a.example/", title: "A")]),
                                 OPMLFolder(path: ["news"], feeds: [OPMLFeed(url: "https://b.example/")])])
        let sfeedrc = SfeedrcReader.read("feeds() {\r\n\tfeed 'a' 'https://a.example/'\r\n\tfeed 'b' 'https://b.example/'\r\n}\r\n")
        #expect(sfeedrc.skipped.isEmpty)
        #expect(sfeedrc.folders.first?.feeds == [OPMLFeed(url: "https://a.example/", title: "a"), OPMLFeed(url: "https://b.example/", title: "b")])
    }

    @Test("sfeedrc: every feed line in feeds(), its name the title, base URL and encoding passed by")
    func sfeedrc() throws {
        let document = SfeedrcReader.read(String(decoding: try fixture("sfeedrc"), as: UTF8.self))
        #expect(document.skipped.isEmpty)
        #expect(document.folders.map(\.path) == [[]])
        let feeds = try #require(document.folders.first).feeds
        #expect(feeds.count == 9)
        #expect(feeds.first == OPMLFeed(url: "https://www.codemadness.org/atom_content.xml", title: "codemadness"))
        #expect(feeds[6] == OPMLFeed(url: "http://feeds.feedburner.com/tweakers/mixed", title: "tweakers"))
    }

    @Test("sfeedrc: single, double and no quotes; shell outside feeds() ignored; a variable, a loop or a short feed line skipped, never run")
    func sfeedrcShell() {
        let document = SfeedrcReader.read("""
            feed 'outside' 'https://outside.example/'
            feeds() {
            \tfeed 'it'"'"'s' 'https://single.example/'
            \tfeed plain https://plain.example/ # trailing comment
            \tfeed "$name" "https://var.example/"
            \tfor f in a b; do feed "$f" "https://$f.example/"; done
            \tfeed 'only a name'
            }
            feed 'after' 'https://after.example/'
            """)
        #expect(document.folders == [OPMLFolder(path: [], feeds: [OPMLFeed(url: "https://single.example/", title: "it's"),
                                                                  OPMLFeed(url: "https://plain.example/", title: "plain")])])
        #expect(document.skipped.map(\.name) == ["line 5 \"feed \"$name\" \"https://var.example/\"\"",
                                                 "line 6 \"for f in a b; do feed \"$f\" \"https://$f.example/\"; done\"",
                                                 "line 7 \"feed 'only a name'\""])
        #expect(document.skipped[0].reason.contains("does not run"))
        #expect(document.skipped[2].reason.contains("a name and a URL"))
    }

    @Test("the format is told by content: XML (with a BOM, in UTF-16), a feeds() function, a URL or newsboat kind first; anything else is none")
    func detection() throws {
        #expect(SubscriptionListReader.detect(try fixture("leaf.opml")) == .opml)
        #expect(SubscriptionListReader.detect(Data([0xEF, 0xBB, 0xBF]) + Data("\n <opml/>".utf8)) == .opml)
        #expect(SubscriptionListReader.detect("<opml/>".data(using: .utf16LittleEndian)!) == .opml)
        #expect(SubscriptionListReader.detect(try fixture("newsboat-urls")) == .newsboatURLs)
        #expect(SubscriptionListReader.detect(Data("\"query:all:unread = \\\"yes\\\"\"\n".utf8)) == .newsboatURLs)
        #expect(SubscriptionListReader.detect(try fixture("sfeedrc")) == .sfeedrc)
        #expect(SubscriptionListReader.detect(Data("hello\nhttps://late.example/\n".utf8)) == nil)
        #expect(SubscriptionListReader.detect(Data()) == nil)
        #expect(throws: OPMLError(message: "not a subscription list newsmenu reads: it reads " + SubscriptionListReader.acceptedFormats)) {
            try SubscriptionListReader.read(Data("# only a comment\n".utf8))
        }
    }
}
