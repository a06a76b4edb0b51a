import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Assembles the `URLRequest` of one attempt from a service and a request.
struct URLRequestBuilder<RequestType: Request, Service: HttpService> {

    let request: RequestType
    let service: Service

    /// Builds URL, header (asking the async header provider), body, timeout, then `prepare`.
    func build() async throws(Squid.Error) -> URLRequest {
        let url = try RequestURL.make(service: service, routes: request.routes, query: request.query)
        return try build(url: url, header: try await HeaderBridge.fields(of: service, for: request.header))
    }

    /// Builds the request of a service known to have no `async` header (see
    /// ``HeaderBridge/isHeaderless(_:)``) without awaiting anything.
    func buildHeaderless() throws(Squid.Error) -> URLRequest {
        let url = try RequestURL.make(service: service, routes: request.routes, query: request.query)
        return try build(url: url, header: try HeaderBridge.fields(of: service, asyncHeader: [:], for: request.header))
    }

    private func build(url: URL, header: HttpHeader) throws(Squid.Error) -> URLRequest {

        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        for (field, value) in header.fields {
            urlRequest.setValue(value, forHTTPHeaderField: field.name)
        }
        urlRequest.timeoutInterval = request.timeout ?? service.sessionConfiguration.timeout

        let body = request.body
        if !request.method.allowsBody, !(body is HttpData.Empty) {
            throw .invalidRequest(message: "a \(request.method) request must not have a body (\(body))")
        }
        do {
            try body.add(to: &urlRequest)
        } catch let error as Squid.Error {
            throw error
        } catch {
            throw .encodingFailed(message: "\(body): \(error)")
        }
        return request.prepare(urlRequest)
    }
}
