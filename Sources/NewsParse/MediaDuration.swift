// iTunes `duration`: "3600", "59:30" or "1:02:03" → seconds; anything else nil.
import Foundation

enum MediaDuration {
    static func seconds(_ text: String?) -> TimeInterval? {
        guard let text else { return nil }
        let parts = Whitespace.trim(text).split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var total = 0.0
        for (index, part) in parts.enumerated() {
            // Only the last part may carry a fraction; the others must be whole numbers.
            guard let value = index == parts.count - 1 ? Double(part) : Double(Int(part) ?? -1),
                  value >= 0, value.isFinite
            else { return nil }
            total = total * 60 + value
        }
        return total
    }
}
