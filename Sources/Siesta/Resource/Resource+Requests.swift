import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Resource {
    /// Alters a `URLRequest` before it is sent. Runs on the main actor, after Siesta applied
    /// the configured headers; what it leaves is what Siesta sends. Reapplied by
    /// ``Request/repeated()``, which is why it is escaping.
    public typealias RequestMutation = @MainActor (inout URLRequest) -> Void

    /// Sends a request for this resource and returns it; attach hooks to learn the outcome.
    ///
    /// Unlike ``load()``, this never changes ``latestData`` or ``latestError`` and never
    /// notifies observers: decide yourself what a response means for the resource (see
    /// `load(using:)` and `overrideLocalContent(with:)`).
    ///
    /// The configured headers are those of `method`; they are set first, so the ad hoc mutation
    /// can override them. If the ad hoc mutation changes the HTTP method, the configured request
    /// mutations come from the configuration of the new method, and so do the request decorators
    /// and the response pipeline (an unknown method counts as GET).
    ///
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - adHocMutation: Changes the request before configured mutations run.
    @discardableResult
    public func request(
        _ method: RequestMethod,
        requestMutation adHocMutation: @escaping RequestMutation = { _ in }
    ) -> any Request {
        guard invalidURLSource == nil else {
            let cause = RequestError.Cause.InvalidRequestURL(
                urlSource: invalidURLSource.flatMap { $0.isEmpty ? nil : $0 })
            return Resource.failedRequest(returning: RequestError(cause: cause))
        }
        return startNetworkRequest { [url, unowned self] in
            .foundation(self.buildRequest(url: url, method: method, adHocMutation: adHocMutation))
        }
    }

    /// Builds, decorates, tracks and starts the network request that `build` describes.
    func startNetworkRequest(_ build: @escaping @MainActor () -> OutgoingRequest) -> any Request {
        // The first build decides the method, hence the configuration; the network request
        // reuses it rather than running the mutations twice, and rebuilds only to repeat.
        let first = build()
        let finalMethod = first.method
        let firstBuild = OneTimeValue(first)
        let networkRequest = NetworkRequest(resource: self, method: finalMethod) {
            firstBuild.take() ?? build()
        }
        let decorated = configuration(for: finalMethod).requestDecorators.reduce(networkRequest as any Request) {
            $1(self, $0)
        }
        trackRequest(decorated)
        decorated.start()
        return decorated
    }

    /// Builds the `URLRequest` of `request(_:requestMutation:)`: configured headers of `method`,
    /// the ad hoc mutation, then the configured mutations of the method it left.
    private func buildRequest(url: URL, method: RequestMethod, adHocMutation: RequestMutation) -> URLRequest {
        var underlying = URLRequest(url: url)
        underlying.httpMethod = method.rawValue
        for (name, value) in configuration(for: method).headers {
            underlying.setValue(value, forHTTPHeaderField: name)
        }
        adHocMutation(&underlying)
        for mutation in configuration(for: Self.requestMethod(of: underlying)).requestMutators {
            mutation(&underlying)
        }
        return underlying
    }

    /// The method a `URLRequest` will be sent with; GET for a method Siesta does not know.
    private static func requestMethod(of request: URLRequest) -> RequestMethod {
        request.httpMethod.flatMap { RequestMethod(token: $0) } ?? .get
    }

    /// Creates, but does **not** start, a request whose work is done by custom logic: wrap a
    /// third-party library's call, a local computation or a delay so that it can be chained
    /// (``Request/chained(whenCompleted:)``), returned from a request decorator, repeated and
    /// cancelled like any other request.
    ///
    /// ```swift
    /// let login = Resource.prepareRequest(using: OAuthDelegate(flow: flow))
    /// let request = resource.request(.get).chained { info in
    ///     guard case .failure(let error) = info.response, error.httpStatusCode == 401 else {
    ///         return .useThisResponse
    ///     }
    ///     return .passTo(login)  // passTo starts it
    /// }
    /// ```
    ///
    /// The request is not tied to a resource: it changes no resource state and the response
    /// pipeline does not apply to it.
    public static func prepareRequest(using delegate: any RequestDelegate) -> any Request {
        LiveRequest(delegate: delegate)
    }

    /// Sends a request with a raw body.
    ///
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - data: The body.
    ///   - contentType: The `Content-Type` header value; a mutation may still change it.
    ///   - requestMutation: Changes the request before configured mutations run.
    @discardableResult
    public func request(
        _ method: RequestMethod,
        data: Data,
        contentType: String,
        requestMutation: @escaping RequestMutation = { _ in }
    ) -> any Request {
        request(method) { underlying in
            underlying.httpBody = data
            underlying.setValue(contentType, forHTTPHeaderField: "Content-Type")
            requestMutation(&underlying)
        }
    }

    /// Sends a request with a text body, encoded with `encoding` and labelled with its charset
    /// (`text/plain; charset=utf-8` by default). Text the encoding cannot hold fails the request
    /// at once through `onFailure`, without touching the network.
    @discardableResult
    public func request(
        _ method: RequestMethod,
        text: String,
        contentType: String = "text/plain",
        encoding: String.Encoding = String.Encoding.utf8,
        requestMutation: @escaping RequestMutation = { _ in }
    ) -> any Request {
        guard let data = text.data(using: encoding, allowLossyConversion: false) else {
            let cause = RequestError.Cause.UnencodableText(encoding: encoding, text: text)
            return Resource.failedRequest(returning: RequestError(cause: cause))
        }
        let charset = TextEncodingName.name(of: encoding).map { "; charset=\($0)" } ?? ""
        return request(method, data: data, contentType: contentType + charset, requestMutation: requestMutation)
    }

    /// Sends a request with a JSON body. Accepts dictionaries and arrays, literals included:
    ///
    /// ```swift
    /// resource.request(.post, json: ["foo": [1, 2, 3]])
    /// ```
    ///
    /// A value that is not valid JSON fails the request at once through `onFailure`
    /// (``RequestError/Cause/InvalidJSONObject``), without touching the network. Keys are
    /// written sorted, so equal values give equal bodies.
    @discardableResult
    public func request(
        _ method: RequestMethod,
        json: any JSONConvertible,
        contentType: String = "application/json",
        requestMutation: @escaping RequestMutation = { _ in }
    ) -> any Request {
        guard JSONSerialization.isValidJSONObject(json) else {
            let cause = RequestError.Cause.InvalidJSONObject()
            return Resource.failedRequest(returning: RequestError(cause: cause))
        }
        do {
            let data = try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
            return request(method, data: data, contentType: contentType, requestMutation: requestMutation)
        } catch {
            let cause = RequestError.Cause.UnencodableJSON(encodingError: error)
            return Resource.failedRequest(returning: RequestError(cause: cause))
        }
    }

    /// Sends a request with a JSON object body given as a dictionary (lets heterogeneous
    /// literals such as `["name": "Fred", "age": 3]` type-check).
    @discardableResult
    public func request(
        _ method: RequestMethod,
        json: [String: Any],
        contentType: String = "application/json",
        requestMutation: @escaping RequestMutation = { _ in }
    ) -> any Request {
        request(method, json: json as any JSONConvertible, contentType: contentType, requestMutation: requestMutation)
    }

    /// Sends a request with a JSON array body given as an array (lets heterogeneous literals
    /// type-check).
    @discardableResult
    public func request(
        _ method: RequestMethod,
        json: [Any],
        contentType: String = "application/json",
        requestMutation: @escaping RequestMutation = { _ in }
    ) -> any Request {
        request(method, json: json as any JSONConvertible, contentType: contentType, requestMutation: requestMutation)
    }

    /// Sends a request with an `application/x-www-form-urlencoded` body. Keys and values are
    /// fully escaped (Unicode included); the escaped `key=value` pairs are written sorted.
    @discardableResult
    public func request(
        _ method: RequestMethod,
        urlEncoded params: [String: String],
        requestMutation: @escaping RequestMutation = { _ in }
    ) -> any Request {
        var pairs: [String] = []
        for (key, value) in params {
            guard let escapedKey = FormEncoding.escape(key) else {
                return Self.notURLEncodable(key)
            }
            guard let escapedValue = FormEncoding.escape(value) else {
                return Self.notURLEncodable(value)
            }
            pairs.append(escapedKey + "=" + escapedValue)
        }
        return request(
            method, data: Data(pairs.sorted().joined(separator: "&").utf8),
            contentType: "application/x-www-form-urlencoded", requestMutation: requestMutation)
    }

    private static func notURLEncodable(_ text: String) -> any Request {
        let cause = RequestError.Cause.NotURLEncodable(offendingString: text)
        return failedRequest(returning: RequestError(cause: cause))
    }

    /// A request that has already failed with `error`, without touching the network or the
    /// pipeline: handy for validation before sending.
    public static func failedRequest(returning error: RequestError) -> any Request {
        hardWiredRequest(returning: .failure(error))
    }

    /// A request that has already completed with `response`, without touching the network or
    /// the pipeline.
    public static func hardWiredRequest(returning response: Response) -> any Request {
        HardWiredRequest(returning: ResponseInfo(response: response))
    }
}
