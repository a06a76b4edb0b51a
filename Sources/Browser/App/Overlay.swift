/// What is drawn over the main screen and takes the keys while open. `Esc` closes any overlay.
public indirect enum Overlay {
    /// The key help for the mode underneath: the main view (`nil`) or the overlay it was opened
    /// from (a form, the response viewer), which comes back when the help closes.
    case help(over: Overlay?)
    /// A request form.
    case form(RequestForm)
    /// A one-line prompt.
    case prompt(Prompt)
    /// The whole response of a form request, over the form it came from.
    case response(ResponseViewer)
    /// "DELETE this URL?" waiting for y/n.
    case confirmDelete(url: String)
    /// A read-only text or body (curl command, past body, diff, cookies).
    case viewer(TextViewer)
    /// A list to pick from (history, saved requests, environments).
    case picker(Picker)
    /// The current URL's query parameters, one a line (`Q`).
    case query(QueryEditor)
    /// A yes/no question about an item of a list ("delete this saved request?").
    case confirm(question: String, yes: WorkspaceCommand, returnTo: Overlay?)
}
