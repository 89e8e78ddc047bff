// `tab rename` in the database as well as the config: the stored tab keeps its row, so its
// new-since-last-look markers, its saved cursor and "the tab viewed last" survive the rename.
import Foundation
import NewsStore

enum StoredTabRename {
    /// Renames the tab in the database at `context.databasePath` when there is one; a tab
    /// not stored yet has nothing to keep. Run under the config's edit lock, before the
    /// renamed config is written: a failure here leaves both as they were.
    static func run(_ old: String, to new: String, context: CommandContext) throws(CommandFailure) {
        guard FileManager.default.fileExists(atPath: context.databasePath) else { return }
        let store = try context.openStore()
        try CommandContext.storeWork { () throws(StoreError) in
            try store.renameTab(old, to: new, settingKey: SavedCursors.key(forTab:),
                                settingsNamingTab: [InteractiveView.lastTabSetting])
        }
    }
}
