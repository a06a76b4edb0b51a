import Foundation
import Siesta

/// Waits for a request to complete and returns its outcome.
@MainActor
@discardableResult
public func completion(of request: any Request) async -> ResponseInfo {
    await withCheckedContinuation { continuation in
        request.onCompletion { continuation.resume(returning: $0) }
    }
}

/// The entity of a successful response, or `nil`.
public func entity(of info: ResponseInfo) -> Entity<Any>? {
    if case .success(let entity) = info.response { return entity }
    return nil
}

/// The error of a failed response, or `nil`.
public func error(of info: ResponseInfo) -> RequestError? {
    if case .failure(let error) = info.response { return error }
    return nil
}
