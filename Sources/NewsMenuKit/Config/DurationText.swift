// Durations as people write them in a config or on the command line: `90s`, `15m`, `2h`,
// `1d`, `1h30m`.
import Foundation

enum DurationText {
    /// Seconds, or nil when `text` is not a sequence of number-and-unit parts.
    static func seconds(_ text: String) -> TimeInterval? {
        let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604_800]
        var total: TimeInterval = 0
        var digits = ""
        var sawPart = false
        for character in text.trimmingCharacters(in: .whitespaces).lowercased() {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if let unit = units[character], let value = TimeInterval(digits), !digits.isEmpty {
                total += value * unit
                digits = ""
                sawPart = true
            } else {
                return nil
            }
        }
        guard sawPart, digits.isEmpty else { return nil }
        return total
    }
}
