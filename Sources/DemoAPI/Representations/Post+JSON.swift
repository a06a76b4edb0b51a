extension Post {
    /// The full JSON form: `{"id", "userId", "title", "body", "url", "user", "comments"}`.
    var json: JSONValue {
        .object([
            "id": .int(id),
            "userId": .int(userId),
            "title": .string(title),
            "body": .string(body),
            "url": .string(path),
            "user": .string("/users/\(userId)"),
            "comments": .string("\(path)/comments"),
        ])
    }

    /// The form used in lists: `{"id", "userId", "title", "url"}`.
    var summaryJSON: JSONValue {
        .object(["id": .int(id), "userId": .int(userId), "title": .string(title), "url": .string(path)])
    }
}
