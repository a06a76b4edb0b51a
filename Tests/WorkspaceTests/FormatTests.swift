import Testing
import Workspace

@Suite("Durations and sizes as panes show them")
struct FormatTests {
    @Test("durations from tenths of a second to days, and absurd values without a crash")
    func durations() {
        #expect(Format.duration(0.42) == "0.4s")
        #expect(Format.duration(12) == "12s")
        #expect(Format.duration(185) == "3m 05s")
        #expect(Format.duration(7380) == "2h 03m")
        #expect(Format.duration(3 * 86_400 + 4 * 3600) == "3d 04h")
        #expect(Format.duration(-12) == "-12s")
        #expect(Format.duration(1e300) == "> 10000d")
        #expect(Format.duration(-1e300) == "-> 10000d")
        #expect(Format.duration(.infinity) == "> 10000d")
        #expect(Format.duration(.nan) == "?")
    }
}
