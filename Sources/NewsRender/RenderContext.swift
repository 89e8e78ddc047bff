// What every part of one frame shares: its width, colour mode, glyphs and how to measure.

struct RenderContext: Sendable {
    /// Columns of the frame, already clamped.
    let width: Int
    let colors: ColorMode
    let glyphs: Glyphs
    let ambiguousWide: Bool
    let language: UILanguage
    /// Columns of an article's read-state marker (the widest of its glyphs) and of the star
    /// beside it: measured once a frame, as every row needs them.
    let stateMarkerColumns: Int
    let starColumns: Int

    /// The context of the frame for `state`: its width clamped into the drawn range.
    init(for state: PageMenuState) {
        width = min(max(state.width, PageMenu.minimumWidth), PageMenu.maximumWidth)
        colors = state.colors
        glyphs = Glyphs.forMode(state.colors)
        ambiguousWide = state.ambiguousWide
        language = state.language
        let measure = { [ambiguousWide = state.ambiguousWide] (text: String) in
            DisplayWidth.width(of: text, ambiguousWide: ambiguousWide)
        }
        stateMarkerColumns = max(measure(glyphs.unread), measure(glyphs.fresh), measure(glyphs.cursor))
        starColumns = measure(glyphs.starred)
    }

    func columns(of text: String) -> Int {
        DisplayWidth.width(of: text, ambiguousWide: ambiguousWide)
    }

    func truncate(_ text: String, to limit: Int) -> String {
        DisplayWidth.truncate(
            text, toWidth: limit, ellipsis: glyphs.ellipsis, ambiguousWide: ambiguousWide)
    }

    func fit(_ text: String, to limit: Int) -> String {
        DisplayWidth.fit(
            text, toWidth: limit, ellipsis: glyphs.ellipsis, ambiguousWide: ambiguousWide)
    }

    func newLine() -> StyledLine {
        StyledLine(ambiguousWide: ambiguousWide)
    }

    /// `rule` repeated to exactly `count` columns; when the glyph is two columns wide an
    /// odd count ends in the rule's narrow stand-in.
    func rule(_ rule: Glyphs.Rule, _ count: Int) -> String {
        guard count > 0 else { return "" }
        let glyphWidth = max(columns(of: rule.glyph), 1)
        let repeated = String(repeating: rule.glyph, count: count / glyphWidth)
        return repeated + String(repeating: rule.narrow, count: count % glyphWidth)
    }

    /// `line` padded with spaces to the frame's width, then closed into text.
    func finish(_ line: StyledLine) -> String {
        var line = line
        line.advance(to: width)
        return line.rendered(in: colors)
    }
}
