/// One stage of the pipeline: an ordered list of transformers and, optionally, a persistent
/// cache that stores this stage's output.
public struct PipelineStage: Sendable {
    private(set) var transformers: [any ResponseTransformer] = []
    private(set) var cache: AnyEntityCache?

    /// Creates an empty stage.
    public init() {}

    /// Appends a transformer that applies to responses whose content type matches one of
    /// `contentTypes` (patterns such as `"*/json"`, `"*/*+json"`, `"text/*"`; `"*/*"` for all).
    public mutating func add(_ transformer: any ResponseTransformer, contentTypes: [String] = ["*/*"]) {
        if contentTypes == ["*/*"] {
            transformers.append(transformer)
        } else {
            transformers.append(ContentTypeMatchTransformer(contentTypes: contentTypes, wrapped: transformer))
        }
    }

    /// Removes all of this stage's transformers. The cache stays.
    public mutating func removeTransformers() {
        transformers.removeAll()
    }

    /// Stores this stage's output in `cache` and reads from it when a resource is first used.
    /// Replaces any previous cache of this stage.
    public mutating func cacheUsing<T: EntityCache>(_ cache: T) {
        self.cache = AnyEntityCache(cache)
    }

    /// Removes this stage's cache, if any.
    public mutating func doNotCache() {
        cache = nil
    }

    func process(_ response: Response) -> Response {
        transformers.reduce(response) { $1.process($0) }
    }
}
