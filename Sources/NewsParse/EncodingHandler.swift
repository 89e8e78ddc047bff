// Asks libxml2 whether it can convert from a named charset.
internal import CXML2

/// Owns a libxml2 encoding handler just long enough to learn whether libxml2 (with iconv)
/// can convert from a charset; libxml2 itself silently ignores names it does not know.
final class EncodingHandler {
    private let handler: UnsafeMutablePointer<xmlCharEncodingHandler>

    init?(named name: String) {
        LibXMLSetup.ensureInitialised()
        guard let found = xmlFindCharEncodingHandler(name) else { return nil }
        handler = found
    }

    deinit {
        // Frees handlers made for iconv; the built-in ones are left alone by libxml2.
        xmlCharEncCloseFunc(handler)
    }
}
