// Opening a link: `$BROWSER` (a colon-separated list of commands, `%s` standing for the link,
// else the link appended) tried in order, then `xdg-open`. Each is run as an argument
// vector with posix_spawnp, never through a shell, so nothing in a link can run a command.
import Foundation
import NewsModel
#if canImport(Glibc)
import Glibc
#endif

enum BrowserLauncher {
    /// Links newsmenu opens, in the order messages name them; anything else (`javascript:`,
    /// `file:`, an option-like `-x`) is refused.
    static let openedSchemes = ["http", "https", "gopher", "gemini"]
    static let schemes = Set(openedSchemes)

    /// Whether `link` is one to hand to a browser.
    static func isOpenable(_ link: String) -> Bool {
        guard let colon = link.firstIndex(of: ":") else { return false }
        return schemes.contains(link[..<colon].lowercased()) && !link.contains(where: \.isNewline)
    }

    /// The most of a refused link's scheme a message names.
    static let schemeShownLimit = 20

    /// Why `link` is not opened, naming its scheme; nil when it is openable. Every way of
    /// opening an article asks this first.
    static func refusal(for link: String) -> String? {
        guard !isOpenable(link) else { return nil }
        let what: String
        if let scheme = LinkScheme.of(link) {
            // A scheme is letters, digits, + - . only: nothing in it can drive a terminal.
            let shown = scheme.count > schemeShownLimit ? scheme.prefix(schemeShownLimit) + "…" : scheme
            what = schemes.contains(scheme.lowercased()) ? "a link with a line break in it" : "a \(shown): link"
        } else {
            what = "a link without a scheme"
        }
        let opened = openedSchemes.dropLast().joined(separator: ", ") + " and " + (openedSchemes.last ?? "")
        return "not opening \(what) (newsmenu opens only \(opened) links)"
    }

    /// The argument vectors to try, in order, for `link`. A command is split into words
    /// at spaces; `%s` inside a word is replaced by the link (the word stays one argument),
    /// `%%` is a literal `%`; a command without `%s` gets the link as its last argument.
    static func commands(for link: String, browser: String?) -> [[String]] {
        let configured = (browser ?? "").split(separator: ":").compactMap { command -> [String]? in
            let words = command.split(separator: " ").map(String.init)
            guard !words.isEmpty else { return nil }
            var substituted = false
            let arguments = words.map { word -> String in
                guard word.contains("%") else { return word }
                var result = ""
                var characters = word.makeIterator()
                while let character = characters.next() {
                    guard character == "%" else {
                        result.append(character)
                        continue
                    }
                    switch characters.next() {
                    case "s":
                        result += link
                        substituted = true
                    case "%": result.append("%")
                    case let other?: result += "%" + String(other)
                    case nil: result.append("%")
                    }
                }
                return result
            }
            return substituted ? arguments : arguments + [link]
        }
        return configured + [["xdg-open", link]]
    }

    /// Runs the first command that starts and waits for it. Returns nil on success, else
    /// why nothing could be opened.
    static func open(_ link: String, browser: String?) -> String? {
        var reasons: [String] = []
        for command in commands(for: link, browser: browser) {
            switch run(command) {
            case .success(let status):
                return status == 0 ? nil : "\(command[0]) exited with status \(status)"
            case .failure(let reason):
                reasons.append(reason)
            }
        }
        return "no browser could be started (" + reasons.joined(separator: "; ") + ")"
    }

    private enum Outcome {
        case success(Int32)
        case failure(String)
    }

    private static func run(_ command: [String]) -> Outcome {
        var arguments: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) }
        arguments.append(nil)
        defer { arguments.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, command[0], nil, nil, arguments, environ)
        guard status == 0 else { return .failure("\(command[0]): \(String(cString: strerror(status)))") }
        var exit: Int32 = 0
        while waitpid(pid, &exit, 0) < 0 {
            guard errno == EINTR else { return .failure("\(command[0]): \(String(cString: strerror(errno)))") }
        }
        // WIFEXITED / WEXITSTATUS are macros Swift cannot import.
        let signaled = exit & 0x7F != 0
        return .success(signaled ? 128 + (exit & 0x7F) : (exit >> 8) & 0xFF)
    }
}
