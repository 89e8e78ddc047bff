// The two date shapes nearly every feed writes, read at fixed positions before the general
// grammars run: `Mon, 02 Nov 2026 01:01:00 +0900` (RFC 1123) and `2026-11-02T01:01:00+09:00`
// (RFC 3339). Anything else, or anything odd in these, is left to the grammars.

enum CommonDateShapes {
    static func read(_ text: String) -> FeedDate.Reading? {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            let moment = bytes.first.map(ASCII.isDigit) == true ? rfc3339(bytes) : rfc1123(bytes)
            return moment?.date.map { FeedDate.Reading(date: $0, assumption: nil) }
        } ?? nil
    }

    /// `Www, D[D] Mmm YYYY HH:MM:SS` then `+HHMM`, `-HHMM`, `GMT`, `UT` or `Z`.
    private static func rfc1123(_ bytes: UnsafeBufferPointer<UInt8>) -> CivilMoment? {
        guard bytes.count >= 27, bytes[3] == UInt8(ascii: ","), bytes[4] == 0x20,
              weekdays.contains(lowercased(bytes, 0))
        else { return nil }
        var index = 5
        let dayDigits = bytes[6] == 0x20 ? 1 : 2
        guard let day = number(bytes, index, dayDigits) else { return nil }
        index += dayDigits
        guard bytes.count >= index + 22, bytes[index] == 0x20,
              let month = months.firstIndex(of: lowercased(bytes, index + 1)), bytes[index + 4] == 0x20,
              let year = number(bytes, index + 5, 4), bytes[index + 9] == 0x20
        else { return nil }
        var moment = CivilMoment(year: year, month: month + 1, day: day)
        guard clockTime(bytes, index + 10, into: &moment), bytes[index + 18] == 0x20 else { return nil }
        guard let offset = zone(bytes, from: index + 19) else { return nil }
        moment.offsetSeconds = offset
        return moment
    }

    /// `YYYY-MM-DDTHH:MM:SS` then `Z` or `±HH:MM`; no fraction (the grammar reads those).
    private static func rfc3339(_ bytes: UnsafeBufferPointer<UInt8>) -> CivilMoment? {
        guard bytes.count == 20 || bytes.count == 25, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T"),
              let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2)
        else { return nil }
        var moment = CivilMoment(year: year, month: month, day: day)
        guard clockTime(bytes, 11, into: &moment) else { return nil }
        if bytes.count == 20 {
            guard bytes[19] == UInt8(ascii: "Z") else { return nil }
            moment.offsetSeconds = 0
            return moment
        }
        guard bytes[22] == UInt8(ascii: ":"), let hours = number(bytes, 20, 2), let minutes = number(bytes, 23, 2),
              let sign = sign(bytes[19]), hours <= 23, minutes <= 59
        else { return nil }
        moment.offsetSeconds = sign * (hours * 3_600 + minutes * 60)
        return moment
    }

    /// `HH:MM:SS` at `start`.
    private static func clockTime(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, into moment: inout CivilMoment) -> Bool {
        guard bytes[start + 2] == UInt8(ascii: ":"), bytes[start + 5] == UInt8(ascii: ":"),
              let hour = number(bytes, start, 2), let minute = number(bytes, start + 3, 2),
              let second = number(bytes, start + 6, 2)
        else { return false }
        moment.hour = hour
        moment.minute = minute
        moment.second = second
        moment.hasTime = true
        return true
    }

    /// The zone that ends the text at `start`: `+HHMM` / `-HHMM`, `GMT`, `UT` or `Z`.
    private static func zone(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        switch bytes.count - start {
        case 5:
            guard let sign = sign(bytes[start]), let hours = number(bytes, start + 1, 2),
                  let minutes = number(bytes, start + 3, 2), hours <= 23, minutes <= 59
            else { return nil }
            return sign * (hours * 3_600 + minutes * 60)
        case 3:
            return lowercased(bytes, start) == lowercased("gmt") ? 0 : nil
        case 2:
            return bytes[start] | 0x20 == UInt8(ascii: "u") && bytes[start + 1] | 0x20 == UInt8(ascii: "t") ? 0 : nil
        case 1:
            return bytes[start] | 0x20 == UInt8(ascii: "z") ? 0 : nil
        default:
            return nil
        }
    }

    private static func sign(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "+"): return 1
        case UInt8(ascii: "-"): return -1
        default: return nil
        }
    }

    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<start + count {
            guard ASCII.isDigit(bytes[index]) else { return nil }
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
        }
        return value
    }

    /// Three letters, lowercased, packed into one integer; 0 when any is not a letter.
    private static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> UInt32 {
        var packed: UInt32 = 0
        for index in start..<start + 3 {
            guard ASCII.isLetter(bytes[index]) else { return 0 }
            packed = packed << 8 | UInt32(bytes[index] | 0x20)
        }
        return packed
    }

    private static func lowercased(_ word: StaticString) -> UInt32 {
        word.withUTF8Buffer { lowercased($0, 0) }
    }

    private static let weekdays: [UInt32] = (["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as [StaticString])
        .map { lowercased($0) }
    private static let months: [UInt32] = ([
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ] as [StaticString]).map { lowercased($0) }
}
