// libxml2's process-wide initialisation, done once before the first parser is made: the
// parser itself, and an external-entity loader that refuses everything.
internal import CXML2

/// Lazily evaluated exactly once (Swift globals are initialised with `swift_once`),
/// which makes libxml2 safe to use from several threads afterwards.
private let libxml2Initialised: Bool = {
    xmlInitParser()
    // Belt and braces: the SAX handler never asks for an external entity or DTD, and
    // XML_PARSE_NONET forbids the network; this loader makes sure no file or URL is ever
    // opened even if some libxml2 path were to ask.
    xmlSetExternalEntityLoader { _, _, _ in nil }
    return true
}()

enum LibXMLSetup {
    static func ensureInitialised() {
        _ = libxml2Initialised
    }
}
