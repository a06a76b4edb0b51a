import Squid

/// Awaits `response` and returns the error it failed with, or `nil` if it produced a value.
func failure<R: Request, E: Error>(_ response: Response<R, E>) async -> E? {
    do throws(E) {
        _ = try await response.value
        return nil
    } catch {
        return error
    }
}
