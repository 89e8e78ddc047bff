// Renaming a stored tab along with the config's: the tab keeps its row, and with it its
// listed articles, counters and last look, which a sync under the new name would start over.

extension FeedStore {
    /// Renames the stored tab `old` to `new` in one transaction, with the settings kept
    /// under its name: the one at `settingKey(old)` moves to `settingKey(new)`, and each
    /// setting in `settingsNamingTab` whose value is `old` becomes `new`. A stored tab
    /// already named `new` (left by a config edited since the last sync, which would delete
    /// it) goes first, with its setting. False, changing nothing, when no tab `old` is stored
    /// or the names are the same.
    @discardableResult
    public func renameTab(_ old: String, to new: String, settingKey: (String) -> String,
                          settingsNamingTab: [String]) throws(StoreError) -> Bool {
        guard old != new else { return false }
        let operation = "renaming the tab \(old) to \(new)"
        func run(_ sql: String, _ values: String...) throws(StoreError) {
            let statement = try database.prepare(sql, operation)
            for (index, value) in values.enumerated() { try statement.bind(value, at: Int32(index + 1)) }
            try statement.run()
        }
        return try database.transaction(operation) { () throws(StoreError) -> Bool in
            let find = try database.prepare("SELECT EXISTS (SELECT 1 FROM tabs WHERE name = ?1)", operation)
            try find.bind(old, at: 1)
            guard try find.step(), find.bool(at: 0) else { return false }
            find.reset()
            try run("DELETE FROM tabs WHERE name = ?1", new)
            try run("UPDATE tabs SET name = ?1 WHERE name = ?2", new, old)
            try run("DELETE FROM settings WHERE key = ?1", settingKey(new))
            try run("UPDATE settings SET key = ?1 WHERE key = ?2", settingKey(new), settingKey(old))
            for key in settingsNamingTab {
                try run("UPDATE settings SET value = ?1 WHERE key = ?2 AND value = ?3", new, key, old)
            }
            return true
        }
    }
}
