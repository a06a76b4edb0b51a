import Siesta

extension ThemeSlot {
    /// The slot for an HTTP method; `muted` for methods without a slot of their own (and for
    /// the local override form, which has none).
    public static func method(_ method: RequestMethod?) -> ThemeSlot {
        switch method {
        case .get: return .methodGet
        case .post: return .methodPost
        case .put: return .methodPut
        case .patch: return .methodPatch
        case .delete: return .methodDelete
        case .head, .options, nil: return .muted
        }
    }
}
