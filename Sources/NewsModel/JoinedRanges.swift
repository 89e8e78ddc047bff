// Ranges joined where they overlap or touch: the places a search's words were found, marked
// as one run where two meet (a search's snippets and titles, the reader's `/`).

extension Array {
    /// These ranges in the order of their starts, each run of ranges that overlap or touch
    /// joined into one.
    public func joinedRanges<Bound: Comparable>() -> [Range<Bound>] where Element == Range<Bound> {
        var joined: [Range<Bound>] = []
        for range in sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = joined.last, range.lowerBound <= last.upperBound {
                joined[joined.count - 1] = last.lowerBound..<Swift.max(last.upperBound, range.upperBound)
            } else {
                joined.append(range)
            }
        }
        return joined
    }
}
