// Images, videos, sounds and embedded pages in a body: a stand-in in their place, numbered
// with the links when a browser can open their address, which the list at the end gives.
import Testing
import NewsModel
import NewsRender

@Suite("Article page media")
struct ArticlePageMediaTests {
    func body(_ html: String, width: Int = 60, language: UILanguage = .english) -> [String] {
        ArticlePageFixtures.body(html, width: width, language: language)
    }

    @Test("an iframe shows the host it embeds, numbered; a video's source is its address")
    func embeddedAndVideo() {
        let html = """
            <p>Watch:</p><iframe src="https://www.youtube.com/embed/abc123"></iframe><p>After video.</p>
            <video controls><source src="http://z.com/clip.webm" type="video/webm"></video>
            """
        #expect(body(html) == [
            "Watch:",
            "",
            "[embedded: youtube.com][1]",
            "",
            "After video.",
            "",
            "[video][2]",
            "",
            "Links",
            "[1] https://www.youtube.com/embed/abc123",
            "[2] http://z.com/clip.webm",
        ])
    }

    @Test("audio's fallback text is dropped; its src is numbered, in Japanese too")
    func audio() {
        let html = "<p>Listen</p><audio controls src=\"/ep.mp3\">Your browser does not support <b>audio</b>.</audio><p>end</p>"
        #expect(body(html, language: .japanese) == [
            "Listen", "", "[音声][1]", "", "end", "", "リンク", "[1] https://example.com/ep.mp3",
        ])
    }

    @Test("embed and object data are embedded pages; an object without data shows what it holds")
    func embedAndObject() {
        #expect(body("<embed src=\"https://player.example/x\"> <object data=\"https://www.o.example/f.swf\">fallback</object>", language: .japanese) == [
            "[埋め込み: player.example][1]",
            "",
            "[埋め込み: o.example][2]",
            "",
            "リンク",
            "[1] https://player.example/x",
            "[2] https://www.o.example/f.swf",
        ])
        #expect(body("<object><param name=\"movie\"><embed src=\"https://e.example/v\"></object>") == [
            "[embedded: e.example][1]", "", "Links", "[1] https://e.example/v",
        ])
    }

    @Test("media whose address no browser opens, or that has none, is shown without a number")
    func unnumbered() {
        #expect(body("<video src=\"javascript:x\">no</video><iframe src=\"data:text/html,x\"></iframe><audio></audio>") == [
            "[video]", "", "[embedded]", "", "[audio]",
        ])
        // A video never closed holds nothing: what follows it is the article's, kept.
        #expect(body("<p>a</p><video src=\"https://v.example/a.mp4\">after") == [
            "a", "", "[video][1] after", "", "Links", "[1] https://v.example/a.mp4",
        ])
    }

    @Test("a lazy-loaded image is numbered by data-src and its kin, never by a data: URL")
    func lazyImages() {
        let html = """
            <img data-src="https://i.example/lazy.jpg" src="data:image/gif;base64,R0lGOD" alt="lazy">
            <img data-original="/o.jpg"> <img data-lazy-src="/l.jpg" src=" "> <img src="data:image/png;base64,x">
            """
        #expect(body(html) == [
            "[image: lazy][1] [image][2] [image][3] [image]",
            "",
            "Links",
            "[1] https://i.example/lazy.jpg",
            "[2] https://example.com/o.jpg",
            "[3] https://example.com/l.jpg",
        ])
    }

    @Test("an image in a link takes the link's marker, and its own number only when its address differs")
    func imageInLink() {
        #expect(body("<a href=\"/a.jpg\"><img src=\"/a.jpg\" alt=\"same\"></a> <a href=\"/page\"><img src=\"/thumb.jpg\" alt=\"thumb\"></a>") == [
            "[image: same][1] [image: thumb][3][2]",
            "",
            "Links",
            "[1] https://example.com/a.jpg",
            "[2] https://example.com/page",
            "[3] https://example.com/thumb.jpg",
        ])
    }

    @Test("an image-only article lists the image; a tracking pixel takes no number")
    func imageOnly() {
        #expect(body("<img src=\"http://z.com/only.jpg\"><img src=\"https://t.example/p.gif\" width=\"1\" height=\"1\">", language: .japanese) == [
            "[画像][1]", "", "リンク", "[1] http://z.com/only.jpg",
        ])
    }

    @Test("punctuation after an image closes up to it; a word after it is set apart")
    func punctuationAfterImage() {
        #expect(body("<img alt=\"xi\">. <img title=\"t\">, and <img alt=\"猫\">。次<img alt=\"y\">word (<img alt=\"z\">)", width: 80, language: .japanese) == [
            "[画像: xi]. [画像], and [画像: 猫]。次 [画像: y] word ([画像: z])",
        ])
    }
}

@Suite("Article page media without content")
struct ArticlePageEmptyMediaTests {
    private func text(_ html: String) -> [String] {
        ArticlePageFixtures.body(html, width: 60).prefix { $0 != "Links" }.filter { !$0.isEmpty }
    }

    @Test("a self-closed video, audio, object or iframe (as XML tools write them) keeps the text after it",
          arguments: [
            "<video src=\"https://v.example/a.mp4\"/>", "<audio src=\"https://v.example/a.mp3\" />",
            "<object data=\"https://v.example/o\"/>", "<iframe src=\"https://www.youtube.com/embed/x\"/>",
          ])
    func selfClosed(tag: String) {
        let lines = text("<p>Before.</p>\(tag)<p>After, kept.</p>")
        #expect(lines.first == "Before.")
        #expect(lines.last == "After, kept.", "\(lines)")
        #expect(lines.count == 3, "the stand-in between: \(lines)")
    }

    @Test("a video or iframe never closed keeps the rest of the article", arguments: [
        "<video src=\"https://v.example/a.mp4\">", "<iframe src=\"https://www.youtube.com/embed/x\">",
    ])
    func neverClosed(tag: String) {
        let lines = text("<p>Before.</p>\(tag)<p>After, kept.</p><p>And this.</p>")
        #expect(lines.suffix(2) == ["After, kept.", "And this."], "\(lines)")
    }

    @Test("a closed player's fallback text is still left out")
    func fallbackDropped() {
        let lines = text("<audio controls><source src=\"https://v.example/a.mp3\">Your browser does not support audio.</audio><p>After.</p>")
        #expect(lines == ["[audio][1]", "After."])
    }
}
