/// The sequence of stages a response goes through before it reaches a resource or a request
/// hook: bytes are parsed into text or JSON, which becomes models.
///
/// ```swift
/// service.configure {
///     $0.pipeline[.parsing].add(MyCSVTransformer(), contentTypes: ["text/csv"])
///     $0.pipeline[.rawData].cacheUsing(try! SQLiteEntityCache(fileURL: url))
/// }
/// ```
///
/// The pipeline runs off the main actor; only its result hops back.
public struct Pipeline: Sendable {
    private var stages: [PipelineStageKey: PipelineStage] = [:]

    /// The order the stages run in. Stages not listed here do not run. Assigning a new order
    /// keeps the contents of every stage.
    public var order: [PipelineStageKey] = [.rawData, .decoding, .parsing, .model, .cleanup]

    /// Creates a pipeline with the standard, empty stages.
    public init() {}

    /// The stage with the given key; an empty stage if it was never touched. Setting a stage
    /// whose key is not in ``order`` appends the key to the order.
    public subscript(key: PipelineStageKey) -> PipelineStage {
        get { stages[key] ?? PipelineStage() }
        set {
            if !order.contains(key) { order.append(key) }
            stages[key] = newValue
        }
    }

    /// Removes every transformer from every stage. Caches stay.
    public mutating func removeAllTransformers() {
        for key in stages.keys { stages[key]?.removeTransformers() }
    }

    /// Removes every stage's cache. Transformers stay.
    public mutating func removeAllCaches() {
        for key in stages.keys { stages[key]?.doNotCache() }
    }

    /// Removes every transformer and every cache from every stage; ``order`` stays.
    public mutating func clear() {
        removeAllTransformers()
        removeAllCaches()
    }

    /// Adds one of the standard transformers at its usual stage, for the content types it
    /// usually handles, e.g. to parse JSON for some resources of a service created with
    /// `standardTransformers: []`:
    ///
    /// ```swift
    /// service.configure("/reports/**") { $0.pipeline.add(.json) }
    /// ```
    public mutating func add(_ transformer: StandardTransformer) {
        transformer.install(in: &self)
    }

    /// The stages in order, with their keys.
    var orderedStages: [(key: PipelineStageKey, stage: PipelineStage)] {
        order.map { ($0, self[$0]) }
    }

    /// Runs every stage on the response.
    func process(_ response: Response) -> Response {
        orderedStages.reduce(response) { $1.stage.process($0) }
    }

    /// Runs the stages after `key` (exclusive) on the response; used for cache hits.
    func process(_ response: Response, after key: PipelineStageKey) -> Response {
        guard let index = order.firstIndex(of: key) else { return response }
        return order[(index + 1)...].reduce(response) { self[$1].process($0) }
    }
}
