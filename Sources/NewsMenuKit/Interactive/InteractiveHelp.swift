// The key help `?` shows: every key of the interactive view, one line each, and how to
// leave it (the status line under it says so at every size).

enum InteractiveHelp {
    static let entries: [(keys: String, meaning: String)] = [
        ("← → h l Tab S-Tab", "previous / next tab (wraps)"),
        ("1–9  0  $", "tab by number, first tab, last tab"),
        ("↑ ↓ j k", "previous / next article"),
        ("PgUp PgDn Space", "page up / down"),
        ("Ctrl-U Ctrl-D", "half a page up / down"),
        ("g G Home End", "first / last article"),
        ("Enter o", "open in the browser and mark read"),
        ("m", "mark read / unread"),
        ("s", "star / unstar"),
        ("A", "mark every article of the tab read (asks)"),
        ("/  n N", "search the tab's titles, next / previous match"),
        ("Ctrl-U Ctrl-W", "while searching: clear the query, delete its last word"),
        ("r", "fetch every feed now, due or not (not those gone: 410)"),
        ("Ctrl-L", "repaint the screen"),
        ("Ctrl-Z", "suspend"),
        ("q Esc", "quit"),
        ("mouse", "click a tab or article; click again to open; wheel scrolls; sideways wheel or Shift+wheel switches tabs"),
    ]

    static let title = "newsmenu — keys"

    static let closingHint = "q Esc close this help"
}
