/// What a ``ResponseContentTransformer`` does when the content it receives is not of its input
/// type.
public enum InputTypeMismatchAction: Sendable {
    /// Fail the response with ``RequestError/Cause/WrongInputTypeInTranformerPipeline``.
    case error
    /// Pass the response through untouched.
    case skip
    /// Pass it through if the content already has the output type; otherwise fail.
    case skipIfOutputTypeMatches
}
