// UTF-8 → another character set through glibc's iconv, for the demo's Shift_JIS feed
// (Foundation on Linux cannot encode Shift_JIS).
import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum Transcoder {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func encode(_ text: String, as charset: String) throws(Failure) -> Data {
        if charset.uppercased() == "UTF-8" { return Data(text.utf8) }
        let converter = iconv_open(charset, "UTF-8")
        guard let converter, converter != iconv_t(bitPattern: -1) else {
            throw Failure(description: "this system cannot convert to \(charset)")
        }
        defer { iconv_close(converter) }
        var input = Array(text.utf8).map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: input.count * 2 + 16)
        let written: Int? = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                var inPointer = inputBuffer.baseAddress
                var inLeft = inputBuffer.count
                var outPointer = outputBuffer.baseAddress
                var outLeft = outputBuffer.count
                guard iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) != -1 else { return nil }
                return outputBuffer.count - outLeft
            }
        }
        guard let written else {
            throw Failure(description: "text has characters that \(charset) cannot represent")
        }
        return Data(output[0..<written].map { UInt8(bitPattern: $0) })
    }
}
