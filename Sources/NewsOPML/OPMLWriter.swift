// Writes OPML 2.0: a folder outline per folder, nested as the folder paths say, each feed an
// outline with type, text, title and xmlUrl (and htmlUrl when known), every attribute
// XML-escaped; newsmenu's own settings in its namespace (OPMLExtension).

public enum OPMLWriter {
    public static func write(_ document: OPMLDocument, dateCreated: String? = nil) -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<opml version=\"2.0\" xmlns:\(OPMLExtension.prefix)=\"\(OPMLExtension.namespace)\">",
            "  <head>",
            "    <title>\(escape(document.title ?? "newsmenu subscriptions"))</title>",
        ]
        if let dateCreated { lines.append("    <dateCreated>\(escape(dateCreated))</dateCreated>") }
        lines += ["  </head>", "  <body>"]
        lines += FolderTree(document.folders).root.lines(depth: 2)
        lines += ["  </body>", "</opml>", ""]
        return lines.joined(separator: "\n")
    }

    fileprivate static func outline(_ feed: OPMLFeed) -> String {
        let text = feed.title ?? feed.url
        var attributes = "type=\"rss\" text=\"\(escape(text))\""
        if let title = feed.title { attributes += " title=\"\(escape(title))\"" }
        attributes += " xmlUrl=\"\(escape(feed.url))\""
        if let html = feed.htmlURL { attributes += " htmlUrl=\"\(escape(html))\"" }
        if let interval = feed.interval { attributes += " \(OPMLExtension.prefix):interval=\"\(interval)\"" }
        return "<outline \(attributes)/>"
    }

    /// A folder's newsmenu settings as attributes, each with its leading space; none at the defaults.
    fileprivate static func settingsAttributes(_ settings: OPMLTabSettings) -> String {
        var attributes = ""
        if !settings.enabled { attributes += " \(OPMLExtension.prefix):enabled=\"false\"" }
        if let color = settings.color { attributes += " \(OPMLExtension.prefix):color=\"\(escape(color))\"" }
        if let interval = settings.interval { attributes += " \(OPMLExtension.prefix):interval=\"\(interval)\"" }
        return attributes
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

/// The document's folders as nested outlines. A folder's subfolders follow its own feeds (a
/// reader adds a folder as its outline opens, so `OPMLReader` reads back the same folders);
/// the feeds outside any folder stand among the top-level folders where the document lists
/// them. Folders and subfolders keep the order the document first names them in.
private struct FolderTree {
    final class Node {
        let name: String
        var feeds: [OPMLFeed] = []
        var settings = OPMLTabSettings()
        var children: [Node] = []
        /// Where among `children` the node's own feeds are written: first, but at the top
        /// level where the document lists the feeds outside any folder.
        var feedsBefore = 0

        init(name: String) {
            self.name = name
        }

        func child(named name: String) -> Node {
            if let existing = children.first(where: { $0.name == name }) { return existing }
            let added = Node(name: name)
            children.append(added)
            return added
        }

        /// The outlines of the node's feeds and subfolders, indented for `depth`.
        func lines(depth: Int) -> [String] {
            let indent = String(repeating: "  ", count: depth)
            let feedLines = feeds.map { indent + OPMLWriter.outline($0) }
            var lines: [String] = []
            for (position, child) in children.enumerated() {
                if position == feedsBefore { lines += feedLines }
                lines += child.outline(depth: depth)
            }
            if feedsBefore >= children.count { lines += feedLines }
            return lines
        }

        /// The node as a folder outline holding its feeds and subfolders.
        private func outline(depth: Int) -> [String] {
            let indent = String(repeating: "  ", count: depth)
            let open = indent + "<outline text=\"\(OPMLWriter.escape(name))\" title=\"\(OPMLWriter.escape(name))\""
                + OPMLWriter.settingsAttributes(settings)
            let inside = lines(depth: depth + 1)
            return inside.isEmpty ? [open + "/>"] : [open + ">"] + inside + [indent + "</outline>"]
        }
    }

    let root = Node(name: "")

    init(_ folders: [OPMLFolder]) {
        var looseFeedsPlaced = false
        for folder in folders {
            if folder.path.isEmpty, !looseFeedsPlaced {
                root.feedsBefore = root.children.count
                looseFeedsPlaced = true
            }
            let node = folder.path.reduce(root) { $0.child(named: $1) }
            node.feeds += folder.feeds
            if !folder.settings.isDefault { node.settings = folder.settings }
        }
        if !looseFeedsPlaced { root.feedsBefore = root.children.count }
    }
}
