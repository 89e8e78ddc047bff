// Reads newsboat's `urls` file: a feed a line, its URL and then tags in double quotes (or
// bare words). A feed's first tag is its folder (so its tab); "~Title" is its title; "#"
// starts a comment. Lines newsboat resolves by other means (query:, exec:, filter:) and
// hidden feeds are noted as skipped, with the reason.
import Foundation

public enum NewsboatURLsReader {
    public static func read(_ text: String) -> OPMLDocument {
        var document = OPMLDocument()
        var folderIndex: [[String]: Int] = [:]
        for (offset, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let skip = { (reason: String) in
                document.skipped.append(SkippedEntry(name: "line \(offset + 1) \"\(line.trimmingCharacters(in: .whitespaces))\"", reason: reason))
            }
            let words: [String]
            do {
                words = try QuotedWords.split(line, .newsboat)
            } catch {
                skip(error.reason)
                continue
            }
            guard let url = words.first else { continue }
            let tags = words.dropFirst()
            if let reason = unimportable(url) {
                skip(reason)
            } else if tags.contains(where: { $0.hasPrefix("!") }) {
                // Hidden feeds exist to feed query feeds, which do not come across; newsmenu
                // has no "fetched but not shown", and a disabled tab is not fetched.
                skip("newsboat hides it (a tag starting with !); add it with 'newsmenu add' if you want it shown")
            } else {
                let title = tags.first { $0.hasPrefix("~") }.map { String($0.dropFirst()) }
                // Only the first tag: newsboat users tag freely, and a feed in every one of its
                // tags' tabs would show each article once per tab.
                let tab = tags.first { !$0.hasPrefix("~") && !$0.isEmpty }
                document.add(OPMLFeed(url: url, title: title?.isEmpty == false ? title : nil),
                             inFolder: tab.map { [$0] } ?? [], folderIndex: &folderIndex)
            }
        }
        return document
    }

    /// Why a line of one of newsboat's own kinds cannot become a newsmenu feed, nil for a URL.
    private static func unimportable(_ url: String) -> String? {
        if url.hasPrefix("query:") {
            return "a query feed (a saved search over other feeds), which newsmenu does not have"
        }
        if url.hasPrefix("exec:") {
            return "a command's output, not a URL: newsmenu fetches URLs and runs no commands"
        }
        if url.hasPrefix("filter:") {
            return "a feed rewritten by a command, which newsmenu does not run; add its URL if the feed as served will do"
        }
        return nil
    }
}
