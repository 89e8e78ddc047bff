// A line built from runs of text with a style each; widths are counted before any
// escape sequence exists, and escapes are added only when the line is finished.

struct TextStyle: Sendable {
    var bold = false
    var dim = false
    var underline = false
    var reverse = false
    /// The text colour.
    var ink: Ink?
    /// The cell colour. Without colour a filled run is drawn in reverse video instead, so
    /// a coloured block stays visible under `NO_COLOR`.
    var fill: Ink?

    static let plain = TextStyle()
    static let faint = TextStyle(dim: true)

    /// The SGR parameter list for this style, or nil when it changes nothing. Monochrome
    /// sends bold, underline and reverse only: dim is left out with the colours, as
    /// `NO_COLOR` terminals may draw it as a colour.
    func parameters(in mode: ColorMode) -> String? {
        guard mode.usesEscapes else { return nil }
        var parts: [String] = []
        if bold { parts.append("1") }
        if dim && mode.usesColor { parts.append("2") }
        if underline { parts.append("4") }
        if reverse || (fill != nil && !mode.usesColor) { parts.append("7") }
        if let colour = ink?.foregroundParameters(in: mode) { parts.append(colour) }
        if let colour = fill?.backgroundParameters(in: mode) { parts.append(colour) }
        return parts.isEmpty ? nil : parts.joined(separator: ";")
    }
}

struct StyledLine: Sendable {
    private(set) var runs: [(text: String, style: TextStyle)] = []
    /// Display columns of the text so far.
    private(set) var width = 0
    /// Whether ambiguous-width characters are counted two columns wide.
    let ambiguousWide: Bool

    init(ambiguousWide: Bool = false) {
        self.ambiguousWide = ambiguousWide
    }

    mutating func append(_ text: String, _ style: TextStyle = .plain) {
        guard !text.isEmpty else { return }
        runs.append((text, style))
        width += DisplayWidth.width(of: text, ambiguousWide: ambiguousWide)
    }

    mutating func appendSpaces(_ count: Int, _ style: TextStyle = .plain) {
        if count > 0 { append(String(repeating: " ", count: count), style) }
    }

    /// Spaces up to `column`; nothing when the line already reaches it.
    mutating func advance(to column: Int) {
        appendSpaces(column - width)
    }

    /// The finished line. Neighbouring runs that style alike share one SGR; each styled
    /// stretch is closed by a reset, so a line that carries any escape ends with a reset
    /// and leaks no style into the next.
    func rendered(in mode: ColorMode) -> String {
        var output = ""
        var open: String?
        for run in runs {
            let parameters = run.style.parameters(in: mode)
            if parameters != open {
                if open != nil { output += StyledLine.reset }
                if let parameters { output += "\u{1B}[\(parameters)m" }
                open = parameters
            }
            output += run.text
        }
        // A reset ends the line even after plain text, so a line with any escape can be
        // recognised as closed without parsing it.
        if open != nil || output.utf8.contains(0x1B) { output += StyledLine.reset }
        return output
    }

    static let reset = "\u{1B}[0m"
}
