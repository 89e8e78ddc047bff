// The indicator's slide from the old tab to the new one (seed 000): a few eased frames on a
// fixed timeline, each frame's span a pure function of the time since the switch.
import NewsRender

struct IndicatorSlide: Equatable, Sendable {
    /// Frames from the switch to rest, the resting one included.
    static let frameCount = 5
    /// Microseconds between frames: the indicator rests 100 ms after the switch, inside
    /// the 150 ms the slide may take.
    static let frameInterval: UInt64 = 25_000

    let from: IndicatorSpan
    let to: IndicatorSpan
    /// When the tab switched, in `FrameLog.now()` microseconds.
    let startedAt: UInt64

    /// The frame due at `now`, from 1; `frameCount` is the indicator at rest.
    func frameNumber(at now: UInt64) -> Int {
        let elapsed = now >= startedAt ? now - startedAt : 0
        return Int(min(elapsed / Self.frameInterval, UInt64(Self.frameCount - 1))) + 1
    }

    /// Where frame `number` draws the indicator: start column and width both eased from
    /// the old tab's to the new one's.
    func span(frame number: Int) -> IndicatorSpan {
        let progress = Self.eased(Double(min(max(number, 0), Self.frameCount)) / Double(Self.frameCount))
        func between(_ old: Int, _ new: Int) -> Int {
            old + Int((Double(new - old) * progress).rounded())
        }
        return IndicatorSpan(start: between(from.start, to.start), width: max(between(from.width, to.width), 1))
    }

    /// Microseconds from `now` until the next frame is due; nil once the indicator rests.
    func wait(at now: UInt64) -> UInt64? {
        let number = frameNumber(at: now)
        guard number < Self.frameCount else { return nil }
        let due = startedAt + UInt64(number) * Self.frameInterval
        return due > now ? due - now : 0
    }

    /// Slow at both ends, quick in the middle (smoothstep), as a page settles under a finger.
    static func eased(_ progress: Double) -> Double {
        let clamped = min(max(progress, 0), 1)
        return clamped * clamped * (3 - 2 * clamped)
    }
}

/// The loop's side of the slide: starts one when the tab switches, says where each frame
/// draws the indicator and when the next frame is due, and cuts it short on any input so
/// that a key never waits behind an animation.
struct IndicatorAnimation: Equatable, Sendable {
    /// False with `--no-animation` or `"animation": false`: every switch jumps.
    let isEnabled: Bool
    private(set) var slide: IndicatorSlide?
    /// Where the last frame drew the indicator.
    private var shown: IndicatorSpan?
    /// The tab switched since the last frame: the slide starts where the indicator was.
    private var switchedFrom: IndicatorSpan?

    init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    var isMoving: Bool { slide != nil || switchedFrom != nil }

    mutating func tabSwitched() {
        guard isEnabled else { return }
        cut()
        switchedFrom = shown
    }

    /// Jumps to the last frame: input arrived, or the screen changed size.
    mutating func cut() {
        if let slide { shown = slide.to }
        slide = nil
    }

    /// The span to draw in the frame at `now` whose indicator rests at `resting`; nil draws
    /// it at rest.
    mutating func frame(resting: IndicatorSpan?, now: UInt64) -> IndicatorSpan? {
        if let from = switchedFrom {
            switchedFrom = nil
            if let resting, from != resting { slide = IndicatorSlide(from: from, to: resting, startedAt: now) }
        }
        // A slide towards somewhere else (the bar scrolled or changed) is over.
        guard let current = slide, current.to == resting else {
            slide = nil
            shown = resting
            return nil
        }
        let number = current.frameNumber(at: now)
        if number >= IndicatorSlide.frameCount { slide = nil }
        let span = number >= IndicatorSlide.frameCount ? nil : current.span(frame: number)
        shown = span ?? resting
        return span
    }

    /// Milliseconds the loop may wait for input before the next frame is due; nil when
    /// nothing moves.
    func waitMilliseconds(at now: UInt64) -> Int32? {
        if switchedFrom != nil { return 0 }
        guard let wait = slide?.wait(at: now) else { return nil }
        return Int32((wait + 999) / 1000)
    }
}
