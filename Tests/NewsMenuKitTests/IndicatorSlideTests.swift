// The indicator's slide between tabs as the loop runs it: the eased spans of each frame, the
// timeline that ends within 150 ms, a cut on input, and no slide at all when disabled.
import Testing
import NewsRender
@testable import NewsMenuKit

@Suite("Indicator slide timeline")
struct IndicatorSlideTimelineTests {
    /// おすすめ (8 columns at 2) to トレンド 3's name (8 columns at 13), then a wider name.
    let from = IndicatorSpan(start: 2, width: 8)
    let to = IndicatorSpan(start: 26, width: 12)
    let start: UInt64 = 1_000_000

    @Test("frames 1 to 4 ease start and width from the old tab's to the new one's; frame 5 rests")
    func easedSpans() {
        let slide = IndicatorSlide(from: from, to: to, startedAt: start)
        let spans = (1...IndicatorSlide.frameCount).map { slide.span(frame: $0) }
        // smoothstep at 0.2, 0.4, 0.6, 0.8, 1: 0.104, 0.352, 0.648, 0.896, 1.
        #expect(spans == [IndicatorSpan(start: 4, width: 8), IndicatorSpan(start: 10, width: 9),
                          IndicatorSpan(start: 18, width: 11), IndicatorSpan(start: 24, width: 12), to])
        let backwards = IndicatorSlide(from: to, to: from, startedAt: start)
        #expect(backwards.span(frame: 2) == IndicatorSpan(start: 18, width: 11))
    }

    @Test("the frames fall due 25 ms apart and the indicator rests within 150 ms of the switch")
    func timeline() {
        let slide = IndicatorSlide(from: from, to: to, startedAt: start)
        #expect(slide.frameNumber(at: start) == 1)
        #expect(slide.frameNumber(at: start + 24_999) == 1)
        #expect(slide.frameNumber(at: start + 25_000) == 2)
        #expect(slide.frameNumber(at: start + 150_000) == IndicatorSlide.frameCount)
        #expect(UInt64(IndicatorSlide.frameCount - 1) * IndicatorSlide.frameInterval <= 150_000)
        #expect(slide.wait(at: start + 10_000) == 15_000)
        #expect(slide.wait(at: start + 100_000) == nil)
        // A clock read before the switch (cannot happen, but must not trap) is frame 1.
        #expect(slide.frameNumber(at: 0) == 1)
    }

    @Test("a switch slides over the following frames, then the frame rests and the loop may sleep")
    func animationRuns() {
        var animation = IndicatorAnimation(isEnabled: true)
        #expect(animation.frame(resting: from, now: start) == nil)
        animation.tabSwitched()
        var drawn: [IndicatorSpan?] = []
        var now = start
        drawn.append(animation.frame(resting: to, now: now))
        while let wait = animation.waitMilliseconds(at: now) {
            now += UInt64(wait) * 1000
            drawn.append(animation.frame(resting: to, now: now))
        }
        #expect(drawn == [IndicatorSpan(start: 4, width: 8), IndicatorSpan(start: 10, width: 9),
                          IndicatorSpan(start: 18, width: 11), IndicatorSpan(start: 24, width: 12), nil])
        #expect(!animation.isMoving)
        #expect(now - start <= 150_000)
    }

    @Test("input cuts the slide short: the next frame rests, and a second switch starts from the new tab")
    func inputCuts() {
        var animation = IndicatorAnimation(isEnabled: true)
        _ = animation.frame(resting: from, now: start)
        animation.tabSwitched()
        #expect(animation.frame(resting: to, now: start) != nil)
        animation.cut()
        #expect(!animation.isMoving)
        #expect(animation.frame(resting: to, now: start + 1_000) == nil)
        #expect(animation.waitMilliseconds(at: start + 1_000) == nil)
        // Cut mid-slide and switched again at once: the slide starts where the cut left it.
        animation.tabSwitched()
        let third = IndicatorSpan(start: 40, width: 8)
        #expect(animation.frame(resting: third, now: start + 2_000) == IndicatorSpan(start: 27, width: 12))
    }

    @Test("disabled, or when the bar moved under it, the indicator jumps")
    func jumps() {
        var disabled = IndicatorAnimation(isEnabled: false)
        _ = disabled.frame(resting: from, now: start)
        disabled.tabSwitched()
        #expect(disabled.frame(resting: to, now: start) == nil)
        #expect(disabled.waitMilliseconds(at: start) == nil)

        var animation = IndicatorAnimation(isEnabled: true)
        _ = animation.frame(resting: from, now: start)
        animation.tabSwitched()
        #expect(animation.frame(resting: to, now: start) != nil)
        #expect(animation.frame(resting: IndicatorSpan(start: 30, width: 12), now: start + 30_000) == nil)
        #expect(!animation.isMoving)
    }
}
