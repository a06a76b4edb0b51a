import Foundation
import SiestaSQLite

/// Returns once every block queued on the cache's work queue so far has run (Siesta writes
/// to the cache asynchronously on that queue).
func drain(_ cache: SQLiteEntityCache) async {
    await withCheckedContinuation { continuation in
        cache.workQueue.async { continuation.resume() }
    }
}
