import Foundation
import Squid
import Testing

@Suite("Squid.Logger")
struct LoggerTests {

    @Test("with SQUID_LOG=1 a failed request is logged to stderr; silence(true) stops the log")
    func logsWhenAskedAndStopsWhenSilenced() async throws {
        let result = try await #require(
            processExitsWith: .success,
            observing: [\.standardErrorContent]
        ) {
            setenv("SQUID_LOG", "1", 1)
            guard Squid.Logger.isEnabled else {
                exit(2)
            }
            _ = try? await AnyRequest(url: "http://127.0.0.1:1/logged").schedule().value
            Squid.Logger.silence(true)
            guard !Squid.Logger.isEnabled else {
                exit(3)
            }
            _ = try? await AnyRequest(url: "http://127.0.0.1:1/silenced").schedule().value
            Squid.Logger.silence(false)
            exit(Squid.Logger.isEnabled ? 0 : 4)
        }
        let log = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(log.contains("[Squid @"))
        #expect(log.contains("/logged"))
        #expect(!log.contains("/silenced"))
    }

    @Test("without SQUID_LOG nothing is logged")
    func quietByDefault() async throws {
        let result = try await #require(
            processExitsWith: .success,
            observing: [\.standardErrorContent]
        ) {
            unsetenv("SQUID_LOG")
            _ = try? await AnyRequest(url: "http://127.0.0.1:1/quiet").schedule().value
            exit(Squid.Logger.isEnabled ? 1 : 0)
        }
        let log = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(!log.contains("[Squid @"))
    }
}
