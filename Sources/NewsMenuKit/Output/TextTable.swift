// Aligned plain-text tables for the listing commands (`status`, `tabs`), measured in display
// columns so that Japanese and emoji line up.
import NewsRender

enum TextTable {
    /// Cells sanitised, each column as wide as its widest cell but at most its limit (cut
    /// with `…`), columns two spaces apart, trailing blanks trimmed. Columns in
    /// `rightAligned` (numbers) are padded on the left.
    static func lines(_ rows: [[String]], limits: [Int], rightAligned: Set<Int> = []) -> [String] {
        let cells = rows.map { $0.map(TerminalText.sanitize) }
        let widths = limits.indices.map { column in
            min(limits[column], cells.map { DisplayWidth.width(of: $0[column]) }.max() ?? 0)
        }
        return cells.map { row in
            row.indices.map { column in
                let cut = DisplayWidth.truncate(row[column], toWidth: widths[column])
                guard rightAligned.contains(column) else { return DisplayWidth.pad(cut, toWidth: widths[column]) }
                return String(repeating: " ", count: widths[column] - DisplayWidth.width(of: cut)) + cut
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
    }
}
