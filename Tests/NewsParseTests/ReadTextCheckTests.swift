// The cheaper check of text libxml2 has read must answer as the full check does on every
// input libxml2 can hand over, and no parse may ever make a String of ill-formed bytes.
import Foundation
import Testing
import NewsModel
import NewsTestSupport
@testable import NewsParse

@Suite("The check of text libxml2 has read")
struct ReadTextCheckTests {
    /// Characters at every edge the check looks at: ASCII controls, DEL, the C1 controls and
    /// Latin-1, the bidi controls and the punctuation around them, kana and kanji, the E0
    /// and F0 leads' first well-formed characters (Thai, Devanagari, emoji).
    private static let characters: [[UInt8]] = {
        let scalars = (0x00...0xFF).compactMap(Unicode.Scalar.init)
            + (0x2000...0x2070).compactMap(Unicode.Scalar.init)
            + ["\u{0800}", "\u{0E01}", "\u{0915}", "\u{3000}", "日", "ニ", "\u{FFFD}", "\u{10000}", "\u{1F600}", "\u{10FFFF}"]
        return scalars.map { Array(String($0).utf8) }
    }()

    /// The overlong forms libxml2's CDATA check lets through, at each lead it can have.
    private static let overlongs: [[UInt8]] = [
        [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x81, 0xBF], [0xE0, 0x9F, 0xBF], [0xF0, 0x80, 0x81, 0xBF], [0xF0, 0x8F, 0xBF, 0xBD],
    ]

    private func agrees(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            let full = UTF8Validation.check(buffer)
            let read = UTF8Validation.check(buffer, .readByLibxml2)
            return read.isValid == full.isValid && (!full.isValid || read.isClean == full.isClean)
        }
    }

    @Test("answers as the full check for every test character, alone and at every place of short, one-block, two-block and longer texts")
    func agreesOnEveryCharacterAndPlace() {
        let kanji = Array("第3四半期".utf8), ascii = Array("news".utf8)
        var disagreements: [[UInt8]] = []
        for character in ReadTextCheckTests.characters + ReadTextCheckTests.overlongs {
            for padding in 0..<34 {
                for after in [[], ascii, kanji, kanji + kanji + kanji] {
                    let bytes = Array(repeating: UInt8(ascii: "a"), count: padding) + character + after
                    if !agrees(bytes) { disagreements.append(bytes) }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(3))")
    }

    @Test("answers as the full check on random mixes of the test characters and overlong forms (seeded)")
    func agreesOnRandomMixes() {
        var generator = SeededGenerator(seed: 0x5EED_7E47)
        let pool = ReadTextCheckTests.characters + ReadTextCheckTests.characters + ReadTextCheckTests.overlongs
        var disagreements: [[UInt8]] = []
        for _ in 0..<3000 {
            let count = Int(generator.next() % 40)
            var bytes: [UInt8] = []
            for _ in 0..<count { bytes += pool[Int(generator.next() % UInt64(pool.count))] }
            if !agrees(bytes) { disagreements.append(bytes) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(3))")
    }

    @Test("pieces that start with a continuation byte or end inside a sequence get the full check")
    func edges() {
        for bytes: [[UInt8]] in [[[0x80], Array("日本語".utf8)], [Array("日本語".utf8), [0xE6, 0x97]], [Array("abc".utf8), [0xF0, 0x9F, 0x98]]] {
            let joined = bytes.flatMap { $0 }
            #expect(joined.withUnsafeBufferPointer { !UTF8Validation.check($0, .readByLibxml2).isValid })
        }
    }

    /// Every String the feed holds, warnings included.
    private func strings(of feed: Feed) -> [String] {
        var all = [feed.title, feed.link, feed.subtitle, feed.language, feed.author, feed.image].compactMap { $0 } + feed.warnings
        for article in feed.articles {
            all += [article.id] + [article.title, article.link, article.author, article.summary, article.content, article.image].compactMap { $0 }
            all += article.categories + article.enclosures.flatMap { [$0.url] + [$0.type].compactMap { $0 } }
        }
        return all
    }

    /// Whether `text` is made of well-formed UTF-8 and holds nothing the cleaning removes.
    private func isSound(_ text: String) -> Bool {
        String(validating: Array(text.utf8), as: UTF8.self) != nil && !text.unicodeScalars.contains(where: TextCleaner.isUnwanted)
    }

    @Test("overlong forms in CDATA become U+FFFD in the field, wherever they fall in it")
    func overlongInCDATA() throws {
        for overlong in ReadTextCheckTests.overlongs {
            for padding in [0, 7, 15, 16, 31, 40] {
                let text = Array(repeating: UInt8(ascii: "x"), count: padding) + overlong + Array("の記事".utf8)
                let document = Array("<rss version=\"2.0\"><channel><title>t</title><item><title>a</title><description><![CDATA[".utf8)
                    + text + Array("]]></description></item></channel></rss>".utf8)
                let feed = try FeedParser.parse(Data(document), documentURL: nil)
                let summary = try #require(feed.articles.first?.summary)
                #expect(isSound(summary))
                #expect(summary.contains("\u{FFFD}"), "\(overlong) after \(padding)")
                #expect(summary.hasSuffix("の記事"))
            }
        }
    }

    @Test("no parse of a randomly damaged feed makes a String of ill-formed bytes or keeps a control (seeded, 400 documents)")
    func damagedFeedsStaySound() throws {
        let original = Array(try Fixture.data("rss20-full.xml"))
        let damage: [UInt8] = [0x00, 0x01, 0x0B, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xE0, 0xE2, 0xED, 0xF0, 0xF4, 0xF8, 0xFF]
        var generator = SeededGenerator(seed: 0xDA_3A6E)
        var unsound: [String] = []
        for round in 0..<400 {
            var bytes = original
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                let place = Int(generator.next() % UInt64(bytes.count))
                bytes[place] = damage[Int(generator.next() % UInt64(damage.count))]
            }
            guard let feed = try? FeedParser.parse(Data(bytes), documentURL: "https://example.com/feed.xml") else { continue }
            unsound += strings(of: feed).filter { !isSound($0) }.map { "round \(round): \($0.debugDescription)" }
        }
        #expect(unsound.isEmpty, "\(unsound.prefix(3))")
    }
}
