// The bytes Foundation's URL refuses, percent-encoded as a browser sends them, so that links
// as feeds and pages write them (a space, a Japanese path) can still be resolved.

public enum URLEscaping {
    /// URL(string:) refuses spaces and non-ASCII (a Japanese path); browsers send them
    /// percent-encoded as UTF-8, which is what this does. Existing escapes are kept. Text
    /// that needs no escape (nearly every link) is returned as it is.
    public static func escapingUnsafeBytes(_ text: String) -> String {
        guard text.utf8.contains(where: needsEscape) else { return text }
        let hexDigits = Array("0123456789ABCDEF".unicodeScalars)
        var result = String.UnicodeScalarView()
        for byte in text.utf8 {
            if needsEscape(byte) {
                result.append("%")
                result.append(hexDigits[Int(byte >> 4)])
                result.append(hexDigits[Int(byte & 0x0F)])
            } else {
                result.append(Unicode.Scalar(byte))
            }
        }
        return String(result)
    }

    /// Controls, space, DEL, non-ASCII and `"<>\^`{|}`.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21, 0x23...0x3B, 0x3D, 0x3F...0x5B, 0x5D, 0x5F, 0x61...0x7A, 0x7E: return false
        default: return true
        }
    }
}
