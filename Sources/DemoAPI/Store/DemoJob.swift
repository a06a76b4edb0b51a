/// A job started with `POST /jobs`: pending until it has been polled `steps` times, then done.
struct DemoJob: Equatable, Sendable {
    /// The job's id, unique among jobs, assigned by the store.
    let id: Int
    /// How many polls it takes to finish (the last one answers `done`).
    let steps: Int
    /// How many polls it has had, at most ``steps``.
    var polls = 0

    /// True once it has been polled ``steps`` times.
    var isDone: Bool { polls >= steps }

    /// The path of this job.
    var path: String { "/jobs/\(id)" }

    /// The body of `GET /jobs/{id}`: `{"id", "status": "pending", "polls"}` while pending, and
    /// `{"id", "status": "done", "polls", "result": {"steps", "message"}}` once done.
    var json: JSONValue {
        var object: [String: JSONValue] = [
            "id": .int(id), "status": .string(isDone ? "done" : "pending"), "polls": .int(polls),
        ]
        if isDone {
            object["result"] = .object([
                "steps": .int(steps), "message": .string("Job \(id) finished after \(steps) polls."),
            ])
        }
        return .object(object)
    }
}
