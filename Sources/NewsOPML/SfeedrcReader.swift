// Reads sfeed's `sfeedrc`, a shell script, without running it: the `feed 'name' 'url'
// ['baseurl' ['encoding']]` lines inside `feeds() { … }`, quoted as sh quotes them. Every feed
// goes outside any folder (sfeed has none); its name is its title. Shell outside feeds() is
// not looked at; a line inside it that is not a literal feed call is noted as skipped.
import Foundation

public enum SfeedrcReader {
    public static func read(_ text: String) -> OPMLDocument {
        var document = OPMLDocument()
        var folderIndex: [[String]: Int] = [:]
        var inFeeds = false
        for (offset, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard inFeeds else {
                inFeeds = startsFeedsFunction(trimmed)
                continue
            }
            if trimmed == "}" {
                inFeeds = false
                continue
            }
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed == "{" { continue }
            let skip = { (reason: String) in
                document.skipped.append(SkippedEntry(name: "line \(offset + 1) \"\(trimmed)\"", reason: reason))
            }
            let words: [String]
            do {
                words = try QuotedWords.split(line, .shell)
            } catch {
                skip(error.reason)
                continue
            }
            guard words.first == "feed" else {
                skip("not a feed line; newsmenu reads an sfeedrc's feed lines and runs none of its shell")
                continue
            }
            // The base URL only resolves relative links, which newsmenu does from the feed's own
            // address; the encoding is settled by the feed's own declaration.
            guard (3...5).contains(words.count) else {
                skip("feed takes a name and a URL, then an optional base URL and encoding")
                continue
            }
            document.add(OPMLFeed(url: words[2], title: words[1].isEmpty ? nil : words[1]),
                         inFolder: [], folderIndex: &folderIndex)
        }
        return document
    }

    /// `feeds() {`, `feeds ()`, `function feeds {`: where sfeed's list of feeds begins.
    static func startsFeedsFunction(_ line: String) -> Bool {
        let compact = line.filter { !$0.isWhitespace }
        return compact.hasPrefix("feeds()") || compact.hasPrefix("functionfeeds")
    }
}
