import Foundation
import Siesta
import Workspace

extension BrowserState {
    // MARK: the description

    /// A description was found: kept, said in Events, and the tree follows it when open.
    mutating func applyDescription(_ api: APIState) {
        self.api = api
        let count = api.description.operations.count
        log(
            EventLogEntry(
                time: now, name: "openapi", resource: api.source,
                detail: "\(api.title): \(count) operation\(count == 1 ? "" : "s") (O lists them)", kind: .note))
        for warning in api.description.warnings.prefix(20) {
            log(EventLogEntry(time: now, name: "openapi", resource: "", detail: warning, kind: .note))
        }
        let items = operationItems()
        let message = operationsMessage
        updatePicker(.operations) { picker in
            picker.items = items
            picker.isLoading = false
            picker.message = message
        }
    }

    /// The operation the request `method url` is, with its path parameters.
    public func matchedOperation(method: String = "GET", url: String) -> APIOperationMatch? {
        guard let api, let parsed = URL(string: url) else { return nil }
        return api.description.operation(method: method, url: parsed)
    }

    /// Works out ``currentOperation`` when the current URL has changed.
    mutating func refreshCurrentOperation() {
        guard api != nil, let url = currentURL else {
            if currentOperation != nil { currentOperation = nil }
            return
        }
        if currentOperation?.url == url { return }
        currentOperation = (url, matchedOperation(url: url)?.operation)
    }

    // MARK: the tree

    /// `O`: the operations by tag, the cursor on the one the current URL is.
    mutating func openOperations() -> [Command] {
        guard api != nil else {
            status = StatusMessage(
                "no API description for \(serviceBaseURL): none was named by a Link header or found at the usual "
                    + "places (--openapi FILE|URL names one)", isError: true)
            return []
        }
        var picker = Picker(purpose: .operations, items: operationItems(), isLoading: false)
        picker.message = operationsMessage
        if let url = currentURL, let match = matchedOperation(url: url),
            let index = picker.visibleItems.firstIndex(where: {
                Self.operationID(ofItem: $0.id) == Self.key(match.operation)
            })
        {
            picker.cursor = index
        } else {
            picker.moveToFirst()
        }
        open(picker)
        return []
    }

    /// The line under the tree: the description's title and source.
    var operationsMessage: String? {
        guard let api else { return nil }
        return "\(api.title) · \(api.description.operations.count) operations · from \(api.source)"
    }

    /// The rows of the tree: a group per tag (declared tags in order, then the others, then
    /// `untagged`), each with its operations: method, path, summary, `deprecated`.
    func operationItems() -> [PickerItem] {
        guard let description = api?.description else { return [] }
        var order = description.tags.map(\.name)
        var byTag: [String: [APIOperation]] = [:]
        for operation in description.operations {
            let tags = operation.tags.isEmpty ? [Self.untagged] : operation.tags
            for tag in tags {
                if byTag[tag] == nil, !order.contains(tag) { order.append(tag) }
                byTag[tag, default: []].append(operation)
            }
        }
        if let index = order.firstIndex(of: Self.untagged) { order.append(order.remove(at: index)) }
        var items: [PickerItem] = []
        for tag in order {
            guard let operations = byTag[tag] else { continue }
            let about = description.tags.first { $0.name == tag }?.description ?? ""
            items.append(
                PickerItem(
                    id: "tag " + tag, label: tag,
                    detail: "\(operations.count)" + (about.isEmpty ? "" : " · " + about), isGroup: true))
            for operation in operations {
                let method = operation.method.padding(toLength: 7, withPad: " ", startingAt: 0)
                // The id too, so that typing it finds the operation.
                let id = operation.id == Self.key(operation) ? "" : operation.id
                var detail = [id, operation.summary ?? ""].filter { !$0.isEmpty }.joined(separator: " · ")
                if operation.isDeprecated { detail = "deprecated · " + detail }
                items.append(
                    PickerItem(
                        id: tag + Self.itemSeparator + Self.key(operation), label: method + operation.path,
                        detail: detail, isProblem: operation.isDeprecated, depth: 1))
            }
        }
        return items
    }

    static let untagged = "untagged"
    /// The most checks kept before those of forgotten resources are dropped.
    static let maximumSchemaChecks = 2000
    static let itemSeparator = "\u{1F}"

    /// What tells an operation apart in the tree: its method and path template (an
    /// `operationId` may repeat in a careless description; these cannot).
    static func key(_ operation: APIOperation) -> String { operation.method + " " + operation.path }

    /// The operation's key (``key(_:)``) in a tree row's id (`tag␟GET /pets`).
    static func operationID(ofItem id: String) -> String {
        guard let range = id.range(of: itemSeparator) else { return id }
        return String(id[range.upperBound...])
    }

    /// Enter in the tree: a GET that needs nothing more loads as a resource; anything else opens
    /// a form filled from the description.
    mutating func openOperation(itemID: String) -> LayerResponse {
        let id = Self.operationID(ofItem: itemID)
        guard let api, let operation = api.description.operations.first(where: { Self.key($0) == id }) else {
            return .handled
        }
        let request = OperationRequest(operation: operation, in: api.description, baseURL: apiBaseURL)
        if operation.method == "GET", request.needsNothing {
            return .close([.navigate(path: request.definition.url, from: nil)])
        }
        var form = RequestForm(definition: request.definition)
        form.schema = request.bodySchemaText
        form.guide = request.guide
        status = StatusMessage(request.statusLine)
        return .replace(with: form)
    }

    /// Where the description's first server is, as an absolute URL (the service's base URL when
    /// the description names none, or only a path).
    var apiBaseURL: String {
        let server = api?.description.servers.first?.resolvedURL() ?? ""
        guard let base = URL(string: serviceBaseURL), let resolved = URL(string: server, relativeTo: base)
        else { return serviceBaseURL }
        return resolved.absoluteString
    }

    /// Ctrl-E in the tree: the operation in full, in a viewer over the tree.
    func describeOperation(itemID: String) -> LayerResponse {
        let id = Self.operationID(ofItem: itemID)
        guard let api, let operation = api.description.operations.first(where: { Self.key($0) == id }) else {
            return .handled
        }
        let text = OperationRequest.describe(operation, in: api.description)
        return .open(TextViewer(title: "\(operation.method) \(operation.path)", note: operation.id, text: text))
    }

    // MARK: checks

    /// A response was checked: kept for the border and `V`, said in Events when it is news.
    mutating func applySchemaCheck(_ check: SchemaCheck) {
        // A GET is the resource's own check (its border, V); a write's is kept apart.
        let key = check.method == "GET" ? check.url : check.method + " " + check.url
        let before = schemaChecks[key]
        if before == nil, schemaChecks.count >= Self.maximumSchemaChecks {
            // Kept for the resources still known; the others' checks go.
            schemaChecks = schemaChecks.filter { resources[$0.value.url] != nil }
        }
        schemaChecks[key] = check
        guard before?.badge != check.badge || before?.status != check.status else { return }
        log(
            EventLogEntry(
                time: now, name: check.isViolated ? "schema ✗" : "schema", resource: displayPath(check.url),
                detail: check.summary, kind: check.isViolated ? .error : .note))
    }

    /// `V`: the check of the resource shown, whole.
    mutating func showSchemaCheck() {
        guard let url = currentURL else { return }
        guard let check = schemaChecks[url] else {
            if api == nil {
                status = StatusMessage("no API description: responses are not checked (--openapi names one)")
            } else if matchedOperation(url: url) == nil {
                status = StatusMessage("\(displayPath(url)) is not an operation of the description: nothing to check")
            } else {
                status = StatusMessage("\(displayPath(url)) has not been checked yet (its data has not arrived)")
            }
            return
        }
        open(
            TextViewer(
                title: "schema check · \(displayPath(url))", note: check.badge, text: check.report, kind: .diff))
    }
}
