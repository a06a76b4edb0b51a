import Squid

/// Runs `body` and returns the error it threw, or `nil` if it returned a value.
func failure<T, E: Error>(of body: () async throws(E) -> T) async -> E? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}
