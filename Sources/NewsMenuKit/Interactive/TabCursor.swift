// One tab's place in its list: the selected article and the first one on screen. Each tab
// keeps its own (seed 003's cross-scroll), and every move keeps the selection in view.

struct TabCursor: Equatable, Sendable {
    /// Index of the selected article in the tab's order, 0 = newest.
    var selection = 0
    /// Index of the first article on screen.
    var offset = 0

    /// Moves the selection by `delta` articles, clamped to the list, scrolling only as far
    /// as needed to keep it in view.
    mutating func move(by delta: Int, total: Int, rows: Int) {
        select(selection + delta, total: total, rows: rows)
    }

    mutating func select(_ index: Int, total: Int, rows: Int) {
        selection = min(max(index, 0), max(total - 1, 0))
        reveal(total: total, rows: rows)
    }

    /// Opens page `page` (from 1) of `rows` articles a page, its first article selected;
    /// past the last page, the last.
    mutating func open(page: Int, total: Int, rows: Int) {
        let rows = max(rows, 1)
        let pageCount = max(1, (total + rows - 1) / rows)
        let first = (min(max(page, 1), pageCount) - 1) * rows
        offset = Self.clampOffset(first, total: total, rows: rows)
        select(first, total: total, rows: rows)
    }

    /// A page turn: the view and the selection move together by `delta`, so the selection
    /// keeps its row on screen until an end of the list stops the view.
    mutating func page(by delta: Int, total: Int, rows: Int) {
        offset = Self.clampOffset(offset + delta, total: total, rows: rows)
        select(selection + delta, total: total, rows: rows)
    }

    /// The wheel: the view moves by `delta`; the selection moves only as far as it must to
    /// stay on screen.
    mutating func scroll(by delta: Int, total: Int, rows: Int) {
        offset = Self.clampOffset(offset + delta, total: total, rows: rows)
        selection = min(max(selection, offset), max(offset + rows - 1, 0))
        selection = min(selection, max(total - 1, 0))
    }

    /// After the list or the screen changed size: everything back in range.
    mutating func clamp(total: Int, rows: Int) {
        offset = Self.clampOffset(offset, total: total, rows: rows)
        select(selection, total: total, rows: rows)
    }

    private mutating func reveal(total: Int, rows: Int) {
        let rows = max(rows, 1)
        if selection < offset { offset = selection }
        if selection >= offset + rows { offset = selection - rows + 1 }
        offset = Self.clampOffset(offset, total: total, rows: rows)
    }

    /// The view never starts past the point where its last row shows the last article.
    private static func clampOffset(_ offset: Int, total: Int, rows: Int) -> Int {
        min(max(offset, 0), max(total - max(rows, 1), 0))
    }
}
