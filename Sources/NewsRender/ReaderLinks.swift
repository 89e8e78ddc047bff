// The body's links, numbered in the order they first appear, so that the page can end with
// a list the reader opens them from. Only what a browser can open gets a number: web and
// mail links, and the web addresses of images, videos and embedded pages; a relative link
// is made absolute against the article's own web address.
import Foundation
import NewsModel

struct ReaderLinks {
    /// The numbered URLs, the first numbered 1.
    private(set) var urls: [String] = []
    /// The numbers by `key`.
    private var numbers: [String: Int] = [:]
    private let base: URL?

    /// Relative links resolve against `articleLink` when it is an absolute http(s) address.
    init(articleLink: String?) {
        base = articleLink.flatMap { link in
            let link = TerminalText.sanitize(link)
            guard let scheme = LinkScheme.of(link)?.lowercased(), scheme == "http" || scheme == "https"
            else { return nil }
            return URL(string: URLEscaping.escapingUnsafeBytes(link))
        }
    }

    /// The number of the link `href` (as written in the attribute, references decoded): the
    /// one it already has, else the next; nil for a link no browser opens from here
    /// (`javascript:`, `data:`, a relative link with nothing to resolve it against) and
    /// for one to a place on the page itself (`#fn1`).
    mutating func number(for href: String) -> Int? {
        guard let url = resolve(href) else { return nil }
        return number(ofResolved: url)
    }

    /// The number and host of what an image, a video or an embedded page loads from `src`
    /// (as `number(for:)` takes it): for what a browser or player fetches (http, https)
    /// only, never a `data:` URL.
    mutating func media(_ src: String) -> (number: Int, host: String)? {
        guard let url = resolve(src), let scheme = LinkScheme.of(url)?.lowercased(),
              scheme == "http" || scheme == "https" else { return nil }
        let host = URL(string: URLEscaping.escapingUnsafeBytes(url))?.host ?? ""
        // `www.` says nothing about whose video it is.
        return (number(ofResolved: url), host.hasPrefix("www.") ? String(host.dropFirst(4)) : host)
    }

    private mutating func number(ofResolved url: String) -> Int {
        let key = Self.key(url)
        if let known = numbers[key] { return known }
        urls.append(url)
        numbers[key] = urls.count
        return urls.count
    }

    /// `href` as the page shows it and the view opens it: without the tabs and line breaks
    /// a browser drops from a URL, nor the spaces and controls it trims from its ends, and
    /// with every character that cannot be seen or would act on the terminal (a space, a
    /// control, a bidi override, a zero-width character) percent-encoded as UTF-8 rather
    /// than dropped, so that the URL copied from the screen is the real one. Letters of
    /// any script, a Japanese path's among them, stay as written.
    static func shown(_ href: String) -> String {
        let trimmed = href.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
            .drop { $0.value <= 0x20 || $0.properties.isWhitespace }
        let kept = trimmed.reversed().drop { $0.value <= 0x20 || $0.properties.isWhitespace }.reversed()
        var shown = String.UnicodeScalarView()
        for scalar in kept {
            guard isHidden(scalar) else {
                shown.append(scalar)
                continue
            }
            for byte in String(scalar).utf8 {
                shown.append(contentsOf: "%\(hexDigits[Int(byte >> 4)])\(hexDigits[Int(byte & 0x0F)])".unicodeScalars)
            }
        }
        return String(shown)
    }

    private static let hexDigits = Array("0123456789ABCDEF")

    /// Controls, format characters (bidi marks and overrides, zero-width ones) and
    /// separators (spaces of every width, line and paragraph separators).
    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// What tells two links apart: not a slash at the end of the address, with which and
    /// without which a site serves the same page (`https://e.example/` and `…example`).
    private static func key(_ url: String) -> String {
        url.hasSuffix("/") ? String(url.dropLast()) : url
    }

    private func resolve(_ href: String) -> String? {
        let reference = Self.shown(href)
        // A link to a place on this page (a footnote's `#fn1`) opens nothing new.
        guard !reference.isEmpty, !reference.hasPrefix("#") else { return nil }
        if let scheme = LinkScheme.of(reference)?.lowercased() {
            return ["http", "https", "mailto"].contains(scheme) ? reference : nil
        }
        guard let base else {
            // Scheme-relative: the web, over TLS as nearly every site now serves it.
            return reference.hasPrefix("//") ? "https:" + reference : nil
        }
        guard let resolved = URL(string: URLEscaping.escapingUnsafeBytes(reference), relativeTo: base)
        else { return nil }
        return TerminalText.sanitize(resolved.absoluteString)
    }
}
