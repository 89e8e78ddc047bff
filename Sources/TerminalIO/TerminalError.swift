// A terminal operation that failed, with the system's own reason.
#if canImport(Glibc)
import Glibc
#endif

public enum TerminalError: Error, CustomStringConvertible {
    case notATerminal
    case system(String, Int32)

    public var description: String {
        switch self {
        case .notATerminal: return "standard input and output must be a terminal"
        case .system(let operation, let code): return "\(operation): \(String(cString: strerror(code)))"
        }
    }
}
