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

    /// Whole seconds as `seconds` reads them back, largest units first: 7200 is `2h`, 5400
    /// `1h30m`, 90 `1m30s`.
    static func text(seconds: Int) -> String {
        guard seconds > 0 else { return "0s" }
        var left = seconds
        var text = ""
        for (unit, size) in [("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)] where left >= size {
            text += "\(left / size)\(unit)"
            left %= size
        }
        return text
    }
}
