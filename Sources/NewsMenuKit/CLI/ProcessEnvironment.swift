// The process's environment variables, read straight from `environ`.
import Glibc

public enum ProcessEnvironment {
    /// Every `NAME=value` entry as a dictionary; where a name appears twice the first wins,
    /// as with getenv(3). Foundation's `ProcessInfo.environment` gives the same dictionary
    /// at about 20,000 instructions a variable, paid by every command before it starts.
    public static func current() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if variables[name] == nil {
                    variables[name] = String(text[text.utf8.index(after: equals)...])
                }
            }
            entry += 1
        }
        return variables
    }
}
