// Writes OPML 2.0: one folder outline per group, each feed an outline with type, text,
// title and xmlUrl (and htmlUrl when known), every attribute XML-escaped.

public enum OPMLWriter {
    public static func write(_ document: OPMLDocument, dateCreated: String? = nil) -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<opml version=\"2.0\">",
            "  <head>",
            "    <title>\(escape(document.title ?? "newsmenu subscriptions"))</title>",
        ]
        if let dateCreated { lines.append("    <dateCreated>\(escape(dateCreated))</dateCreated>") }
        lines += ["  </head>", "  <body>"]
        for folder in document.folders {
            let feeds = folder.feeds.map(outline)
            guard let name = folder.path.last else {
                lines += feeds.map { "    " + $0 }
                continue
            }
            let open = "    <outline text=\"\(escape(name))\" title=\"\(escape(name))\""
            if feeds.isEmpty {
                lines.append(open + "/>")
            } else {
                lines.append(open + ">")
                lines += feeds.map { "      " + $0 }
                lines.append("    </outline>")
            }
        }
        lines += ["  </body>", "</opml>", ""]
        return lines.joined(separator: "\n")
    }

    private static func outline(_ feed: OPMLFeed) -> String {
        let text = feed.title ?? feed.url
        var attributes = "type=\"rss\" text=\"\(escape(text))\""
        if let title = feed.title { attributes += " title=\"\(escape(title))\"" }
        attributes += " xmlUrl=\"\(escape(feed.url))\""
        if let html = feed.htmlURL { attributes += " htmlUrl=\"\(escape(html))\"" }
        return "<outline \(attributes)/>"
    }

    /// Escapes for text and double-quoted attributes; newlines and tabs as character
    /// references so attribute normalisation cannot turn them into spaces.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            // Other C0 controls cannot appear in XML 1.0 at all.
            case _ where scalar.value < 0x20: continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
