// The selected tab's indicator as columns of the frame: where the renderer draws it at
// rest, or where the interactive view puts it while it slides to a new tab (seed 000).

/// A stretch of the indicator line: `width` columns from column `start` of the frame.
public struct IndicatorSpan: Sendable, Equatable {
    public var start: Int
    public var width: Int

    public init(start: Int, width: Int) {
        self.start = start
        self.width = width
    }

    /// The part of this span inside columns `0..<limit`: what a header can draw of it.
    func clamped(to limit: Int) -> IndicatorSpan {
        let limit = max(limit, 0)
        let start = min(max(self.start, 0), limit)
        let end = min(max(self.start + max(width, 0), start), limit)
        return IndicatorSpan(start: start, width: end - start)
    }
}
