import Foundation
import HTTPCore
import Testing

@Suite("cookie dates are read the lenient way RFC 6265 describes")
struct CookieDateTests {
    @Test(
        "every date form servers send is understood",
        arguments: [
            ("Wed, 21 Oct 2026 07:28:00 GMT", 1_792_567_680),
            ("Wednesday, 21-Oct-26 07:28:00 GMT", 1_792_567_680),
            ("Wed Oct 21 07:28:00 2026", 1_792_567_680),
            ("21 oct 2026 7:28:0", 1_792_567_680),
            ("Thu, 29 Feb 2024 12:00:00 GMT", 1_709_208_000),
            ("Thu, 01 Jan 1970 00:00:00 GMT", 0),
            ("Tue, 01-Jan-69 00:00:00 GMT", 3_124_224_000),
        ])
    func understood(_ text: String, _ seconds: Int) {
        #expect(HTTPCookieDate.parse(text) == Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    @Test(
        "dates with a missing or impossible part are not dates",
        arguments: [
            "garbage", "", "Wed, 31 Feb 2026 07:28:00 GMT", "Wed, 21 Oct 1600 07:28:00 GMT",
            "Wed, 21 Oct 2026 24:00:00 GMT", "Wed, 21 Oct 2026 07:60:00 GMT", "Wed, 21 Foo 2026 07:28:00 GMT",
            "Wed, 21 Oct 2026", "Wed, 0 Oct 2026 07:28:00 GMT",
        ])
    func refused(_ text: String) {
        #expect(HTTPCookieDate.parse(text) == nil)
    }

    @Test("a formatted date reads back as the same instant")
    func roundTrip() throws {
        for seconds in [0, 951_782_400, 1_709_208_000, 1_792_567_680, 4_102_444_799] {
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            let text = HTTPCookieDate.format(date)
            #expect(HTTPCookieDate.parse(text) == date, "\(text)")
        }
        #expect(HTTPCookieDate.format(Date(timeIntervalSince1970: 1_792_567_680)) == "Wed, 21 Oct 2026 07:28:00 GMT")
    }
}
