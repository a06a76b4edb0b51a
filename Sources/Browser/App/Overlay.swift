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
    /// The WebSocket message console (`g ws://…`); leaving it ends the connection.
    case webSocket(WebSocketConsole)
}

extension Overlay {
    /// This overlay with `change` applied to the request form in it: the form itself, or the
    /// form under help, a viewer or a prompt opened from it. Unchanged when there is none.
    func updatingForm(_ change: (inout RequestForm) -> Void) -> Overlay {
        switch self {
        case .form(var form):
            change(&form)
            return .form(form)
        case .help(let under):
            return .help(over: under?.updatingForm(change))
        case .viewer(var viewer):
            viewer.returnTo = viewer.returnTo?.updatingForm(change)
            return .viewer(viewer)
        case .prompt(var prompt):
            switch prompt.purpose {
            case .saveRequest(var form):
                change(&form)
                prompt.purpose = .saveRequest(form)
            case .password(let username, let returnTo):
                prompt.purpose = .password(username: username, returnTo: returnTo?.updatingForm(change))
            default:
                break
            }
            return .prompt(prompt)
        default:
            return self
        }
    }

    /// The request form in this overlay (itself, or under help, a viewer or a prompt), if any.
    var innerForm: RequestForm? {
        switch self {
        case .form(let form): return form
        case .help(let under): return under?.innerForm
        case .viewer(let viewer): return viewer.returnTo?.innerForm
        case .prompt(let prompt):
            switch prompt.purpose {
            case .saveRequest(let form): return form
            case .password(_, let returnTo): return returnTo?.innerForm
            default: return nil
            }
        default: return nil
        }
    }
}
