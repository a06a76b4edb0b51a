extension Comment {
    /// The JSON form, used both alone and in lists:
    /// `{"id", "postId", "name", "email", "body", "url", "post"}`.
    var json: JSONValue {
        .object([
            "id": .int(id),
            "postId": .int(postId),
            "name": .string(name),
            "email": .string(email),
            "body": .string(body),
            "url": .string(path),
            "post": .string("/posts/\(postId)"),
        ])
    }
}
