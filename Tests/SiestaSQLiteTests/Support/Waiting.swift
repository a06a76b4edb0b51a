import Foundation
import Siesta
import SiestaSQLite
import Testing

/// Waits for a request to complete and returns its outcome.
@MainActor
@discardableResult
func completion(of request: any Request) async -> ResponseInfo {
    await withCheckedContinuation { continuation in
        request.onCompletion { continuation.resume(returning: $0) }
    }
}

/// Returns once every block queued on the cache's work queue so far has run (Siesta writes
/// to the cache asynchronously on that queue).
func drain(_ cache: SQLiteEntityCache) async {
    await withCheckedContinuation { continuation in
        cache.workQueue.async { continuation.resume() }
    }
}

/// The entity of a successful response, or `nil`.
func entity(of info: ResponseInfo) -> Entity<Any>? {
    if case .success(let entity) = info.response { return entity }
    return nil
}
