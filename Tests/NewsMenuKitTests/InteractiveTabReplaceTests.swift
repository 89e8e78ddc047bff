// The interactive view's tabs replaced by a config read again while it is open: matched by
// name, or by stored tab for a rename, with each remaining tab's place kept. No terminal.
import Testing
@testable import NewsMenuKit

@Suite("Interactive tabs replaced by an edited config")
struct InteractiveTabReplaceTests {
    /// Tabs A, B, C (stored ids 1, 2, 3) of 50 articles each; B shown with article 30
    /// selected; 10 rows on screen.
    private func state() -> InteractiveState {
        var state = InteractiveState(
            tabs: ["A", "B", "C"].enumerated().map { index, name in
                InteractiveTab(name: name, total: 50, unread: 10, storedID: Int64(index + 1))
            },
            current: 1,
            layout: ScreenLayout(headerRows: 3, tabColumns: [2..<8, 9..<15, 16..<22], linesPerArticle: 1, articleRows: 10))
        state.tabs[0].cursor = TabCursor(selection: 5, offset: 2)
        state.tabs[1].cursor = TabCursor(selection: 30, offset: 25)
        state.tabs[2].cursor = TabCursor(selection: 12, offset: 12)
        return state
    }

    private func listed(_ name: String, id: Int64?, total: Int = 50, cursor: TabCursor = TabCursor()) -> InteractiveTab {
        InteractiveTab(name: name, total: total, unread: 7, cursor: cursor, storedID: id)
    }

    @Test("tabs that stay keep their places wherever they moved; a new tab comes in config order with its saved cursor")
    func keptByName() {
        var menu = state()
        let continued = menu.replaceTabs(with: [
            listed("C", id: 3), listed("New", id: 4, cursor: TabCursor(selection: 3, offset: 1)),
            listed("A", id: 1, total: 60), listed("B", id: 2),
        ])
        #expect(continued == [2, nil, 0, 1])
        #expect(menu.tabs.map(\.name) == ["C", "New", "A", "B"])
        #expect(menu.tabs.map(\.cursor) == [TabCursor(selection: 12, offset: 12), TabCursor(selection: 3, offset: 1),
                                            TabCursor(selection: 5, offset: 2), TabCursor(selection: 30, offset: 25)])
        #expect(menu.current == 3)
        #expect(menu.tabs[2].total == 60)
        #expect(menu.tabs.allSatisfy { $0.unread == 7 })
    }

    @Test("a tab renamed in the store, its row kept, keeps its place and stays shown; another stored tab under a new name is new")
    func renamedKeepsItsPlace() {
        var menu = state()
        let continued = menu.replaceTabs(with: [listed("A", id: 1), listed("Bee", id: 2), listed("Sea", id: 9)])
        #expect(continued == [0, 1, nil])
        #expect(menu.current == 1)
        #expect(menu.shownTab.name == "Bee")
        #expect(menu.shownTab.cursor == TabCursor(selection: 30, offset: 25))
        #expect(menu.tabs[2].cursor == TabCursor())
    }

    @Test("a removed shown tab gives way to the tab now in its place: the next one, a tab put there, else the one before; its search ends")
    func removedShownTab() {
        var menu = state()
        _ = menu.handle(.character("/"), search: NoTitles())
        #expect(menu.mode == .searching(draft: "", origin: 30))
        _ = menu.replaceTabs(with: [listed("A", id: 1), listed("C", id: 3)])
        #expect(menu.shownTab.name == "C")
        #expect(menu.shownTab.cursor == TabCursor(selection: 12, offset: 12))
        #expect(menu.mode == .browsing)

        _ = menu.replaceTabs(with: [listed("A", id: 1), listed("Cee", id: 4)])
        #expect(menu.shownTab.name == "Cee")
        #expect(menu.shownTab.cursor == TabCursor())

        _ = menu.replaceTabs(with: [listed("New", id: 5), listed("A", id: 1)])
        #expect(menu.shownTab.name == "A")
        #expect(menu.shownTab.cursor == TabCursor(selection: 5, offset: 2))

        _ = menu.replaceTabs(with: [listed("E", id: 6), listed("F", id: 7)])
        #expect(menu.shownTab.name == "E")
    }

    @Test("a shown tab that stays keeps a search being typed; cursors come back within a shorter list; old tab cells are dropped")
    func shownTabStays() {
        var menu = state()
        _ = menu.handle(.character("/"), search: NoTitles())
        _ = menu.replaceTabs(with: [listed("B", id: 2, total: 20), listed("A", id: 1)])
        #expect(menu.current == 0)
        #expect(menu.mode == .searching(draft: "", origin: 30))
        #expect(menu.shownTab.cursor == TabCursor(selection: 19, offset: 10))
        #expect(menu.layout.tabColumns.isEmpty)
    }
}

/// A search that finds nothing: these tests only start one.
private struct NoTitles: TabSearching {
    func match(_ query: String, inTab tab: Int, from start: Int, forward: Bool) -> Int? { nil }
    func unread(inTab tab: Int, from start: Int, forward: Bool) -> Int? { nil }
}
