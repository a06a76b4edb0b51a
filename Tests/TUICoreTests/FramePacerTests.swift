import Testing

@testable import TUICore

/// Drives a pacer the way the browser's run loop does, on a simulated clock: each piece of news
/// asks for a frame, and a frame is drawn when the planned time comes.
private struct PacedRun {
    var pacer = FramePacer()
    /// When each frame was drawn.
    var frames: [Double] = []

    /// Feeds `news` (time, reason), ascending, then runs the clock on to `end`; returns the time
    /// each piece of news was first on screen.
    mutating func run(_ news: [(time: Double, reason: FramePacer.Reason)], until end: Double) -> [Double] {
        var shown: [Double] = []
        var waiting = 0
        var next = 0
        while true {
            // The clock jumps to whatever comes first: the next piece of news or the planned frame.
            let newsTime = next < news.count ? news[next].time : Double.infinity
            let frameTime = pacer.plannedAt ?? Double.infinity
            let now = min(newsTime, frameTime)
            guard now <= end else { return shown }
            if frameTime <= newsTime {
                pacer.drew(at: now)
                frames.append(now)
                shown += Array(repeating: now, count: waiting)
                waiting = 0
            } else {
                _ = pacer.request(news[next].reason, at: now)
                waiting += 1
                next += 1
            }
        }
    }

    /// The most frames drawn in any window of one second.
    var busiestSecond: Int {
        frames.indices.map { start in frames[start...].prefix { $0 < frames[start] + 1 }.count }.max() ?? 0
    }
}

@Suite("frame pacing")
struct FramePacerTests {
    @Test("a key and the answer that follows it 2 ms later are both drawn at once")
    func answerAfterKey() {
        var pacer = FramePacer()
        #expect(pacer.request(.prompt, at: 10) == 10)
        pacer.drew(at: 10)
        #expect(pacer.request(.prompt, at: 10.002) == 10.002)
        pacer.drew(at: 10.002)
        #expect(pacer.plannedAt == nil)
    }

    @Test("background news on a quiet screen is drawn at once, even right after a frame")
    func quietBackground() {
        var pacer = FramePacer()
        #expect(pacer.request(.prompt, at: 5) == 5)
        pacer.drew(at: 5)
        #expect(pacer.request(.background, at: 5.003) == 5.003)
    }

    @Test("a frame already planned as soon serves later news; sooner news moves it up")
    func plannedFrameServes() {
        var pacer = FramePacer(stormFrames: 2)
        pacer.drew(at: 0)
        pacer.drew(at: 0.01)
        // A storm: background news waits for the storm gap.
        let planned = pacer.request(.background, at: 0.02)
        #expect(planned.map { abs($0 - 0.11) < 1e-9 } == true)
        #expect(pacer.request(.background, at: 0.03) == nil)
        // A key does not wait behind it.
        #expect(pacer.request(.prompt, at: 0.04) == 0.04)
        #expect(pacer.request(.background, at: 0.05) == nil)
    }

    @Test("a storm of background news is coalesced to ten frames a second")
    func stormIsCoalesced() {
        // A hundred pinned resources answering through every second, for three seconds.
        let news = (0..<300).map { (time: Double($0) * 0.01, reason: FramePacer.Reason.background) }
        var run = PacedRun()
        let shown = run.run(news, until: 3.2)
        #expect(shown.count == news.count)
        let lastSecond = run.frames.filter { $0 >= 2 && $0 < 3 }.count
        #expect((9...11).contains(lastSecond), "frames in the third second: \(lastSecond)")
        // Nothing waits longer than the storm gap.
        let waits = zip(news, shown).map { $1 - $0.time }
        #expect(waits.max()! <= 0.1 + 0.001)
    }

    @Test("the resource in focus is drawn at once in the middle of a storm")
    func promptDuringStorm() {
        var news = (0..<300).map { (time: Double($0) * 0.01, reason: FramePacer.Reason.background) }
        news.append((time: 2.5025, reason: .prompt))
        news.sort { $0.time < $1.time }
        var run = PacedRun()
        let shown = run.run(news, until: 3.2)
        let index = news.firstIndex { $0.reason == .prompt }!
        #expect(shown[index] - news[index].time <= 1.0 / 60 + 0.001)
    }

    @Test("never more than sixty frames in any second, even when everything is prompt")
    func rateLimit() {
        let news = (0..<3000).map { (time: Double($0) * 0.001, reason: FramePacer.Reason.prompt) }
        var run = PacedRun()
        let shown = run.run(news, until: 3.2)
        #expect(run.busiestSecond <= 60)
        #expect(run.busiestSecond >= 55)
        // Held to the rate, news still reaches the screen within a frame.
        let waits = zip(news, shown).map { $1 - $0.time }
        #expect(waits.max()! <= 1.0 / 57 + 0.001)
    }

    @Test("after a storm ends, the next news is drawn at once again")
    func stormEnds() {
        var news = (0..<100).map { (time: Double($0) * 0.01, reason: FramePacer.Reason.background) }
        news.append((time: 3, reason: .background))
        var run = PacedRun()
        let shown = run.run(news, until: 3.1)
        #expect(shown.last! - 3 < 0.001)
    }
}
