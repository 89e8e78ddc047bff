// The sanitizer settings of this test run, handed on to every newsmenu the tests start.
import Foundation

enum SanitizerEnvironment {
    /// ASAN_OPTIONS and the like, as scripts/sanitizers set them for the runner. Every way the
    /// tests start newsmenu gives it a clean environment; without these, a sanitized newsmenu
    /// would print a report to a stderr the test may not read, and with an exit status a test
    /// expecting failure would take for its own, instead of writing it where the run looks.
    /// Empty in an ordinary `swift test`.
    static let variables: [String: String] = ProcessInfo.processInfo.environment.filter { name, _ in
        ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"].contains(name)
    }
}
