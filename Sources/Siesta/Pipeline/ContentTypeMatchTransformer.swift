/// Applies a transformer only to entities whose content type matches one of the given patterns
/// (`*/json`, `text/*`, `*/*`…). For failures, the error entity's content type decides.
struct ContentTypeMatchTransformer: ResponseTransformer {
    let contentTypes: [String]
    let wrapped: any ResponseTransformer

    func process(_ response: Response) -> Response {
        let contentType: String?
        switch response {
        case .success(let entity): contentType = entity.contentType
        case .failure(let error): contentType = error.entity?.contentType
        }
        guard let contentType,
            contentTypes.contains(where: { MediaType.matches(contentType, pattern: $0) })
        else { return response }
        return wrapped.process(response)
    }
}
