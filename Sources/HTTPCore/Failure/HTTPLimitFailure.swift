import Foundation

/// The underlying error of an ``HTTPFailure`` that hit one of the transport's limits: which
/// limit, what was seen, and how to raise it. ``description`` is the sentence, e.g. `The
/// response body is larger than the 64 MiB limit (it announced 80 MiB). Raise it with
/// --max-body-size.`
package struct HTTPLimitFailure: Error, CustomStringConvertible, Sendable, Equatable {
    /// A limit of the transport.
    package enum Limit: Sendable, Equatable {
        /// The most body bytes kept (``HTTPClientSettings/maximumBodySize``).
        case bodySize(Int)
        /// The most a compressed body may expand (``HTTPClientSettings/maximumDecompressionRatio``).
        case decompressionRatio(Int)
        /// The most bytes of header fields, in total or in one field.
        case headerSize(Int)
        /// Seconds without receiving a byte (``HTTPClientSettings/readTimeout``).
        case readTimeout(TimeInterval)
        /// Seconds the whole request may take (its `timeoutInterval`).
        case requestTimeout(TimeInterval)
    }

    /// The limit hit.
    package var limit: Limit
    /// The size the response announced (`Content-Length`), when it did.
    package var announced: Int64?
    /// A sentence telling how to raise the limit, added to the description; nil for none.
    package var advice: String?

    /// Creates the failure.
    package init(limit: Limit, announced: Int64? = nil, advice: String? = nil) {
        self.limit = limit
        self.announced = announced
        self.advice = advice
    }

    /// One or two sentences: the limit, what was seen, and the advice.
    package var description: String {
        var text: String
        switch limit {
        case .bodySize(let bytes):
            text = "The response body is larger than the \(Self.size(Int64(bytes))) limit"
            if let announced, announced > Int64(bytes) {
                text += " (it announced \(Self.size(announced)))"
            }
            text += "."
        case .decompressionRatio(let ratio):
            text =
                "The response body expands more than \(ratio) times when decompressed; it was refused as a possible "
                + "compression bomb."
        case .headerSize(let bytes):
            text =
                "The response's header fields are larger than the \(Self.size(Int64(bytes))) limit, in total or in one "
                + "field. The limit is fixed; the server has to send fewer or shorter header fields."
        case .readTimeout(let seconds):
            text = "The request timed out: nothing arrived for \(Self.duration(seconds)) (the read timeout)."
        case .requestTimeout(let seconds):
            text = "The request timed out after \(Self.duration(seconds)) (its timeout)."
        }
        if let advice {
            text += " " + advice
        }
        return text
    }

    /// `seconds` for people: "0.3 s", "60 s", "2 min 5 s".
    package static func duration(_ seconds: TimeInterval) -> String {
        guard seconds >= 120 else {
            let rounded = (seconds * 10).rounded() / 10
            return rounded == rounded.rounded() ? "\(Int(rounded)) s" : "\(rounded) s"
        }
        let whole = Int(seconds.rounded())
        return whole % 60 == 0 ? "\(whole / 60) min" : "\(whole / 60) min \(whole % 60) s"
    }

    /// `bytes` for people: "512 bytes", "64 KiB", "1.5 MiB", "1 GiB".
    package static func size(_ bytes: Int64) -> String {
        let units = ["KiB", "MiB", "GiB", "TiB"]
        guard bytes >= 1024 else {
            return bytes == 1 ? "1 byte" : "\(bytes) bytes"
        }
        var value = Double(bytes)
        var unit = -1
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let rounded = (value * 10).rounded() / 10
        let number = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return "\(number) \(units[unit])"
    }
}
