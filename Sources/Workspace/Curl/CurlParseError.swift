import Foundation

/// Why a pasted curl command could not become a request, as a sentence to show the person who
/// pasted it (``message``).
///
/// The message names the option or the place at fault: `The option --frobnicate is not a curl
/// option hammock knows.`, `-H @headers.txt reads a file, which hammock does not do; paste the
/// headers instead.`, `The command has an unterminated single quote.`
public struct CurlParseError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The explanation, one or two plain sentences.
    public let message: String

    /// Creates an error with its message.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// The message, for `localizedDescription`.
    public var errorDescription: String? { message }
}

extension CurlParseError {
    static let empty = CurlParseError("The text is empty: paste a curl command.")
    static let missingURL = CurlParseError("The command has no URL.")

    static func notCurl(_ word: String) -> CurlParseError {
        CurlParseError("The text is not a curl command: it starts with “\(word)”.")
    }

    static func unterminated(_ what: String) -> CurlParseError {
        CurlParseError("The command has an unterminated \(what).")
    }

    static func unknownOption(_ option: String) -> CurlParseError {
        CurlParseError("The option \(option) is not a curl option hammock knows.")
    }

    static func missingArgument(_ option: String) -> CurlParseError {
        CurlParseError("The option \(option) needs a value after it.")
    }

    static func unexpectedArgument(_ option: String) -> CurlParseError {
        CurlParseError("The option \(option) does not take a value.")
    }

    static func readsFile(_ option: String, _ argument: String, pasteInstead: String = "the body") -> CurlParseError {
        CurlParseError(
            "\(option) \(argument) reads a file, which hammock does not do; paste \(pasteInstead) instead.")
    }

    static func unsupported(_ option: String, _ reason: String) -> CurlParseError {
        CurlParseError("\(option) \(reason), which hammock does not do.")
    }
}
