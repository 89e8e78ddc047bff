// The environment read from `environ` is the one Foundation reports.
import Foundation
import Testing
@testable import NewsMenuKit

@Suite("Process environment")
struct ProcessEnvironmentTests {
    @Test("every variable and value matches ProcessInfo's, including values holding '='")
    func matchesFoundation() {
        setenv("NEWSMENU_TEST_EQUALS", "a=b=c", 1)
        setenv("NEWSMENU_TEST_EMPTY", "", 1)
        setenv("NEWSMENU_TEST_JAPANESE", "ニュース", 1)
        defer {
            unsetenv("NEWSMENU_TEST_EQUALS")
            unsetenv("NEWSMENU_TEST_EMPTY")
            unsetenv("NEWSMENU_TEST_JAPANESE")
        }
        let variables = ProcessEnvironment.current()
        #expect(variables["NEWSMENU_TEST_EQUALS"] == "a=b=c")
        #expect(variables["NEWSMENU_TEST_EMPTY"] == "")
        #expect(variables["NEWSMENU_TEST_JAPANESE"] == "ニュース")
        #expect(variables == ProcessInfo.processInfo.environment)
    }
}
