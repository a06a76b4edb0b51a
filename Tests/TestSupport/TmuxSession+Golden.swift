import Foundation
import Testing

extension TmuxSession {
    /// An environment whose local clock reads between 04:00 and 09:59 for hours to come: a
    /// time cut short at the edge of an overlay then shows the same leading digit in every
    /// run, which the clock mask (whole times only) cannot hide.
    public static var steadyClockEnvironment: [String: String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let hour = calendar.component(.hour, from: Date())
        var offset = 4 - hour
        if offset < -12 { offset += 24 }
        // POSIX TZ offsets count hours west of Greenwich: "HMK-5" is five hours ahead of UTC.
        return ["TZ": "HMK\(offset <= 0 ? "+" : "-")\(abs(offset))"]
    }

    /// Waits until the whole screen, masked (``GoldenScreen/runMasks`` by default), is the golden
    /// file `name` in `folder`; on timeout records the rows that differ. When golden files are
    /// being written, waits for the screen to hold still and writes it.
    public func expectScreen(
        matches name: String, in folder: URL, masks: [GoldenScreen.Mask] = GoldenScreen.runMasks,
        timeout: Double = 15, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        if GoldenScreen.isRecording {
            // Written once the masked screen holds still between two reads.
            var previous: String?
            var document = ""
            _ = await pollScreen(timeout: timeout) { screen in
                document = GoldenScreen.document(text: screen, masks: masks)
                defer { previous = document }
                return document == previous
            }
            GoldenScreen.record(document, as: name, in: folder, sourceLocation: sourceLocation)
            return
        }
        let expected = GoldenScreen.expected(name, in: folder)
        let (screen, matched) = await pollScreen(timeout: timeout) { screen in
            GoldenScreen.document(text: screen, masks: masks) == expected
        }
        if matched { return }
        let actual = GoldenScreen.document(text: screen, masks: masks)
        GoldenScreen.reportMismatch(actual, name: name, in: folder, sourceLocation: sourceLocation)
    }
}
