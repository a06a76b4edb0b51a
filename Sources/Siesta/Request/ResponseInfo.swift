/// A response together with whether it carries new data.
public struct ResponseInfo: Sendable {
    /// The response.
    public var response: Response

    /// False when the response confirmed data already held locally (HTTP 304 Not Modified);
    /// true otherwise, including for errors.
    public var isNew: Bool

    /// Creates a response info.
    ///
    /// - Parameters:
    ///   - response: The response.
    ///   - isNew: Whether it carries new data; true by default.
    public init(response: Response, isNew: Bool = true) {
        self.response = response
        self.isNew = isNew
    }

    /// The response info of a request cancelled before it completed.
    public static var cancellation: ResponseInfo {
        ResponseInfo(
            response: .failure(
                RequestError(
                    userMessage: "Request cancelled",
                    cause: RequestError.Cause.RequestCancelled(networkError: nil))))
    }
}
