// Removes the characters no stored text may hold: C0 controls except tab and newline, DEL,
// C1 controls and the bidi embedding, override and isolate controls, so that nothing a feed
// writes can move a terminal's cursor or reorder what is shown around it. In prose, a C1
// control that is a Windows-1252 byte's code (`&#146;` for ’, `&#128;` for €, as sites write
// them) becomes that character instead, as browsers read such references.
import NewsModel

enum TextCleaner {
    static func clean(_ text: String) -> String {
        isDirty(text) ? String(String.UnicodeScalarView(text.unicodeScalars.filter { !isUnwanted($0) })) : text
    }

    /// `clean` for words meant to be read (titles, authors, bodies, categories): a C1
    /// control that is a Windows-1252 byte's code becomes that character. Not for links and
    /// ids, where such a character would change what they point to or name.
    static func cleanProse(_ text: String) -> String {
        guard isDirty(text) else { return text }
        var cleaned = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let meant = HTMLEntities.windows1252(scalar.value) {
                cleaned.append(meant)
            } else if !isUnwanted(scalar) {
                cleaned.append(scalar)
            }
        }
        return String(cleaned)
    }

    private static func isDirty(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while true {
                index = ByteScan.firstSuspect(in: bytes, from: index, wordIsClean: isCleanWord, suspect: isSuspect)
                guard index < bytes.count else { return false }
                if isUnwantedStart(bytes, at: index) { return true }
                index += 1
            }
        }
    }

    /// Cleans in place, writing only when something changes (nearly never), so that clean
    /// articles are not rebuilt.
    private static func clean(_ text: inout String?) {
        guard let current = text, isDirty(current) else { return }
        text = clean(current).nonEmpty
    }

    private static func cleanProse(_ text: inout String?) {
        guard let current = text, isDirty(current) else { return }
        text = cleanProse(current).nonEmpty
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
        !ByteScan.any(ByteScan.below(word, 0x20) | ByteScan.equal(word, 0x7F)
            | ByteScan.equal(word, 0xC2) | ByteScan.equal(word, 0xE2))
    }

    /// An ASCII byte that is unwanted on its own: a C0 control but tab and newline, or DEL.
    @inline(__always)
    static func isUnwanted(ascii byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A) || byte == 0x7F
    }

    /// A byte-level test for the same set, so that clean text (nearly all of it) is only read.
    /// Also run by UTF8Validation.check while it reads a field's bytes.
    static func isUnwantedStart(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = bytes[index]
        switch byte {
        case 0x00...0x7F: return isUnwanted(ascii: byte)
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
    static func clean(_ feed: inout Feed) {
        cleanFeedFields(&feed)
        for index in feed.articles.indices { clean(&feed.articles[index]) }
    }

    /// The feed's own text fields and its warnings, not its articles (the XML walker cleans
    /// each article as it finishes it).
    static func cleanFeedFields(_ feed: inout Feed) {
        cleanProse(&feed.title)
        clean(&feed.link)
        cleanProse(&feed.subtitle)
        clean(&feed.language)
        cleanProse(&feed.author)
        clean(&feed.image)
        if feed.warnings.contains(where: isDirty) { feed.warnings = feed.warnings.map(clean) }
    }

    /// Article fields known to hold nothing this removes: their bytes were checked as they
    /// were read (UTF8Validation.check), and nothing since added a character.
    struct KnownClean: OptionSet {
        let rawValue: UInt8
        static let id = KnownClean(rawValue: 1 << 0)
        static let title = KnownClean(rawValue: 1 << 1)
        static let author = KnownClean(rawValue: 1 << 2)
        static let summary = KnownClean(rawValue: 1 << 3)
        static let content = KnownClean(rawValue: 1 << 4)
        static let link = KnownClean(rawValue: 1 << 5)
        static let categories = KnownClean(rawValue: 1 << 6)
    }

    static func clean(_ article: inout Article, except known: KnownClean = []) {
        if !known.contains(.id), isDirty(article.id) {
            let id = clean(article.id)
            // An id made only of control characters still has to be an id.
            article.id = id.isEmpty ? StableID.fnv1a64([article.id]) : id
        }
        if !known.contains(.title) { cleanProse(&article.title) }
        if !known.contains(.link) { clean(&article.link) }
        if !known.contains(.author) { cleanProse(&article.author) }
        if !known.contains(.summary) { cleanProse(&article.summary) }
        if !known.contains(.content) { cleanProse(&article.content) }
        clean(&article.image)
        if !known.contains(.categories), article.categories.contains(where: isDirty) {
            article.categories = article.categories.compactMap { cleanProse($0).nonEmpty }
        }
        let enclosureIsDirty = { (enclosure: Enclosure) in isDirty(enclosure.url) || enclosure.type.map(isDirty) == true }
        if article.enclosures.contains(where: enclosureIsDirty) {
            article.enclosures = article.enclosures.compactMap { enclosure in
                guard let url = clean(enclosure.url).nonEmpty else { return nil }
                return Enclosure(url: url, type: clean(enclosure.type), length: enclosure.length)
            }
        }
    }
}
