/// The state of the response viewer: a scrollable overlay showing a form request's whole
/// response, opened with `Ctrl-R` from the form once a response arrived. `Esc` returns to the
/// form, which is kept here unchanged.
public struct ResponseViewer {
    /// The form to return to.
    public var form: RequestForm
    /// The response shown.
    public var response: FormResponse
    /// The first visible line (0 is the status line; headers and then the body follow).
    public var top = 0
    /// The first visible column of body lines.
    public var left = 0

    /// Creates a viewer at the top of the response.
    public init(form: RequestForm, response: FormResponse) {
        self.form = form
        self.response = response
    }
}
