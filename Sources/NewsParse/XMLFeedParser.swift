// Reads an XML feed with the SAX parser and decides between a Feed and the errors. Reads once
// more from a repaired copy when the document was not well-formed (bare `&`, unknown entities
// in attributes): after the first such error libxml2 drops every later entity reference.
import NewsModel

enum XMLFeedParser {
    struct Pass {
        let outcome: FeedWalker.Outcome
        let xmlWarnings: [String]
        let entityWarnings: [String]
        let prefixWarnings: [String]
        let firstFatal: String?
        let sawError: Bool
        /// The root element still open after the last byte (as written): the document was
        /// cut short. A reader stopped at its split leaves the rest to the second half, which
        /// is only joined when it read cleanly, to the root's end.
        let unclosedRoot: String?

        /// What `reader` read, once it is done.
        init(_ reader: SAXFeedReader) {
            outcome = reader.walker.outcome
            xmlWarnings = reader.errors.warnings
            entityWarnings = reader.entities.warnings
            prefixWarnings = reader.undeclaredPrefixWarnings
            firstFatal = reader.errors.firstFatal
            sawError = reader.errors.sawError
            unclosedRoot = reader.stoppedAtSplit ? nil : reader.walker.openRootName
        }

        var articleCount: Int? {
            if case .feed(let feed) = outcome { return feed.articles.count }
            return nil
        }
    }

    /// `bytes` are well-formed UTF-8 (FeedParser checked or converted them).
    /// `splitting`: a large document may be read in two halves at once (SplitRead); off, it
    /// is always read whole (the tests' reference). `observer` hears of the halves.
    static func parse(
        _ bytes: UnsafeRawBufferPointer, documentURL: String?, splitting: Bool = true,
        observer: (any SplitReadObserver)? = nil
    ) throws(FeedParseError) -> Feed {
        // libxml2 counts lines and columns in C ints; documents past that are refused.
        guard bytes.count <= Int(Int32.max) else {
            throw .notXML("the document is \(bytes.count) bytes, more than libxml2 can read")
        }
        let first: Pass
        if splitting, let halves = SplitRead.reading(bytes, documentURL: documentURL, observer: observer) {
            first = halves.pass
        } else {
            first = try read(bytes, documentURL: documentURL)
        }
        var chosen = first
        var notes: [String] = []
        if first.sawError, first.articleCount != nil {
            let repair = XMLRepair.repairEntities(bytes)
            if repair.repairs > 0 {
                let second = try repair.bytes.withUnsafeBytes { repaired in
                    Result { () throws(FeedParseError) in try read(repaired, documentURL: documentURL) }
                }.get()
                if let repairedCount = second.articleCount, repairedCount >= (first.articleCount ?? 0) {
                    chosen = second
                    notes.append("repaired \(repair.repairs) stray '&', HTML entities or control characters and read the document again")
                }
            }
        }
        let xmlWarnings = unique(first.xmlWarnings + chosen.xmlWarnings)
        switch chosen.outcome {
        case .feed(var feed):
            if let root = chosen.unclosedRoot, !endsWithEndTag(of: root, bytes) {
                feed.isCutShort = true
                let count = feed.articles.count
                notes.append("the document ends before its <\(root)> element is closed: it was cut short; "
                    + "\(count) complete item\(count == 1 ? " was" : "s were") read before the cut")
            }
            // The notes first: past FeedParser.warningLimit warnings the rest are only counted,
            // and a broken document can have that many of libxml2's (one for each element of
            // an undeclared prefix).
            feed.warnings = notes + chosen.prefixWarnings + xmlWarnings + chosen.entityWarnings + feed.warnings
            return feed
        case .notAFeed(let root):
            if HTMLFeedLinks.isHTML(rootElement: root) {
                throw .htmlPage(advertisedFeeds: HTMLFeedLinks.advertisedFeeds(in: bytes, documentURL: documentURL))
            }
            throw .notAFeed(rootElement: root)
        case .noRoot:
            throw failureWithoutRoot(bytes, documentURL: documentURL, fatal: first.firstFatal ?? chosen.firstFatal)
        }
    }

    /// Whether the document's last bytes close `root` (`</rss>`, then only white space): then
    /// libxml2 left the root open because the document is broken inside, not because it
    /// was cut short.
    private static func endsWithEndTag(of root: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var end = bytes.count
        while end > 0, Whitespace.isASCIIWhitespace(bytes[end - 1]) { end -= 1 }
        guard end > 0, bytes[end - 1] == UInt8(ascii: ">") else { return false }
        end -= 1
        while end > 0, Whitespace.isASCIIWhitespace(bytes[end - 1]) { end -= 1 }
        let tag = Array("</\(root)".utf8)
        guard end >= tag.count else { return false }
        return bytes[(end - tag.count)..<end].elementsEqual(tag)
    }

    private static func read(_ bytes: UnsafeRawBufferPointer, documentURL: String?) throws(FeedParseError) -> Pass {
        let reader = try SAXFeedReader(documentURL: documentURL, checkedUTF8: true)
        reader.parse(bytes)
        return Pass(reader)
    }

    /// libxml2 may stop before reporting the root (an HTML page breaks in its `<head>`): the
    /// root's name then comes from the bytes. A feed's root that cannot be read is not XML.
    private static func failureWithoutRoot(
        _ bytes: UnsafeRawBufferPointer, documentURL: String?, fatal: String?
    ) -> FeedParseError {
        let message = fatal ?? "no root element"
        guard let root = RootSniffer.rootElementName(bytes) else { return .notXML(message) }
        if HTMLFeedLinks.isHTML(rootElement: root) {
            return .htmlPage(advertisedFeeds: HTMLFeedLinks.advertisedFeeds(in: bytes, documentURL: documentURL))
        }
        let local = root.split(separator: ":").last.map(String.init) ?? root
        return ["rss", "RDF", "feed"].contains(local) ? .notXML(message) : .notAFeed(rootElement: root)
    }

    private static func unique(_ messages: [String]) -> [String] {
        var seen = Set<String>()
        return messages.filter { seen.insert($0).inserted }
    }
}
