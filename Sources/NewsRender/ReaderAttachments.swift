// An article's media files (a podcast's episode, a video: RSS enclosures) on the reading
// view's page, after its text: what each is, its file name and size, numbered with the
// body's links so that its whole address is in the list at the end, as newsboat shows a
// podcast's download URL.
import Foundation
import NewsModel

enum ReaderAttachments {
    /// A line per enclosure a browser or player can fetch (http, https); none for others.
    static func blocks(_ enclosures: [Enclosure], links: inout ReaderLinks, language: UILanguage) -> [ReaderBlock] {
        var blocks: [ReaderBlock] = []
        for enclosure in enclosures {
            guard let number = links.number(for: enclosure.url) else { continue }
            let label = ReaderText.attachment(
                language, kind: kind(of: enclosure.type), name: fileName(enclosure.url),
                size: enclosure.length.flatMap(size))
            blocks.append(ReaderBlock(
                content: .flow([ReaderPiece(label), ReaderPiece("[\(number)]", .faint, glued: true)],
                               breaksAnywhere: false),
                frames: [], opensFrames: [], blankBefore: blocks.isEmpty))
        }
        return blocks
    }

    enum Kind {
        case audio, video, image, file
    }

    /// What the MIME type's top-level type says the file is.
    static func kind(of type: String?) -> Kind {
        switch type?.lowercased().split(separator: "/").first {
        case "audio": .audio
        case "video": .video
        case "image": .image
        default: .file
        }
    }

    /// The last segment of the URL's path, its escapes decoded, cleaned for the terminal;
    /// empty when the path ends in a slash.
    static func fileName(_ url: String) -> String {
        let path = url.prefix { $0 != "?" && $0 != "#" }
        let last = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        return TerminalText.sanitize(last.removingPercentEncoding ?? last)
    }

    /// Bytes in decimal units, one decimal under 100 (`34.2 MB`, `812 KB`); nil for none.
    static func size(_ bytes: Int64) -> String? {
        guard bytes > 0 else { return nil }
        let units: [(Double, String)] = [(1e9, "GB"), (1e6, "MB"), (1e3, "KB")]
        for (scale, unit) in units where Double(bytes) >= scale {
            let value = Double(bytes) / scale
            return (value < 100 ? String(format: "%.1f", value) : String(format: "%.0f", value)) + " " + unit
        }
        return "\(bytes) B"
    }
}
