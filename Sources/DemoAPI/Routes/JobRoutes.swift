import Foundation
import Hummingbird

/// Jobs to poll: `POST /jobs` starts one, `GET /jobs/{id}` reports on it until it is done.
///
/// - `POST /jobs`, optionally with `{"steps": N}` (1 to 100, 3 when left out): `202 Accepted`
///   with `{"id", "status": "pending"}` and `Location: /jobs/<id>`.
/// - `GET /jobs/{id}`: every `GET` is one poll. The first N−1 polls answer
///   `{"id", "status": "pending", "polls": k}`; poll N and every one after it answer
///   `{"id", "status": "done", "polls": N, "result": {"steps", "message"}}`. A `HEAD` is not
///   counted. An unknown id is `404`. Answers carry `Cache-Control: no-cache`.
struct JobRoutes {
    /// The polls a job takes when the body does not say.
    static let defaultSteps = 3
    /// The steps a body may ask for.
    static let stepRange = 1...100

    /// Where the jobs are kept.
    let store: DemoStore

    /// Adds the routes to `router`.
    func register(on router: Router<BasicRequestContext>) {
        let store = self.store
        router.post("jobs") { request, _ in
            let job = store.createJob(steps: try await Self.steps(of: request))
            return try ResponseBuilder.json(
                JSONValue.object(["id": .int(job.id), "status": .string("pending")]), status: .accepted,
                headers: [.location: job.path], for: request)
        }
        router.get("jobs/:id") { request, context in
            let text = context.parameters.get("id") ?? ""
            guard let id = Int(text), let job = store.pollJob(id: id, counts: request.method != .head) else {
                throw APIError(.notFound, "There is no job with id \"\(text)\"; POST /jobs starts one.")
            }
            return try ResponseBuilder.json(job.json, headers: LiveRoutes.noCache, for: request)
        }
    }

    /// The `steps` of a `POST /jobs` body: ``defaultSteps`` for an empty body or one without
    /// `steps`; a body that is not a JSON object, or steps outside ``stepRange``, is a 400 error.
    private static func steps(of request: Request) async throws -> Int {
        let data = try await RequestBodyReader.data(of: request)
        guard data.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return defaultSteps }
        let fields = try FieldReader(json: try JSONCoding.decodeBody(JSONValue.self, from: data))
        guard let steps = try fields.int("steps") else { return defaultSteps }
        guard stepRange.contains(steps) else {
            throw APIError(
                .badRequest,
                "The field \"steps\" must be an integer from \(stepRange.lowerBound) to \(stepRange.upperBound).")
        }
        return steps
    }
}
