// A line built from runs of text with a style each; widths are counted before any
// escape sequence exists, and escapes are added only when the line is finished.

struct TextStyle: Sendable {
    var bold = false
    var dim = false
    var ink: Ink?

    static let plain = TextStyle()
    static let faint = TextStyle(dim: true)

    /// The SGR parameter list for this style, or nil when it changes nothing.
    func parameters(in mode: ColorMode) -> String? {
        guard mode != .none else { return nil }
        var parts: [String] = []
        if bold { parts.append("1") }
        if dim { parts.append("2") }
        if let colour = ink?.foregroundParameters(in: mode) { parts.append(colour) }
        return parts.isEmpty ? nil : parts.joined(separator: ";")
    }
}

struct StyledLine: Sendable {
    private(set) var runs: [(text: String, style: TextStyle)] = []
    /// Display columns of the text so far.
    private(set) var width = 0

    mutating func append(_ text: String, _ style: TextStyle = .plain) {
        guard !text.isEmpty else { return }
        runs.append((text, style))
        width += DisplayWidth.width(of: text)
    }

    mutating func appendSpaces(_ count: Int) {
        if count > 0 { append(String(repeating: " ", count: count)) }
    }

    /// The finished line. Each styled run is opened by its SGR and closed by a reset, so
    /// a line that carries any escape ends with a reset and leaks no style into the next.
    func rendered(in mode: ColorMode) -> String {
        var output = ""
        for run in runs {
            if let parameters = run.style.parameters(in: mode) {
                output += "\u{1B}[\(parameters)m\(run.text)\(StyledLine.reset)"
            } else {
                output += run.text
            }
        }
        if output.contains("\u{1B}"), !output.hasSuffix(StyledLine.reset) {
            output += StyledLine.reset
        }
        return output
    }

    static let reset = "\u{1B}[0m"
}
