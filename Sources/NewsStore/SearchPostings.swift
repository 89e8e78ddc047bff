// The postings an index transaction gathers (trigram_postings.h), written out as one segment
// of the search index before the transaction commits.
internal import CSQLite3

/// For each distinct trigram of the texts added, the articles holding it. Owns its C tables,
/// freed in `deinit`. Not Sendable: one thread indexes.
final class SearchPostings {
    private let handle: UnsafeMutablePointer<NewsmenuPostings>
    /// The index file, for the errors.
    private let path: String

    init(path: String) throws(StoreError) {
        guard let handle = newsmenu_postings_create() else { throw Self.outOfMemory(path, "indexing") }
        self.handle = handle
        self.path = path
    }

    deinit { newsmenu_postings_destroy(handle) }

    /// Postings gathered (one per distinct trigram and article).
    var count: Int { newsmenu_postings_count(handle) }

    /// Adds the trigrams of `text` (`SearchText`'s UTF-8) for `article`.
    func add(_ article: Int64, text: UnsafeBufferPointer<UInt8>, _ operation: String) throws(StoreError) {
        var status = newsmenu_postings_add(handle, text.baseAddress, text.count, article, 0)
        if status == 0 {
            // A scalar with case beyond ASCII: lowercased as the search's check does.
            status = CaseFolding.lowercased(text).withUnsafeBufferPointer { folded in
                newsmenu_postings_add(handle, folded.baseAddress, folded.count, article, 1)
            }
        }
        guard status == 1 else { throw Self.outOfMemory(path, operation) }
    }

    /// Writes what was gathered as the index's next segment, inside the caller's transaction
    /// on `index`, and forgets it.
    func write(into index: Database, _ operation: String) throws(StoreError) {
        defer { newsmenu_postings_clear(handle) }
        guard count > 0 else { return }
        var segment = try SegmentWriter(in: index, operation)
        newsmenu_postings_sort(handle)
        var key = [UInt8](repeating: 0, count: 12)
        var keyLength: Int32 = 0
        var bytes: UnsafePointer<UInt8>?
        var length: Int32 = 0
        var ids: Int32 = 0
        for list in 0..<newsmenu_postings_list_count(handle) {
            guard newsmenu_postings_list(handle, list, &key, &keyLength, &bytes, &length, &ids) == 1 else {
                throw Self.outOfMemory(path, operation)
            }
            try key.withUnsafeBufferPointer { key throws(StoreError) in
                try segment.add(trigram: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: key[..<Int(keyLength)])),
                                ids: UnsafeRawBufferPointer(start: bytes, count: Int(length)), count: Int(ids))
            }
        }
        try segment.finish()
    }

    private static func outOfMemory(_ path: String, _ operation: String) -> StoreError {
        StoreError(path: path, operation: operation, message: "out of memory")
    }
}
