import Browser
import Foundation
import OrderedJSON
import Siesta

/// The browser's JSON stage: indexes `*/json` and `*/*+json` bodies (error bodies too) into a
/// `JSONDocument` instead of Foundation's `[String: Any]`, so the screen shows keys in the
/// server's order and every number and string as sent. Runs in Siesta's pipeline, off the main
/// actor.
///
/// Text that is not JSON fails the response with a `RequestError` whose `userMessage` says where
/// ("Cannot parse server response: invalid JSON at line 3, column 5: …") and whose entity keeps
/// the bytes, so they can still be shown. An empty body stays empty data.
public struct JSONDocumentTransformer: ResponseTransformer {
    /// The content types it handles.
    public static let contentTypes = ["*/json", "*/*+json"]

    /// Creates the transformer.
    public init() {}

    /// Replaces Siesta's standard JSON parser with this one for every resource of `service`.
    /// The parsing stage then holds Siesta's standard text transformer, which turns `text/*`
    /// into `String` first, and this one.
    @MainActor
    public static func install(on service: Service) {
        service.configure(
            whenURLMatches: { _ in true }, description: "browser JSON documents",
            configurer: {
                $0.pipeline[.parsing].removeTransformers()
                $0.pipeline.add(.text)
                $0.pipeline[.parsing].add(JSONDocumentTransformer(), contentTypes: contentTypes)
            })
    }

    /// Indexes the entity's bytes (or text); anything else passes through.
    public func process(_ response: Response) -> Response {
        switch response {
        case .success(let entity):
            switch document(for: entity) {
            case .success(let content): return .success(entity.withContent(content))
            case .failure(let error): return .failure(error)
            }
        case .failure(var error):
            if let entity = error.entity, case .success(let content) = document(for: entity) {
                error.entity = entity.withContent(content)
            }
            return .failure(error)
        }
    }

    private func document(for entity: Entity<Any>) -> Result<Any, RequestError> {
        let data: Data
        switch entity.content {
        case let bytes as Data: data = bytes
        case let text as String: data = Data(text.utf8)
        default: return .success(entity.content)
        }
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return .success(data) }
        // A large body may have been indexed while it arrived (JSONBodyIndexing).
        if let prepared = PreparedJSONDocuments.take(for: data) { return .success(prepared) }
        do throws(JSONSyntaxError) {
            return .success(try JSONDocument(data: data))
        } catch {
            let message = "Cannot parse server response: invalid JSON at line \(error.line), column \(error.column): "
            return .failure(
                RequestError(userMessage: message + error.reason, cause: error, entity: entity.withContent(data)))
        }
    }
}
