extension User {
    /// The full JSON form: `{"id", "username", "name", "email", "url", "posts"}`.
    var json: JSONValue {
        .object([
            "id": .int(id),
            "username": .string(username),
            "name": .string(name),
            "email": .string(email),
            "url": .string(path),
            "posts": .string("\(path)/posts"),
        ])
    }

    /// The form used in lists: `{"id", "username", "name", "url"}`.
    var summaryJSON: JSONValue {
        .object(["id": .int(id), "username": .string(username), "name": .string(name), "url": .string(path)])
    }
}
