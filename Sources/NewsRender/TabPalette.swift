// The colours tabs take when the config gives them none.

enum TabPalette {
    /// Eight distinct, soft colours (Apple's dark-mode system colours, which the seeds'
    /// screens use), each with a hand-picked stand-in for 16-colour terminals so that
    /// neighbouring tabs stay distinct there too.
    static let inks: [Ink] = [
        Ink(rgb: (10, 132, 255), named: .brightBlue),     // blue
        Ink(rgb: (255, 159, 10), named: .yellow),         // orange
        Ink(rgb: (48, 209, 88), named: .green),           // green
        Ink(rgb: (255, 55, 95), named: .brightRed),       // pink
        Ink(rgb: (100, 210, 255), named: .cyan),          // teal
        Ink(rgb: (191, 90, 242), named: .magenta),        // purple
        Ink(rgb: (255, 214, 10), named: .brightYellow),   // yellow
        Ink(rgb: (94, 92, 230), named: .blue),            // indigo
    ]

    /// The palette colour of the tab at `position`, cycling when there are more tabs.
    static func ink(at position: Int) -> Ink {
        inks[((position % inks.count) + inks.count) % inks.count]
    }
}
