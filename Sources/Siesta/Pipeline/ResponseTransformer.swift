/// One step of the response pipeline: turns a response into another response.
///
/// Transformers run off the main actor, so they must be `Sendable` and must not touch
/// main-actor state. Most code uses ``ResponseContentTransformer`` (via
/// `Service.configureTransformer(...)`) instead of adopting this protocol directly.
public protocol ResponseTransformer: Sendable {
    /// Returns the transformed response. Return the input unchanged to pass it through.
    func process(_ response: Response) -> Response
}
