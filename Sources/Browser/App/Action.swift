/// Everything that can change `BrowserState`: keys, terminal changes, and Siesta news.
public enum Action {
    /// A key press.
    case key(Key)
    /// Pasted text (inserted as-is into the focused editor).
    case paste(String)
    /// The terminal now has this size.
    case resize(width: Int, height: Int)
    /// Time passed (spinner and ages); `now` is seconds since 1970.
    case tick(now: Double)
    /// A resource changed; `event` is the `ResourceEvent`'s Siesta name.
    case resourceChanged(ResourceSnapshot, event: String)
    /// The resource list of the service changed (`cachedResources`), in order.
    case resourcesListed([ResourceSnapshot])
    /// `navigate` resolved to this URL and it is now shown.
    case navigated(url: String)
    /// A request hook fired for a form request (`onSuccess`, `onFailure`, …).
    case requestHook(name: String, url: String, method: String, status: Int?, detail: String, succeeded: Bool)
    /// A form request finished; the form shows the outcome, and `response` (when given) can be
    /// opened in the response viewer.
    case formFinished(RequestForm.Outcome, response: FormResponse? = nil)
    /// A background search found more, or finished; ignored unless `generation` is the current
    /// search's.
    case searchUpdate(generation: Int, BodySearch.Update)
    /// A note for the Events pane and status line (saved SVG, copied curl, config errors).
    case note(String, isError: Bool)
}
