// The config's "animation" display setting: the interactive view slides the indicator unless
// it is false; a value that is not a boolean is named by its field.
import Testing
@testable import NewsMenuKit

@Suite("The animation setting")
struct AnimationConfigTests {
    private func parse(_ text: String) throws(ConfigError) -> Config {
        try ConfigLoader.parse(Array(text.utf8), file: "/home/u/feeds.json")
    }

    @Test("true by default, false when the config says so, alongside the other display settings")
    func readsTheSetting() throws {
        #expect(try parse("{\"tabs\": [{\"name\": \"a\"}]}").display.animation)
        let still = try parse("{\"tabs\": [{\"name\": \"a\"}], \"style\": \"tab\", \"animation\": false}")
        #expect(still.display == DisplayPreferences(style: .tab, animation: false))
    }

    @Test("a value that is not true or false is an error at \"animation\"")
    func badValue() {
        let error = #expect(throws: ConfigError.self) {
            try parse("{\"tabs\": [{\"name\": \"a\"}],\n \"animation\": \"off\"}")
        }
        #expect(error?.field == "animation")
        #expect(error?.line == 2)
    }
}
