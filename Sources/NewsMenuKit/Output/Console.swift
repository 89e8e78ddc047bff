// Writes to the process's standard streams with write(2), so that a closed pipe or a full
// disk is an error newsmenu reports (exit 1), never a crash inside Foundation. Lines are
// cleaned of anything that could drive a terminal as they go out: a message or a table
// holds pieces newsmenu did not write (a URL, a feed's title, a server's words).
#if canImport(Glibc)
import Glibc
#endif
import NewsRender

enum Console {
    /// Set once any write fails; the run then exits 1.
    nonisolated(unsafe) private(set) static var writeFailed = false

    static func out(_ text: String) {
        write(TerminalText.sanitizeKeepingLayout(text) + "\n", to: STDOUT_FILENO)
    }

    static func err(_ text: String) {
        write(TerminalText.sanitizeKeepingLayout(text) + "\n", to: STDERR_FILENO)
    }

    /// Writes `text` and a line feed as they are: for text whose escapes newsmenu drew
    /// itself around pieces its renderer already cleaned (a coloured frame, highlighted
    /// search hits), and for its own scripts and pages.
    static func outDrawn(_ text: String) {
        write(text + "\n", to: STDOUT_FILENO)
    }

    /// Writes without a newline (progress lines that rewrite themselves).
    static func write(_ text: String, to descriptor: Int32) {
        write(bytes: Array(text.utf8), to: descriptor)
    }

    static func write(bytes all: [UInt8], to descriptor: Int32) {
        all.withUnsafeBytes { write(bytes: $0, to: descriptor) }
    }

    static func write(bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                writeFailed = true
                return
            }
            offset += written
        }
    }
}
