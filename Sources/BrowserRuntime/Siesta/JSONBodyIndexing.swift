import Foundation
import HTTPCore
import NIOConcurrencyHelpers
import OrderedJSON

/// Indexes a JSON response body while it arrives, in place over the bytes the transport
/// collects, and leaves the finished document on ``PreparedJSONDocuments`` for the pipeline: when
/// the last byte of a large body comes, only the last part is left to index.
///
/// A body that turns out not to be JSON is left alone (the pipeline then reports where it is
/// broken); its bytes are never touched.
final class JSONBodyIndexing: HTTPBodyReader {
    /// Bodies announced smaller than this, or with no length, are indexed by the pipeline once
    /// they are whole. The indexing runs on the connection's event loop, shared with every other
    /// connection: it pays there only for bodies whose index takes long to build after the fact
    /// (16 MiB: about 15 ms in a release build), and a body of announced length stays where it is
    /// while it grows.
    static let minimumAnnouncedSize = 16 * 1024 * 1024

    private let indexer: NIOLockedValueBox<JSONInPlaceIndexer?>

    /// A reader for `response`'s body when it is JSON announced at `minimum` bytes or more
    /// (``minimumAnnouncedSize`` unless told); nil otherwise.
    static func reader(
        for response: HTTPExchangeResponse, minimum: Int = minimumAnnouncedSize
    ) -> JSONBodyIndexing? {
        guard let type = response.headers.first(name: "content-type")?.lowercased(), type.contains("json") else {
            return nil
        }
        guard let announced = response.headers.first(name: "content-length").flatMap({ Int($0) }),
            announced >= minimum
        else { return nil }
        return JSONBodyIndexing(expectedCount: announced)
    }

    private init(expectedCount: Int?) {
        indexer = NIOLockedValueBox(JSONInPlaceIndexer(expectedCount: expectedCount))
    }

    func bodyGrew(_ received: UnsafeRawBufferPointer) {
        indexer.withLockedValue { indexer in
            guard let current = indexer else { return }
            do throws(JSONSyntaxError) {
                try current.advance(over: received)
            } catch {
                indexer = nil
            }
        }
    }

    func bodyEnded(_ body: Data) {
        let finished = indexer.withLockedValue { indexer in
            defer { indexer = nil }
            return indexer
        }
        guard let finished, let document = try? finished.finish(with: body) else { return }
        PreparedJSONDocuments.keep(document)
    }
}
