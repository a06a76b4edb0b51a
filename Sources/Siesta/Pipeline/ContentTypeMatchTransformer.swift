/// Applies a transformer only to entities whose content type matches one of the given patterns
/// (`*/json`, `text/*`, `*/*`…). For failures, the error entity's content type decides.
struct ContentTypeMatchTransformer: ResponseTransformer {
    let contentTypes: [String]
    let wrapped: any ResponseTransformer
    private let patterns: [[UInt8]]

    init(contentTypes: [String], wrapped: any ResponseTransformer) {
        self.contentTypes = contentTypes
        self.wrapped = wrapped
        patterns = contentTypes.map(MediaType.patternBytes)
    }

    func process(_ response: Response) -> Response {
        let contentType: String?
        switch response {
        case .success(let entity): contentType = entity.contentType
        case .failure(let error): contentType = error.entity?.contentType
        }
        guard let contentType, MediaType.matches(MediaType.strippedBytes(of: contentType), anyOf: patterns)
        else { return response }
        return wrapped.process(response)
    }
}
