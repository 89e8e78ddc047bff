// A foreground colour and its SGR parameters in each colour mode.
import NewsModel

/// A colour as the renderer draws it: the exact value when there is one, and the
/// terminal colour that stands in for it on a 16-colour terminal.
struct Ink: Sendable {
    var rgb: (red: UInt8, green: UInt8, blue: UInt8)?
    var named: NamedColor

    init(rgb: (red: UInt8, green: UInt8, blue: UInt8)?, named: NamedColor) {
        self.rgb = rgb
        self.named = named
    }

    init(_ color: TabColor) {
        switch color {
        case .named(let named):
            self.init(rgb: nil, named: named)
        case .rgb(let red, let green, let blue):
            let rgb = (red: red, green: green, blue: blue)
            self.init(rgb: rgb, named: Ink.nearestNamed(to: rgb))
        }
    }

    /// The SGR parameters that select this foreground, or nil when `mode` has no colour.
    /// A named colour stays a palette index in every mode, so it follows the user's theme.
    func foregroundParameters(in mode: ColorMode) -> String? {
        parameters(in: mode, base: 30, brightBase: 90, extended: 38)
    }

    /// The SGR parameters that select this colour as the background, or nil without colour.
    func backgroundParameters(in mode: ColorMode) -> String? {
        parameters(in: mode, base: 40, brightBase: 100, extended: 48)
    }

    private func parameters(in mode: ColorMode, base: Int, brightBase: Int, extended: Int) -> String? {
        let index = named.ansiIndex
        switch mode {
        case .plainASCII, .none, .monochrome:
            return nil
        case .ansi16:
            return index < 8 ? "\(base + index)" : "\(brightBase + index - 8)"
        case .ansi256:
            guard let rgb else { return "\(extended);5;\(index)" }
            return "\(extended);5;\(Ink.cubeIndex(of: rgb))"
        case .truecolor:
            guard let rgb else { return "\(extended);5;\(index)" }
            return "\(extended);2;\(rgb.red);\(rgb.green);\(rgb.blue)"
        }
    }

    /// Text drawn on this colour: black on light colours, bright white on dark ones, by
    /// the colour's luminance (its xterm value when it is a named colour).
    var contrasting: Ink {
        let value = rgb ?? Ink.namedValues.first { $0.0 == named }.map {
            (red: UInt8($0.1), green: UInt8($0.2), blue: UInt8($0.3))
        } ?? (red: 0, green: 0, blue: 0)
        let luminance = 299 * Int(value.red) + 587 * Int(value.green) + 114 * Int(value.blue)
        return luminance > 140_000
            ? Ink(rgb: (0, 0, 0), named: .black) : Ink(rgb: (255, 255, 255), named: .brightWhite)
    }

    /// The 6×6×6 cube entry (16–231) nearest to `rgb`, level by level.
    static func cubeIndex(of rgb: (red: UInt8, green: UInt8, blue: UInt8)) -> Int {
        16 + 36 * cubeLevel(rgb.red) + 6 * cubeLevel(rgb.green) + cubeLevel(rgb.blue)
    }

    /// The cube's channel levels are 0, 95, 135, 175, 215, 255 (xterm's values).
    private static func cubeLevel(_ channel: UInt8) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        let value = Int(channel)
        var best = 0
        for (level, candidate) in levels.enumerated()
        where abs(candidate - value) < abs(levels[best] - value) {
            best = level
        }
        return best
    }

    /// xterm's default values for the 16 colours, in `NamedColor` order.
    private static let namedValues: [(NamedColor, Int, Int, Int)] = [
        (.black, 0, 0, 0), (.red, 205, 0, 0), (.green, 0, 205, 0), (.yellow, 205, 205, 0),
        (.blue, 0, 0, 238), (.magenta, 205, 0, 205), (.cyan, 0, 205, 205),
        (.white, 229, 229, 229), (.brightBlack, 127, 127, 127), (.brightRed, 255, 0, 0),
        (.brightGreen, 0, 255, 0), (.brightYellow, 255, 255, 0), (.brightBlue, 92, 92, 255),
        (.brightMagenta, 255, 0, 255), (.brightCyan, 0, 255, 255), (.brightWhite, 255, 255, 255),
    ]

    /// The terminal colour that stands in for `rgb` on a 16-colour terminal: the one of
    /// nearest hue, for any colour with a visible tint. Plain RGB distance would send the
    /// pastels config files favour (#ff6b6b, #51cf66) to bright black, as far from the pure
    /// red and green of the palette as from grey, and so turn them all alike and "disabled".
    static func nearestNamed(to rgb: (red: UInt8, green: UInt8, blue: UInt8)) -> NamedColor {
        let red = Int(rgb.red), green = Int(rgb.green), blue = Int(rgb.blue)
        let high = max(red, green, blue), low = min(red, green, blue)
        let chroma = high - low
        // Below about a fifth of full scale the tint is hard to see: a grey, by lightness,
        // nearest of xterm's four (0, 127, 229, 255).
        guard chroma >= 48 else {
            switch (red + green + blue) / 3 {
            case ..<64: return .black
            case ..<178: return .brightBlack
            case ..<242: return .white
            default: return .brightWhite
            }
        }
        // xterm's bright colours are hues at full value (#ff0000) or lighter, its normal
        // ones darker (#cd0000): HSL lightness of a half or more takes the bright variant.
        let isBright = high + low >= 255
        switch hueDegrees(red: red, green: green, blue: blue, high: high, chroma: chroma) {
        // The boundaries are not the midpoints between the six hues: orange reads as
        // the (often brownish) yellow, and azure (#339af0, #4dabf7) as blue, not cyan.
        case 20..<75: return isBright ? .brightYellow : .yellow
        case 75..<165: return isBright ? .brightGreen : .green
        case 165..<200: return isBright ? .brightCyan : .cyan
        case 200..<270: return isBright ? .brightBlue : .blue
        case 270..<330: return isBright ? .brightMagenta : .magenta
        default: return isBright ? .brightRed : .red
        }
    }

    /// The HSV hue, 0 ..< 360 with red at 0, of a colour whose largest channel is `high`
    /// and whose chroma (largest minus smallest channel) is positive.
    private static func hueDegrees(red: Int, green: Int, blue: Int, high: Int, chroma: Int) -> Int {
        let sector: Int
        let offset: Int
        if high == red {
            (sector, offset) = (0, green - blue)
        } else if high == green {
            (sector, offset) = (120, blue - red)
        } else {
            (sector, offset) = (240, red - green)
        }
        return (sector + 60 * offset / chroma + 360) % 360
    }
}
