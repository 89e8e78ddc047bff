// Fuzz target: bytes → OPMLReader.read, what `newsmenu import` reads. Every folder name,
// feed URL and title it gives is trimmed and non-empty, folders are unique, and a list with
// no nested folders (what `newsmenu export` writes) comes back unchanged through
// OPMLWriter and the reader.
import Foundation
import FuzzSupport
import NewsOPML

func isTrimmedNonEmpty(_ text: String) -> Bool {
    !text.isEmpty && text == text.trimmingCharacters(in: .whitespacesAndNewlines)
}

func check(_ document: OPMLDocument) {
    require(Set(document.folders.map(\.path)).count == document.folders.count, "two folders have the same path")
    for (index, folder) in document.folders.enumerated() {
        for name in folder.path {
            require(isTrimmedNonEmpty(name), "folders[\(index)] has the name \(shown(name))")
        }
        for (number, feed) in folder.feeds.enumerated() {
            let field = "folders[\(index)].feeds[\(number)]"
            require(isTrimmedNonEmpty(feed.url), "\(field).url is \(shown(feed.url))")
            if let title = feed.title {
                require(isTrimmedNonEmpty(title), "\(field).title is \(shown(title))")
                require(title != feed.url, "\(field).title repeats its URL")
            }
            if let html = feed.htmlURL { require(isTrimmedNonEmpty(html), "\(field).htmlURL is \(shown(html))") }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Data(fuzzInput(data, size))
    let first = Result { () throws(OPMLError) in try OPMLReader.read(bytes) }
    let second = Result { () throws(OPMLError) in try OPMLReader.read(bytes) }
    switch (first, second) {
    case (.success(let document), .success(let again)):
        require(document == again, "reading the same bytes twice gave two documents")
        check(document)
        guard document.folders.allSatisfy({ $0.path.count <= 1 }) else { return 0 }
        let written = OPMLWriter.write(document, dateCreated: "Tue, 01 Dec 2026 00:00:00 GMT")
        var expected = document
        expected.title = document.title ?? "newsmenu subscriptions"
        switch Result(catching: { () throws(OPMLError) in try OPMLReader.read(Data(written.utf8)) }) {
        case .success(let reread):
            require(reread == expected, "written and read back, the list changed:\n\(written)")
        case .failure(let error):
            require(false, "what OPMLWriter wrote does not read back: \(error)\n\(written)")
        }
    case (.failure(let error), .failure(let again)):
        require(error == again, "reading the same bytes twice gave two errors")
        require(!error.message.isEmpty, "an error with no message")
    default:
        require(false, "reading the same bytes twice succeeded once and failed once")
    }
    return 0
}

runLibFuzzer(fuzzOne)
