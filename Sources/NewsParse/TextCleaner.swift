// Removes the characters no stored text may hold: C0 controls except tab and newline, DEL,
// C1 controls and the bidi embedding, override and isolate controls, so that nothing a feed
// writes can move a terminal's cursor or reorder what is shown around it.
import NewsModel

enum TextCleaner {
    static func clean(_ text: String) -> String {
        var text = text
        let dirty = text.withUTF8 { bytes in
            var index = 0
            while true {
                index = ByteScan.firstSuspect(in: bytes, from: index, wordIsClean: isCleanWord, suspect: isSuspect)
                guard index < bytes.count else { return false }
                if isUnwantedStart(bytes, at: index) { return true }
                index += 1
            }
        }
        guard dirty else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !isUnwanted($0) }))
    }

    static func clean(_ text: String?) -> String? {
        text.map(clean)?.nonEmpty
    }

    static func isUnwanted(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Bytes that can start an unwanted character (tab and newline are let through later).
    @inline(__always)
    private static func isSuspect(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2
    }

    @inline(__always)
    private static func isCleanWord(_ word: UInt64) -> Bool {
        !ByteScan.containsBelow(word, 0x20) && !ByteScan.contains(word, 0x7F)
            && !ByteScan.contains(word, 0xC2) && !ByteScan.contains(word, 0xE2)
    }

    /// A byte-level test for the same set, so that clean text (nearly all of it) is only read.
    private static func isUnwantedStart(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = bytes[index]
        switch byte {
        case 0x09, 0x0A: return false
        case 0x00...0x1F, 0x7F: return true
        case 0xC2:
            // U+0080–U+009F.
            return index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1])
        case 0xE2:
            // U+202A–U+202E (E2 80 AA–AE) and U+2066–U+2069 (E2 81 A6–A9).
            guard index + 2 < bytes.count else { return false }
            let second = bytes[index + 1], third = bytes[index + 2]
            return (second == 0x80 && (0xAA...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third))
        default: return false
        }
    }

    /// Every text field of a feed and its articles, warnings included.
    static func clean(_ feed: Feed) -> Feed {
        var feed = feed
        feed.title = clean(feed.title)
        feed.link = clean(feed.link)
        feed.subtitle = clean(feed.subtitle)
        feed.language = clean(feed.language)
        feed.author = clean(feed.author)
        feed.image = clean(feed.image)
        feed.warnings = feed.warnings.map(clean)
        feed.articles = feed.articles.map(clean)
        return feed
    }

    private static func clean(_ article: Article) -> Article {
        var article = article
        let id = clean(article.id)
        // An id made only of control characters still has to be an id.
        article.id = id.isEmpty ? StableID.fnv1a64([article.id]) : id
        article.title = clean(article.title)
        article.link = clean(article.link)
        article.author = clean(article.author)
        article.summary = clean(article.summary)
        article.content = clean(article.content)
        article.image = clean(article.image)
        article.categories = article.categories.compactMap { clean($0).nonEmpty }
        article.enclosures = article.enclosures.compactMap { enclosure in
            guard let url = clean(enclosure.url).nonEmpty else { return nil }
            return Enclosure(url: url, type: clean(enclosure.type), length: enclosure.length)
        }
        return article
    }
}
