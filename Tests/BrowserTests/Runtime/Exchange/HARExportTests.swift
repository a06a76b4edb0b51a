import Foundation
import Testing
import Workspace

@testable import Browser
@testable import BrowserRuntime

@Suite("The HAR export's note")
struct HARExportTests {
    @Test("the note counts the bodies left out, by reason, in the order first met")
    func leftOutSummary() {
        #expect(HARExport.leftOutSummary([]) == nil)
        let large = HARLeftOutBody(size: 2_000_000, reason: ExchangeRecorder.bodyTooLargeReason)
        let budget = HARLeftOutBody(size: 500_000, reason: ExchangeRecorder.budgetReason)
        #expect(
            HARExport.leftOutSummary([large])
                == "1 body left out: larger than the 1 MiB the session log keeps of one body")
        #expect(
            HARExport.leftOutSummary([large, budget, large])
                == "3 bodies left out: 2 larger than the 1 MiB the session log keeps of one body, "
                + "1 let go to keep the session log's bodies within 64 MiB")
    }
}
