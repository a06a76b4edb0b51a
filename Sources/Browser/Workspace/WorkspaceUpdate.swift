/// What ``WorkspaceSession`` reports back after carrying out a ``WorkspaceCommand``.
public enum WorkspaceUpdate {
    /// The items of an open list arrived (or changed).
    case listed(Picker.Purpose, [PickerItem], message: String?)
    /// Show this text or body in a viewer (a past body, a diff, cookies, a curl command).
    case show(TextViewer)
    /// Open this form (a re-sent or saved request that is not a GET, an imported curl command).
    case openForm(RequestForm)
    /// Go to this URL and `load()` it, fresh data or not (a re-sent GET).
    case go(String)
    /// The environment in use changed.
    case environmentChanged(String?)
    /// An exchange was written to the history: an open history list is listed again.
    case historyRecorded
    /// The JSONPath expressions kept from earlier runs, oldest first, by API origin.
    case queriesLoaded([String: [String]])
}
