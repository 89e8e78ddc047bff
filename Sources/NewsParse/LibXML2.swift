// The loaded libxml2, or the error that says it could not be loaded and what to install.
internal import CXML2

enum LibXML2 {
    /// libxml2's function table, loaded and initialised on the first call in the process.
    static func functions() throws(FeedParseError) -> UnsafePointer<newsmenu_xml2_api> {
        guard let table = newsmenu_xml2() else {
            throw .libraryMissing("cannot load libxml2.so.2: \(String(cString: newsmenu_xml2_error())); install the libxml2 package")
        }
        return table
    }
}
