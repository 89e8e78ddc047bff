// OPML 2.0's `category` attribute as a folder path, for feed outlines outside any folder:
// newsboat (2.32 and later, `--export-to-opml2`) writes a feed's tags there ("tech,linux"),
// other exporters slash-delimited paths ("/Tech/Linux").
import Foundation

enum OPMLCategory {
    /// The first comma-separated category as a path: "/Tech/Linux" is the folder Linux inside
    /// Tech, as a nested folder would be (the tab `Tech/Linux`, or `Tech` with --flatten);
    /// "tech,linux" is the folder tech. Only the first: a feed in every one of its categories'
    /// tabs would show each article once per tab, and newsboat users tag freely.
    /// Empty (outside any folder) when there is no category.
    static func path(_ attribute: String?) -> [String] {
        guard let attribute else { return [] }
        let first = attribute.split(separator: ",").lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty } ?? ""
        return first.split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
