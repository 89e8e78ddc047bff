// Reads an XML feed with the streaming reader and decides between a Feed, notAFeed and
// notXML. Reads once more from a repaired copy when libxml2 stopped at an error.
import NewsModel

enum XMLFeedParser {
    private struct Pass {
        let outcome: FeedWalker.Outcome
        let xmlWarnings: [String]
        let firstFatal: String?
        let stoppedAtError: Bool

        var articleCount: Int? {
            if case .feed(let feed) = outcome { return feed.articles.count }
            return nil
        }
    }

    static func parse(_ bytes: [UInt8], encoding: String?, documentURL: String?) throws(FeedParseError) -> Feed {
        let first = try read(bytes, encoding: encoding, documentURL: documentURL)
        var chosen = first
        var notes: [String] = []
        if first.stoppedAtError, !isUTF16(bytes) {
            let repair = XMLRepair.repairEntities(bytes)
            if repair.repairs > 0 {
                let second = try read(repair.bytes, encoding: encoding, documentURL: documentURL)
                if let repairedCount = second.articleCount, repairedCount >= (first.articleCount ?? 0) {
                    chosen = second
                    notes.append("escaped \(repair.repairs) stray '&' or HTML entities and read the document again")
                }
            }
        }
        let xmlWarnings = unique(first.xmlWarnings + chosen.xmlWarnings)
        switch chosen.outcome {
        case .feed(var feed):
            feed.warnings = xmlWarnings + notes + feed.warnings
            return feed
        case .notAFeed(let root):
            throw .notAFeed(rootElement: root)
        case .noRoot:
            throw failureWithoutRoot(bytes, fatal: first.firstFatal ?? chosen.firstFatal)
        }
    }

    private static func read(_ bytes: [UInt8], encoding: String?, documentURL: String?) throws(FeedParseError) -> Pass {
        // libxml2 takes the length as a C int.
        guard bytes.count <= Int(Int32.max) else {
            throw .notXML("the document is \(bytes.count) bytes, more than libxml2 can read")
        }
        guard let reader = XMLStreamReader(bytes: bytes, encoding: encoding) else {
            throw .notXML("libxml2 could not create a reader for the document")
        }
        var walker = FeedWalker(documentURL: documentURL)
        while walker.rejectedRoot == nil, let event = reader.next() {
            walker.handle(event)
        }
        return Pass(
            outcome: walker.outcome, xmlWarnings: reader.errors.warnings,
            firstFatal: reader.errors.firstFatal, stoppedAtError: reader.stoppedAtError)
    }

    /// libxml2 may stop before reporting the root (an HTML page breaks in its `<head>`): the
    /// root's name then comes from the bytes. A feed's root that cannot be read is not XML.
    private static func failureWithoutRoot(_ bytes: [UInt8], fatal: String?) -> FeedParseError {
        let message = fatal ?? "no root element"
        guard let root = RootSniffer.rootElementName(bytes) else { return .notXML(message) }
        let local = root.split(separator: ":").last.map(String.init) ?? root
        return ["rss", "RDF", "feed"].contains(local) ? .notXML(message) : .notAFeed(rootElement: root)
    }

    private static func isUTF16(_ bytes: [UInt8]) -> Bool {
        let bom = ByteOrderMark(bytes)
        return bom == .utf16BigEndian || bom == .utf16LittleEndian
    }

    private static func unique(_ messages: [String]) -> [String] {
        var seen = Set<String>()
        return messages.filter { seen.insert($0).inserted }
    }
}
