// The feeds an HTML page advertises with `<link rel="alternate" type="application/rss+xml"
// href="…">` (and Atom, JSON Feed), resolved to absolute URLs: what to tell someone who
// pointed newsmenu at a web page instead of its feed.

import NewsModel

enum HTMLFeedLinks {
    private static let feedTypes: Set<String> = [
        // Not application/json: WordPress advertises its REST API with it.
        "application/rss+xml", "application/atom+xml", "application/feed+json", "application/rdf+xml",
    ]
    /// Feeds are advertised in the head; a page's first half megabyte holds it.
    private static let scanLimit = 512 * 1024

    /// Whether the document looks like an HTML page: a doctype or root named html.
    static func isHTML(rootElement: String?) -> Bool {
        guard let root = rootElement else { return false }
        let local = root.split(separator: ":").last.map { $0.lowercased() } ?? ""
        return local == "html"
    }

    static func advertisedFeeds(in bytes: UnsafeRawBufferPointer, documentURL: String?) -> [String] {
        let html = String(decoding: bytes.prefix(scanLimit), as: UTF8.self)
        var base = documentURL
        var feeds: [String] = []
        for tag in tags(in: html) {
            switch tag.name {
            case "base":
                if let href = tag.attributes["href"].map(withoutTabsAndLineBreaks) {
                    base = LinkResolver.resolve(href, against: documentURL) ?? base
                }
            case "link":
                let relations = (tag.attributes["rel"] ?? "").lowercased().split(separator: " ")
                let type = Whitespace.trim(tag.attributes["type"] ?? "").lowercased()
                guard relations.contains("alternate"), feedTypes.contains(type),
                      let href = tag.attributes["href"].map(withoutTabsAndLineBreaks),
                      let url = LinkResolver.resolve(href, against: base), isPrintable(url), !feeds.contains(url)
                else { continue }
                feeds.append(url)
            default:
                continue
            }
        }
        return feeds
    }

    /// An href as a browser reads it: tabs and line breaks are dropped (WHATWG URL).
    private static func withoutTabsAndLineBreaks(_ href: String) -> String {
        guard href.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return href }
        return String(String.UnicodeScalarView(href.unicodeScalars.filter { !["\t", "\n", "\r"].contains($0) }))
    }

    /// False for a URL still holding a control or bidi character: it names no feed anyone
    /// could fetch, and the message listing the advertised feeds would carry it to the
    /// terminal (found by Fuzz/run: an href full of U+0010 reached the error message).
    private static func isPrintable(_ url: String) -> Bool {
        !url.unicodeScalars.contains { $0 == "\t" || $0 == "\n" || TextCleaner.isUnwanted($0) }
    }

    private struct Tag {
        let name: String
        let attributes: [String: String]
    }

    /// `<link …>` and `<base …>` tags with their attributes, entities decoded.
    private static func tags(in html: String) -> [Tag] {
        var found: [Tag] = []
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            let name = rest.prefix { $0.isLetter }.lowercased()
            guard name == "link" || name == "base" else { continue }
            rest = rest.dropFirst(name.count)
            var attributes: [String: String] = [:]
            while true {
                rest = rest.drop { $0.isWhitespace || $0 == "/" }
                guard let first = rest.first, first != ">" else { break }
                let key = rest.prefix { !$0.isWhitespace && $0 != "=" && $0 != ">" && $0 != "/" }.lowercased()
                rest = rest.dropFirst(max(key.count, 1)).drop { $0.isWhitespace }
                var value = ""
                if rest.first == "=" {
                    rest = rest.dropFirst().drop { $0.isWhitespace }
                    if let quote = rest.first, quote == "\"" || quote == "'" {
                        rest = rest.dropFirst()
                        let body = rest.prefix { $0 != quote }
                        value = String(body)
                        rest = rest.dropFirst(body.count)
                        if rest.first == quote { rest = rest.dropFirst() }
                    } else {
                        let body = rest.prefix { !$0.isWhitespace && $0 != ">" }
                        value = String(body)
                        rest = rest.dropFirst(body.count)
                    }
                }
                if !key.isEmpty, attributes[key] == nil { attributes[key] = HTMLEntities.decode(value) }
            }
            found.append(Tag(name: name, attributes: attributes))
        }
        return found
    }
}
