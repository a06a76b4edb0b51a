/// A transformer that maps an entity's content from one type to another with a closure, e.g.
/// `Data` to `String`, or a JSON dictionary to a model.
///
/// Errors the closure throws become a failed response whose ``RequestError/cause`` is the
/// thrown error (a `RequestError` thrown as is replaces the response's error). Returning `nil`
/// fails with ``RequestError/Cause/TransformerReturnedNil``.
public struct ResponseContentTransformer<InputContentType, OutputContentType>: ResponseTransformer {
    /// The closure that computes new content from an entity.
    public typealias Processor = @Sendable (Entity<InputContentType>) throws -> OutputContentType?

    private let processor: Processor
    private let mismatchAction: InputTypeMismatchAction
    private let transformErrors: Bool

    /// Creates a content transformer.
    ///
    /// - Parameters:
    ///   - onInputTypeMismatch: What to do when the content is not an `InputContentType`.
    ///   - transformErrors: Whether to transform the bodies of error responses too.
    ///   - processor: Computes the new content. Runs off the main actor.
    public init(
        onInputTypeMismatch mismatchAction: InputTypeMismatchAction = .error,
        transformErrors: Bool = false,
        processor: @escaping Processor
    ) {
        self.processor = processor
        self.mismatchAction = mismatchAction
        self.transformErrors = transformErrors
    }

    /// Applies the processor to a success's entity, or to an error's entity when
    /// `transformErrors` is set.
    public func process(_ response: Response) -> Response {
        switch response {
        case .success(let entity):
            return processEntity(entity)
        case .failure(var error):
            guard transformErrors, let errorEntity = error.entity else { return response }
            if case .success(let transformed) = processEntity(errorEntity) {
                error.entity = transformed
            }
            return .failure(error)
        }
    }

    private func processEntity(_ entity: Entity<Any>) -> Response {
        guard let typedContent = entity.content as? InputContentType else {
            switch mismatchAction {
            case .skip:
                return .success(entity)
            case .skipIfOutputTypeMatches where entity.content is OutputContentType:
                return .success(entity)
            case .error, .skipIfOutputTypeMatches:
                let cause = RequestError.Cause.WrongInputTypeInTranformerPipeline(
                    expectedType: String(describing: InputContentType.self),
                    actualType: String(describing: type(of: entity.content)))
                return .failure(RequestError(cause: cause, entity: entity))
            }
        }
        do {
            guard let result = try processor(entity.withContent(typedContent)) else {
                let cause = RequestError.Cause.TransformerReturnedNil()
                return .failure(RequestError(cause: cause, entity: entity))
            }
            return .success(entity.withContent(result as Any))
        } catch let error as RequestError {
            return .failure(error)
        } catch {
            return .failure(RequestError(userMessage: RequestError.describe(error), cause: error, entity: entity))
        }
    }
}
