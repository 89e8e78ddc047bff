// Superscript and subscript text (`x<sup>2</sup>`, `H<sub>2</sub>O`), which flattened would
// change the meaning (x2, H2O): in Unicode's super- and subscript characters where every
// character has one, else after a `^` or `_` as one writes it in plain text (`x^(n+1)`).
import Foundation

enum ReaderScripts {
    enum Position {
        case raised, lowered
    }

    /// `text`, raised or lowered: its own spaces kept at either end, so that it still joins
    /// or stands apart from the words around it as written. `unicode` false (an ASCII
    /// terminal) always gives the `^`/`_` form. A bracketed reference (`[1]`) stays as it is.
    static func text(_ text: String, _ position: Position, unicode: Bool) -> String {
        let core = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !core.isEmpty, !(core.hasPrefix("[") && core.hasSuffix("]")) else { return text }
        let table = position == .raised ? superscripts : subscripts
        let shown: String
        if unicode, core.unicodeScalars.allSatisfy({ table[$0] != nil || $0 == " " }) {
            shown = String(String.UnicodeScalarView(core.unicodeScalars.map { table[$0] ?? $0 }))
        } else {
            let mark = position == .raised ? "^" : "_"
            shown = core.count == 1 ? mark + core : mark + "(" + core + ")"
        }
        let leading = text.prefix { $0.isWhitespace }
        let trailing = text.reversed().prefix { $0.isWhitespace }
        return leading + shown + String(trailing.reversed())
    }

    private static let superscripts: [Unicode.Scalar: Unicode.Scalar] = pairs(
        "0123456789+-−=()ni", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ⁿⁱ")
    private static let subscripts: [Unicode.Scalar: Unicode.Scalar] = pairs(
        "0123456789+-−=()", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎")

    private static func pairs(_ plain: String, _ scripted: String) -> [Unicode.Scalar: Unicode.Scalar] {
        Dictionary(zip(plain.unicodeScalars, scripted.unicodeScalars), uniquingKeysWith: { first, _ in first })
    }
}
