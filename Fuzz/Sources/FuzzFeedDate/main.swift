// Fuzz target: text → FeedDate.parse, the one date reader of every feed format. A date is
// nil or an instant of years 1–9999 that writes as RFC 3339 `…Z` and reads back as itself;
// the same text always gives the same answer, and spaces around it change nothing.
import Foundation
import FuzzSupport
import NewsParse
@testable import NewsMenuKit

/// A year 1–9999 date, give or take the widest zone offset a date may carry.
let earliestInstant = -62_135_596_800.0 - 7 * 86_400
let latestInstant = 253_402_300_800.0 + 7 * 86_400

/// The RFC 3339 UTC form, `YYYY-MM-DDTHH:MM:SSZ`, byte by byte.
func isRFC3339UTC(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 20 else { return false }
    let digits = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18]
    return digits.allSatisfy { (0x30...0x39).contains(bytes[$0]) }
        && bytes[4] == UInt8(ascii: "-") && bytes[7] == UInt8(ascii: "-") && bytes[10] == UInt8(ascii: "T")
        && bytes[13] == UInt8(ascii: ":") && bytes[16] == UInt8(ascii: ":") && bytes[19] == UInt8(ascii: "Z")
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: fuzzInput(data, size), as: UTF8.self)
    let date = FeedDate.parse(text)
    let again = FeedDate.parse(text)
    require(date == again, "\(shown(text)) read twice gave \(String(describing: date)) and \(String(describing: again))")
    require(FeedDate.parse(" " + text + " ") == date, "spaces around \(shown(text)) change its date")
    guard let date else { return 0 }
    let seconds = date.timeIntervalSince1970
    require(seconds.isFinite && seconds >= earliestInstant && seconds <= latestInstant,
            "\(shown(text)) gave \(seconds), no instant of years 1–9999")
    let written = Timestamp.rfc3339(date)
    require(isRFC3339UTC(written), "\(shown(text)) writes as \(shown(written)), not YYYY-MM-DDTHH:MM:SSZ")
    // The written form drops the fraction of a second; reading it back gives the whole second.
    if seconds >= -62_135_596_800, seconds < 253_402_300_800 {
        let whole = Date(timeIntervalSince1970: seconds.rounded(.down))
        let reread = FeedDate.parse(written)
        require(reread == whole, "\(shown(text)) writes as \(written), which reads back as \(String(describing: reread))")
    }
    return 0
}

runLibFuzzer(fuzzOne)
