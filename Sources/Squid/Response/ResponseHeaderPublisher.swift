@preconcurrency import OpenCombine

/// The publisher behind ``Response/header``: subscribers attach to the response itself, so they
/// share its one request.
struct ResponseHeaderPublisher<RequestType: Request, Failure: Swift.Error>: Publisher {

    typealias Output = [String: String]

    let response: Response<RequestType, Failure>

    func receive<S: Subscriber>(subscriber: S) where S.Input == [String: String], S.Failure == Failure {
        response.receiveHeader(subscriber: subscriber)
    }
}
