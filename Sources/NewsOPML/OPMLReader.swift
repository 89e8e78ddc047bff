// Reads OPML with libxml2's pull reader: <outline>s with an xmlUrl are feeds, outlines holding
// others are folders, however deep; other leaf outlines (bookmarks, notes, feeds missing their
// URL) and folders holding no feed are noted as skipped, since a tab with nothing to fetch is
// clutter the user never asked for. Only newsmenu's own export keeps empty folders: they were
// empty tabs. Attribute names are matched without regard to case, because exporters disagree
// (xmlUrl, xmlurl).
import Foundation
internal import CXML2

public enum OPMLReader {
    public static func read(_ data: Data) throws(OPMLError) -> OPMLDocument {
        let reader = try XMLPullReader(data)
        var document = OPMLDocument()
        var sawRoot = false
        var inBody = false
        var inHeadTitle = false
        /// One entry per open <outline>: the folder name it opened, or nil for a feed.
        var openOutlines: [String?] = []
        var folderIndex: [[String]: Int] = [:]
        var isNewsmenuExport = false
        while let node = try reader.next() {
            switch node.kind {
            case .start(let name, let attributes, let isEmpty):
                if !sawRoot {
                    guard name == "opml" else { throw OPMLError(message: "not OPML: the root element is <\(name)>") }
                    sawRoot = true
                    // libxml2 lists namespace declarations among the attributes.
                    isNewsmenuExport = attributes.values.contains(OPMLExtension.namespace)
                } else if name == "body" {
                    inBody = true
                } else if name == "title", !inBody {
                    inHeadTitle = !isEmpty
                } else if name == "outline", inBody {
                    let folderName = outline(attributes, isLeaf: isEmpty && !isNewsmenuExport,
                                             folders: openOutlines.compactMap { $0 }, into: &document, folderIndex: &folderIndex)
                    if !isEmpty { openOutlines.append(folderName) }
                }
            case .text(let text):
                if inHeadTitle { document.title = (document.title ?? "") + text }
            case .end(let name):
                if name == "outline", inBody { _ = openOutlines.popLast() }
                if name == "title" { inHeadTitle = false }
                if name == "body" { inBody = false }
            }
        }
        guard sawRoot else { throw OPMLError(message: "not OPML: the document is empty") }
        if !isNewsmenuExport { dropFoldersWithoutFeeds(from: &document) }
        return document
    }

    /// Records one outline; returns the folder name it opens, or nil for a feed. `isLeaf`: it
    /// holds no outlines and is not from newsmenu's export, so it cannot be a folder.
    private static func outline(_ attributes: [String: String], isLeaf: Bool, folders: [String],
                                into document: inout OPMLDocument, folderIndex: inout [[String]: Int]) -> String? {
        let title = nonEmpty(attributes["title"]) ?? nonEmpty(attributes["text"])
        if let url = nonEmpty(attributes["xmlurl"]) {
            // An exporter that had no title writes the URL as the text.
            document.add(OPMLFeed(url: url, title: title == url ? nil : title, htmlURL: nonEmpty(attributes["htmlurl"]),
                                  interval: seconds(extensionAttribute("interval", attributes))),
                         inFolder: folders.isEmpty ? OPMLCategory.path(attributes["category"]) : folders,
                         folderIndex: &folderIndex)
            return nil
        }
        // An outline with a site's address (htmlUrl) but no feed's is a feed whose URL is
        // missing, not a folder.
        let type = attributes["type"]?.lowercased()
        if attributes["xmlurl"] != nil || attributes["htmlurl"] != nil || ["rss", "atom"].contains(type) || isLeaf {
            let reason = type == "link" ? "a link (bookmark), not a feed" : "it has no xmlUrl"
            document.skipped.append(SkippedEntry(name: "outline \"\(title ?? "Untitled")\"", reason: reason))
            return nil
        }
        let name = title ?? "Untitled"
        let settings = OPMLTabSettings(
            enabled: extensionAttribute("enabled", attributes)?.lowercased() != "false",
            color: nonEmpty(extensionAttribute("color", attributes)),
            interval: seconds(extensionAttribute("interval", attributes)))
        if settings.isDefault {
            document.add(nil, inFolder: folders + [name], folderIndex: &folderIndex)
        } else {
            document.setSettings(settings, ofFolder: folders + [name], folderIndex: &folderIndex)
        }
        return name
    }

    /// Removes the folders with no feeds in them or below them, noting the innermost as skipped:
    /// one warning for a nest of empty folders.
    private static func dropFoldersWithoutFeeds(from document: inout OPMLDocument) {
        let holdingFeeds = document.folders.filter { !$0.feeds.isEmpty }.map(\.path)
        let isAbove = { (path: [String], other: [String]) in other.count > path.count && Array(other.prefix(path.count)) == path }
        let paths = document.folders.map(\.path)
        var kept: [OPMLFolder] = []
        for folder in document.folders {
            guard folder.feeds.isEmpty, !holdingFeeds.contains(where: { isAbove(folder.path, $0) }) else {
                kept.append(folder)
                continue
            }
            if !folder.path.isEmpty, !paths.contains(where: { isAbove(folder.path, $0) }) {
                document.skipped.append(SkippedEntry(name: "folder \"\(folder.path.joined(separator: "/"))\"",
                                                     reason: "it holds no feeds, so it makes no tab"))
            }
        }
        document.folders = kept
    }

    /// newsmenu's attribute `name` (`newsmenu:name` in its namespace), if the outline has it.
    private static func extensionAttribute(_ name: String, _ attributes: [String: String]) -> String? {
        attributes["{\(OPMLExtension.namespace)}\(name)"]
    }

    /// A whole number of seconds above zero, else nil.
    private static func seconds(_ text: String?) -> Int? {
        guard let text, let value = Int(text.trimmingCharacters(in: .whitespaces)), value > 0 else { return nil }
        return value
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
