/// The groups keys are listed in, in `?` help and `hammock --help`, in this order.
public enum KeyGroup: String, CaseIterable, Sendable {
    /// Siesta's calls on the resource in focus.
    case siesta
    /// Going from resource to resource and between panes.
    case navigation
    /// Moving in, searching and reading the body shown.
    case body
    /// Writes: forms, curl.
    case requests
    /// History, saved requests, environments, cookies.
    case workspace
    /// The API description: operations and schema checks.
    case api
    /// The watch board, changes and the session's export.
    case watching
    /// Themes, help, the screen, quitting.
    case program

    /// The heading shown above the group's keys.
    public var title: String {
        switch self {
        case .siesta: return "Siesta calls"
        case .navigation: return "Going places"
        case .body: return "The body"
        case .requests: return "Requests"
        case .workspace: return "History, collections, environments"
        case .api: return "The API description"
        case .watching: return "Watching"
        case .program: return "The program"
        }
    }
}
