// libxml2's process-wide initialisation, done once before the first parser is made.
internal import CXML2

/// Lazily evaluated exactly once (Swift globals are initialised with `swift_once`),
/// which makes libxml2 safe to use from several threads afterwards.
private let libxml2Initialised: Bool = {
    xmlInitParser()
    return true
}()

enum LibXMLSetup {
    static func ensureInitialised() {
        _ = libxml2Initialised
    }
}
