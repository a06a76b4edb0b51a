import TUICore

/// A named colour role in a theme. Views ask for roles, never for concrete colours.
///
/// The raw value is the slot's path in a theme file (`colors.accent`, `json.key`,
/// `methods.POST`), which is also how error messages name it.
public enum ThemeSlot: String, CaseIterable, Sendable {
    /// Screen background.
    case background = "colors.background"
    /// Pane background.
    case surface = "colors.surface"
    /// Normal text.
    case text = "colors.text"
    /// Secondary text, punctuation, hints.
    case muted = "colors.muted"
    /// Titles and highlights.
    case accent = "colors.accent"
    /// Pane borders.
    case border = "colors.border"
    /// The focused pane's border and the cursor line.
    case focus = "colors.focus"
    /// Successful outcomes (`newData`, 2xx).
    case success = "colors.success"
    /// Warnings (stale data, 3xx/4xx, escaped characters).
    case warning = "colors.warning"
    /// Errors.
    case error = "colors.error"
    /// Loading state and the spinner.
    case loading = "colors.loading"
    /// JSON object keys.
    case jsonKey = "json.key"
    /// JSON strings.
    case jsonString = "json.string"
    /// JSON numbers.
    case jsonNumber = "json.number"
    /// JSON `true` / `false`.
    case jsonBoolean = "json.boolean"
    /// JSON `null`.
    case jsonNull = "json.null"
    /// The GET method.
    case methodGet = "methods.GET"
    /// The POST method.
    case methodPost = "methods.POST"
    /// The PUT method.
    case methodPut = "methods.PUT"
    /// The PATCH method.
    case methodPatch = "methods.PATCH"
    /// The DELETE method.
    case methodDelete = "methods.DELETE"
}
