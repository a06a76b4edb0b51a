import NIOConcurrencyHelpers
@preconcurrency import OpenCombine

/// Connects the two forms of ``HttpService/asyncHeader``: each default reads the other form, and
/// a task-local marker notices when the other form is a default too, so that a service
/// implementing neither gets an empty header instead of an endless loop.
enum HeaderBridge {

    /// Which default of which service type is reading the other form right now.
    struct Reading: Sendable, Equatable {
        let service: ObjectIdentifier
        let fromAsync: Bool
    }

    @TaskLocal static var reading: Reading?

    /// The service types found to implement neither form: their `async` header is always empty,
    /// so an attempt can be built without awaiting it.
    private static let headerless = NIOLockedValueBox<Set<ObjectIdentifier>>([])

    /// Whether `Service` is known to implement neither form (found the first time its header is
    /// read through both defaults).
    static func isHeaderless<Service: HttpService>(_: Service.Type) -> Bool {
        let id = ObjectIdentifier(Service.self)
        return headerless.withLockedValue { $0.contains(id) }
    }

    /// The `async` default: awaits the future form.
    static func asyncHeader<Service: HttpService>(of service: Service) async throws -> HttpHeader {
        let id = ObjectIdentifier(Service.self)
        if reading == Reading(service: id, fromAsync: false) {
            return [:]
        }
        let future = $reading.withValue(Reading(service: id, fromAsync: true)) {
            service.asyncHeader as Future<HttpHeader, Error>
        }
        guard let result = await future.firstResult() else {
            try Task.checkCancellation()
            return [:]
        }
        return try result.get()
    }

    /// The future default: evaluates the `async` form on a new task.
    static func futureHeader<Service: HttpService>(of service: Service) -> Future<HttpHeader, Error> {
        let id = ObjectIdentifier(Service.self)
        if reading == Reading(service: id, fromAsync: true) {
            // Only the `async` default reads this default with that marker: both are defaults.
            _ = headerless.withLockedValue { $0.insert(id) }
            return Future { promise in promise(.success([:])) }
        }
        return Future { promise in
            let promise = UncheckedSendable(promise)
            Task {
                do {
                    let header = try await $reading.withValue(Reading(service: id, fromAsync: false)) {
                        try await service.asyncHeader as HttpHeader
                    }
                    promise.value(.success(header))
                } catch {
                    promise.value(.failure(error))
                }
            }
        }
    }

    /// The header fields one attempt sends: the service's, then its `async` header, then the
    /// request's, later ones replacing earlier ones of the same name; refused when a value
    /// holds a line break or NUL, or a name is not an RFC 9110 token.
    static func fields<Service: HttpService>(
        of service: Service, for requestHeader: HttpHeader
    ) async throws(Squid.Error) -> HttpHeader {
        let asyncHeader: HttpHeader
        do {
            asyncHeader = try await header(for: service)
        } catch {
            throw .headerFailed(error)
        }
        return try fields(of: service, asyncHeader: asyncHeader, for: requestHeader)
    }

    /// The header fields of one attempt, given the service's `async` header (see
    /// ``fields(of:for:)``).
    static func fields<Service: HttpService>(
        of service: Service, asyncHeader: HttpHeader, for requestHeader: HttpHeader
    ) throws(Squid.Error) -> HttpHeader {
        let header = service.header + asyncHeader + requestHeader
        if let field = header.firstInvalidField {
            throw .invalidRequest(message: "the value of header field \(field.name) contains a line break or NUL")
        }
        if let field = header.fields.first(where: { !isToken($0.field.name) }) {
            throw .invalidRequest(message: "\"\(field.field.name)\" is not a valid header field name")
        }
        return header
    }

    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { headerTokenCharacters.contains($0) }
    }

    /// Reads the header for one attempt, with no marker inherited from an enclosing read.
    static func header<Service: HttpService>(for service: Service) async throws -> HttpHeader {
        try await $reading.withValue(nil) {
            try await service.asyncHeader as HttpHeader
        }
    }
}

/// The characters allowed in a header field name (RFC 9110 `token`).
private let headerTokenCharacters = Set(
    "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
)
