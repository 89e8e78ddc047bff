// newsmenu's "trigram" tokenizer against FTS5's own: the same index terms for every document,
// over every character it folds itself, and for the documents it hands to FTS5's.
import Foundation
import Testing
@testable import NewsStore

@Suite("Trigram tokenizer")
struct TrigramTokenizerTests {
    let temp: TemporaryDirectory
    let raw: RawConnection

    /// Two indexes declared as the store declares its own. `ours` has no tokenizer
    /// arguments, so newsmenu's tokenizer does the work; `fts5`'s argument is FTS5's default,
    /// which newsmenu's tokenizer hands to FTS5's own.
    init() throws {
        temp = try TemporaryDirectory()
        raw = try RawConnection(path: temp.path("tokens.db"))
        for (name, tokenize) in [("ours", "trigram"), ("fts5", "trigram case_sensitive 0")] {
            try raw.execute("CREATE VIRTUAL TABLE \(name) USING fts5(t, content = '', detail = none, columnsize = 0, tokenize = '\(tokenize)')")
            try raw.execute("CREATE VIRTUAL TABLE \(name)_terms USING fts5vocab(\(name), row)")
        }
    }

    private func index(_ texts: [String]) throws {
        for (offset, text) in texts.enumerated() {
            for table in ["ours", "fts5"] {
                try raw.execute("INSERT INTO \(table) (rowid, t) VALUES (?1, ?2)", [.integer(Int64(offset + 1)), .text(text)])
            }
        }
    }

    private func terms(_ table: String) throws -> [[String?]] {
        try raw.rows("SELECT term, doc FROM \(table)_terms ORDER BY term")
    }

    /// The scalars of `range` as text, upper-case ASCII letters put in between so that folding shows.
    private func text(_ range: ClosedRange<UInt32>) -> String {
        var scalars = String.UnicodeScalarView()
        for value in range {
            guard let scalar = Unicode.Scalar(value) else { continue }
            scalars.append(scalar)
            if value % 7 == 0, let letter = Unicode.Scalar(0x41 + value % 26) { scalars.append(letter) }
        }
        return String(scalars)
    }

    @Test("every character folded here gives the index terms FTS5's tokenizer gives")
    func everyFoldedCharacter() throws {
        let blocks: [ClosedRange<UInt32>] = [0x01...0x7F, 0x2000...0x206F, 0x3000...0x9FFF, 0xAC00...0xD7A3, 0xF900...0xFAFF]
        let chunks = blocks.flatMap { block in
            stride(from: block.lowerBound, through: block.upperBound, by: 1_000).map { text($0...min($0 + 999, block.upperBound)) }
        }
        try index(chunks)
        let ours = try terms("ours")
        #expect(ours.count > 40_000)
        #expect(ours == (try terms("fts5")))
    }

    @Test("documents past the 65,535th, when the trigram set's stamps start again, give FTS5's terms")
    func stampsStartAgain() throws {
        // Documents 1 and 65,536 are the same text and take the same stamp; every document
        // between is another text, which leaves most of the first one's slots as they were.
        // A set that kept its slots across the restart would take the 65,536th's trigrams for
        // repeats and index none of them.
        for table in ["ours", "fts5"] {
            try raw.execute(
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 70000)
                INSERT INTO \(table) (rowid, t)
                SELECT i, CASE i % 65535 WHEN 1 THEN 'Shared 東京都 text' ELSE 'other words' END FROM n
                """)
        }
        let ours = try terms("ours")
        #expect(ours.contains(["東京都", "2"]))
        #expect(ours == (try terms("fts5")))
    }

    @Test("repeats, short texts, other scripts, NUL and the forgetting of a row give FTS5's terms")
    func edgesAndFallbacks() throws {
        let texts = ["abcabcabc ABCABC", "", "a", "ab", "abc", "東京都東京都", "Ärger ÉTÉ straße", "ΑΘΗΝΑ αθηνα",
                     "emoji 😀😀 x", "tab\tnew\nline", "nul\u{0}after", "mixed 東京 and Ünïcödé", "—…「」・ー"]
        try index(texts)
        #expect(try terms("ours") == terms("fts5"))
        #expect(try terms("ours").contains(["abc", "2"]) && terms("ours").contains(["東京都", "1"]))
        // The one thing that differs, and shows that newsmenu's tokenizer did the work: FTS5's
        // running count of tokens (its averages record, row 1 of the data table) counts each
        // distinct trigram once.
        let averages = "SELECT hex(block) FROM %@_data WHERE id = 1"
        #expect(try raw.texts(String(format: averages, "ours")) != raw.texts(String(format: averages, "fts5")))
        for (offset, text) in texts.enumerated() where offset.isMultiple(of: 2) {
            for table in ["ours", "fts5"] {
                try raw.execute("INSERT INTO \(table) (\(table), rowid, t) VALUES ('delete', ?1, ?2)",
                                [.integer(Int64(offset + 1)), .text(text)])
            }
        }
        #expect(try terms("ours") == terms("fts5"))
        // Three characters each: one trigram (detail=none answers no phrase of several).
        for query in ["\"abc\"", "\"東京都\"", "\"aße\"", "\"αθη\"", "\"new\""] {
            let sql = "SELECT rowid FROM %@ WHERE %@ MATCH ?1 ORDER BY rowid"
            #expect(try raw.texts(String(format: sql, "ours", "ours"), [.text(query)])
                    == raw.texts(String(format: sql, "fts5", "fts5"), [.text(query)]))
        }
    }
}
