// An article's JSON put together from precomputed pieces: every key, comma, line break and
// indentation where the schema puts it, indented and compact, for empty, single and
// repeated lists and for missing values.
import Foundation
import NewsModel
import Testing
@testable import NewsMenuKit

@Suite("Article JSON")
struct ArticleJSONTests {
    static let full = Article(
        id: "urn:1", title: "T \"q\"", link: "https://example.com/1", author: "A",
        published: Date(timeIntervalSince1970: 0), updated: Date(timeIntervalSince1970: 86_400 + 3_661),
        summary: "s\nline", content: "<p>c</p>", categories: ["x", "y"],
        enclosures: [Enclosure(url: "https://example.com/a.mp3", type: "audio/mpeg", length: 12),
                     Enclosure(url: "https://example.com/b.mp3", length: nil)])
    static let bare = Article(id: "urn:2")

    static func text(_ articles: [Article], first: Bool = true, indent: Int = 2, indented: Bool) -> String {
        let block = JSONBlock(articles[...], first: first, indent: indent, indented: indented)
        return block.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    @Test("indented: two spaces a level, a space after each colon, lists one member a line")
    func indented() {
        let expected = """

            {
              "id": "urn:1",
              "title": "T \\"q\\"",
              "link": "https://example.com/1",
              "author": "A",
              "published": "1970-01-01T00:00:00Z",
              "updated": "1970-01-02T01:01:01Z",
              "summary": "s\\nline",
              "content": "<p>c</p>",
              "categories": [
                "x",
                "y"
              ],
              "enclosures": [
                {
                  "url": "https://example.com/a.mp3",
                  "type": "audio/mpeg",
                  "length": 12
                },
                {
                  "url": "https://example.com/b.mp3",
                  "type": null,
                  "length": null
                }
              ]
            },
            {
              "id": "urn:2",
              "title": null,
              "link": null,
              "author": null,
              "published": null,
              "updated": null,
              "summary": null,
              "content": null,
              "categories": [],
              "enclosures": []
            }
        """
        #expect(Self.text([Self.full, Self.bare], indented: true) == expected)
    }

    @Test("compact: no spaces or line breaks; a block that does not start the list begins with a comma")
    func compact() {
        let expected = #",{"id":"urn:2","title":null,"link":null,"author":null,"published":null,"updated":null,"#
            + #""summary":null,"content":null,"categories":[],"enclosures":[]},{"id":"urn:1","title":"T \"q\"","#
            + #""link":"https://example.com/1","author":"A","published":"1970-01-01T00:00:00Z","#
            + #""updated":"1970-01-02T01:01:01Z","summary":"s\nline","content":"<p>c</p>","categories":["x","y"],"#
            + #""enclosures":[{"url":"https://example.com/a.mp3","type":"audio/mpeg","length":12},"#
            + #"{"url":"https://example.com/b.mp3","type":null,"length":null}]}"#
        #expect(Self.text([Self.bare, Self.full], first: false, indented: false) == expected)
    }

    @Test("at another depth the pieces are made for it: the same members, indented further")
    func deeper() {
        let atTwo = Self.text([Self.full], indent: 2, indented: true)
        let atFive = Self.text([Self.full], indent: 5, indented: true)
        #expect(atFive == atTwo.replacingOccurrences(of: "\n", with: "\n      "))
    }

    @Test("a block of more than a megabyte keeps all its articles (nothing is flushed from a block)")
    func largeBlock() throws {
        let long = String(repeating: "長い本文 ", count: 600)
        let articles = (0..<ArticleBlocks.blockSize).map {
            Article(id: "urn:\($0)", content: long, categories: ["c\($0)"])
        }
        let text = Self.text(articles, indented: true)
        #expect(text.utf8.count > 1 << 20)
        let parsed = try JSONSerialization.jsonObject(with: Data(("[" + text + "]").utf8)) as? [[String: Any]]
        #expect(parsed?.count == articles.count)
        #expect(parsed?.last?["categories"] as? [String] == ["c\(articles.count - 1)"])
        #expect(parsed?.allSatisfy { $0["content"] as? String == long } == true)
    }
}
