// An article's media files on the reading view's page: a line each after the text, saying
// what it is, its name and size, numbered with the body's links and listed whole at the end.
import Foundation
import Testing
import NewsModel
@testable import NewsRender

@Suite("Article page attachments")
struct ArticlePageAttachmentTests {
    private func body(_ html: String?, _ enclosures: [Enclosure], language: UILanguage = .english, width: Int = 60) -> [String] {
        var article = ArticlePageFixtures.article(content: html)
        article.enclosures = enclosures
        let lines = ArticlePageFixtures.page(article, width: width, language: language)
        guard let blank = lines.firstIndex(of: "") else { return lines }
        return Array(lines[(blank + 1)...])
    }

    @Test("a podcast's episode follows the text, numbered after the body's links")
    func podcast() {
        let episode = Enclosure(url: "https://cdn.example/show/ep%2012.mp3?x=1", type: "audio/mpeg", length: 34_216_000)
        #expect(body("<p>Notes with <a href=\"https://a.example/\">a link</a>.</p>", [episode]) == [
            "Notes with a link[1].",
            "",
            "[audio: ep 12.mp3, 34.2 MB][2]",
            "",
            "Links",
            "[1] https://a.example/",
            "[2] https://cdn.example/show/ep%2012.mp3?x=1",
        ])
    }

    @Test("each kind and size in Japanese; an unknown size and a bare path say less; a file: URL is left out")
    func kindsInJapanese() {
        let files = [
            Enclosure(url: "https://v.example/clip.mp4", type: "video/mp4", length: 812_000),
            Enclosure(url: "https://i.example/photo.jpg", type: "IMAGE/JPEG"),
            Enclosure(url: "https://f.example/dir/", type: nil, length: 0),
            Enclosure(url: "file:///etc/passwd", type: "audio/mpeg"),
        ]
        #expect(body(nil, files, language: .japanese) == [
            "フィードに本文がありません。o でリンクを開きます。",
            "",
            "[動画: clip.mp4、812 KB][1]",
            "[画像: photo.jpg][2]",
            "[添付ファイル][3]",
            "",
            "リンク",
            "[1] https://v.example/clip.mp4",
            "[2] https://i.example/photo.jpg",
            "[3] https://f.example/dir/",
        ])
    }

    @Test("sizes in decimal units", arguments: [
        (Int64(1), "1 B"), (999, "999 B"), (1_000, "1.0 KB"), (150_000, "150 KB"), (99_950_000, "100.0 MB"),
        (2_500_000_000, "2.5 GB"),
    ])
    func sizes(bytes: Int64, shown: String) {
        #expect(ReaderAttachments.size(bytes) == shown)
    }

    @Test("a file name whose escapes decode to a terminal command reaches the page without it")
    func hostileName() {
        let enclosure = Enclosure(url: "https://e.example/a%1B%5D52%3Bc%3Bx%07b.mp3", type: "audio/mpeg")
        let lines = body(nil, [enclosure])
        #expect(lines.dropFirst(2).first == "[audio: ab.mp3][1]")
    }
}
