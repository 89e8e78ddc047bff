// Inputs Fuzz/run (FuzzFeedParser) found breaking a property of the parser, each kept as a
// fixture (Fixtures/fuzz_*) with the fields it must parse to.
import Foundation
import NewsModel
import NewsParse
import Testing

@Suite("Fuzz findings: feed parser")
struct FeedParserFuzzFindingTests {
    /// The billion-laughs fixture took 4 s of CPU a parse in the fuzzing build, past
    /// libFuzzer's hang limit: each level of the bomb re-expanded the levels below it up to
    /// the budget. Expanded entities are now copied, with the same limits as before: this
    /// fixture's chain is one level deeper than the limit, and its wide entity passes the
    /// budget only when used inside another.
    @Test("entities expanded once are copied, with the depth limit and the budget as before")
    func entityChainKeepsLimits() throws {
        let feed = try Fixture.parse("fuzz_entity_chain.xml")
        let titles = feed.articles.map { $0.title ?? "" }
        #expect(titles.count == 4)
        guard titles.count == 4 else { return }
        #expect(titles[0] == "deep: x")
        #expect(titles[1] == "too deep:")
        // w4 is 4 × 16 × 16 × 256 bytes of "y", whole.
        #expect(titles[2] == "wide: " + String(repeating: "y", count: 262_144), "\(titles[2].utf8.count) bytes")
        #expect(titles[3] == "wider:")
        #expect(feed.warnings.contains { $0.contains("&e9;") && $0.contains("left out") })
        #expect(feed.warnings.contains { $0.contains("&w5;") && $0.contains("left out") })
        #expect(!feed.warnings.contains { $0.contains("&e8;") || $0.contains("&w4;") })
    }

    /// An HTML page whose advertised feed URL was full of U+0010: the URL went whole into the
    /// error `newsmenu parse` prints (and `newsmenu add` would have subscribed to it). An
    /// ESC or a bidi override there could drive the terminal.
    @Test("an HTML page's advertised feeds never carry a control or bidi character")
    func advertisedFeedsArePrintable() throws {
        let error = Fixture.error(of: try Fixture.data("fuzz_html_advertised_control_chars.html"))
        #expect(error == .htmlPage(advertisedFeeds: ["https://cdn.example.net/atom.xml"]))
        let message = try #require(error).description
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
    }

    /// libxml2's not-well-formed message quotes the document after the error ("Comment not
    /// terminated <!--…"): a C1 control found there reached the message `newsmenu parse`
    /// prints. This fixture puts a C1 CSI, an OSC string and a bidi override there.
    @Test("a parse error quoting the document carries no control or bidi character")
    func errorMessageIsCleaned() throws {
        let error = try #require(Fixture.error(of: try Fixture.data("fuzz_error_quotes_controls.xml")))
        guard case .notXML(let raw) = error else {
            Issue.record("expected not well-formed XML, got \(error)")
            return
        }
        #expect(raw.contains("\u{9B}2J"))
        let message = error.description
        #expect(message.contains("Comment not terminated"))
        #expect(message.contains("2J0;owned gnp.exe"))
        #expect(!message.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
    }
}

