// RFC 822 / 1123 / 2822 dates as RSS writes them, with the sloppiness found in the wild:
// `Mon, 02 Jan 2006 15:04:05 +0900`, no weekday or a wrong one in any case, no seconds,
// 2-digit years, extra spaces, no space after the comma, `Jan 2, 2006 3:04 PM`, asctime's
// `Mon Jan  2 15:04:05 2006`, named zones and numeric offsets.
enum RFC822DateParser {
    static func parse(_ scanner: inout DateScanner) -> CivilMoment? {
        var monthNumber: Int?
        if scanner.peek.map(ASCII.isLetter) == true {
            let word = scanner.word()
            if isWeekday(word) {
                _ = scanner.consume(".")
                skipSeparators(&scanner)
                if scanner.peek.map(ASCII.isLetter) == true {
                    guard let month = month(scanner.word()) else { return nil }
                    monthNumber = month
                }
            } else {
                guard let month = month(word) else { return nil }
                monthNumber = month
            }
            _ = scanner.consume(".")
            skipSeparators(&scanner)
        }
        guard let day = scanner.digits(minimum: 1, maximum: 2) else { return nil }
        skipSeparators(&scanner)
        if monthNumber == nil {
            guard let month = month(scanner.word()) else { return nil }
            monthNumber = month
            _ = scanner.consume(".")
            skipSeparators(&scanner)
        }
        guard let month = monthNumber else { return nil }
        var year = readYear(&scanner)
        var moment = CivilMoment(year: 0, month: month, day: day.value)
        scanner.skipSpaces()
        if scanner.peek.map(ASCII.isDigit) == true {
            guard scanner.clockTime(into: &moment, minimumHourDigits: 1, fractionSeparators: ".") else { return nil }
        }
        // What may follow the time, in any order: am/pm, a zone, the year (asctime), a comment.
        while true {
            scanner.skipSpaces()
            guard let next = scanner.peek, next != UInt8(ascii: "(") else { break }
            if ASCII.isDigit(next), year == nil {
                year = readYear(&scanner)
                guard year != nil else { return nil }
            } else if moment.hasTime, let meridiem = readMeridiem(&scanner) {
                guard (1...12).contains(moment.hour) else { return nil }
                moment.hour = moment.hour % 12 + (meridiem ? 12 : 0)
            } else if moment.offsetSeconds == nil, let offset = zone(&scanner) {
                moment.offsetSeconds = offset
            } else {
                return nil
            }
        }
        scanner.skipComment()
        scanner.skipSpaces()
        guard scanner.atEnd, let year else { return nil }
        moment.year = year
        return moment
    }

    /// 2 or 4 digits (3 are read as RFC 2822 says), not followed by `:` (that is an hour).
    private static func readYear(_ scanner: inout DateScanner) -> Int? {
        let start = scanner.position
        guard let year = scanner.digits(minimum: 2, maximum: 4), scanner.peek != UInt8(ascii: ":") else {
            scanner.position = start
            return nil
        }
        return fullYear(year.value, digits: year.count)
    }

    /// true for PM, false for AM, nil (cursor unmoved) for anything else.
    private static func readMeridiem(_ scanner: inout DateScanner) -> Bool? {
        let start = scanner.position
        switch scanner.word() {
        case "am": return false
        case "pm": return true
        default:
            scanner.position = start
            return nil
        }
    }

    private static func skipSeparators(_ scanner: inout DateScanner) {
        while scanner.consume(anyOf: " -\t,\n\r") != nil {}
    }

    /// RFC 2822 §4.3: 00–49 are 2000–2049, 50–99 are 1950–1999; 3 digits add 1900.
    private static func fullYear(_ year: Int, digits: Int) -> Int {
        switch digits {
        case 2: return year < 50 ? 2000 + year : 1900 + year
        case 3: return 1900 + year
        default: return year
        }
    }

    private static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    private static let months = [
        "january", "february", "march", "april", "may", "june",
        "july", "august", "september", "october", "november", "december",
    ]

    /// Accepts `mon`, `monday`, `thurs` and other prefixes of at least three letters.
    private static func isWeekday(_ word: String) -> Bool {
        word.count >= 3 && weekdays.contains { $0.hasPrefix(word) }
    }

    private static func month(_ word: String) -> Int? {
        guard word.count >= 3, let index = months.firstIndex(where: { $0.hasPrefix(word) }) else { return nil }
        return index + 1
    }

    /// Zone names feeds use, in hours east of UTC. Ambiguous names (IST, BST as anything but
    /// British Summer Time) are left out rather than guessed.
    private static let zoneOffsetHours: [String: Double] = [
        "gmt": 0, "ut": 0, "utc": 0, "z": 0, "wet": 0,
        "est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6, "pst": -8, "pdt": -7,
        "ast": -4, "adt": -3, "akst": -9, "akdt": -8, "hst": -10, "nst": -3.5, "ndt": -2.5,
        "cet": 1, "cest": 2, "met": 1, "mest": 2, "west": 1, "bst": 1, "eet": 2, "eest": 3, "msk": 3,
        "jst": 9, "kst": 9, "hkt": 8, "sgt": 8, "awst": 8, "acst": 9.5, "aest": 10, "aedt": 11,
        "nzst": 12, "nzdt": 13,
    ]

    /// `+0900`, `+09:00`, `+9`, a name from the table, `GMT+0900`, or a military letter.
    static func zone(_ scanner: inout DateScanner) -> Int? {
        if scanner.peek == UInt8(ascii: "+") || scanner.peek == UInt8(ascii: "-") {
            return numericOffset(&scanner)
        }
        let start = scanner.position
        let name = scanner.word()
        let base: Int
        if let hours = zoneOffsetHours[name] {
            base = Int(hours * 3_600)
        } else if name.count == 1, name != "j" {
            // RFC 2822 §4.3: RFC 822 defined the military zones with the wrong sign, so they
            // "SHOULD all be considered equivalent to -0000": UTC.
            base = 0
        } else {
            scanner.position = start
            return nil
        }
        if scanner.peek == UInt8(ascii: "+") || scanner.peek == UInt8(ascii: "-") {
            guard let offset = numericOffset(&scanner) else { return nil }
            return base + offset
        }
        return base
    }

    private static func numericOffset(_ scanner: inout DateScanner) -> Int? {
        guard let sign = scanner.consume(anyOf: "+-"),
              let hours = scanner.digits(minimum: 1, maximum: 2)
        else { return nil }
        var minutes = 0
        if scanner.consume(":") || scanner.peek.map(ASCII.isDigit) == true {
            guard let parsed = scanner.digits(minimum: 2, maximum: 2) else { return nil }
            minutes = parsed.value
        }
        guard hours.value <= 23, minutes <= 59 else { return nil }
        let magnitude = hours.value * 3_600 + minutes * 60
        return sign == UInt8(ascii: "-") ? -magnitude : magnitude
    }
}
