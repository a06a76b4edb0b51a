import Foundation
import HTTPCore
import OrderedJSON
import Safety
import Workspace

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs request files without a screen: each file's requests in order, files `jobs` at a time,
/// the whole set `repeatCount` times; fills `{{variables}}`, sends, checks assertions, captures
/// values, and runs a request another one depends on first when its value is missing or no
/// longer fresh, as `loadIfNeeded()` would: once, however many requests wait for it.
///
/// A request depends on another when it uses `{{other.response…}}`, or a `{{variable}}` that
/// nothing else gives (no `--var`, capture, file variable or environment) and the other request
/// captures. A dependency that is running already is waited for, never sent twice; one that is
/// fresh is not sent again, not even at its own turn in its file.
///
/// Everything it reports has the run's secrets masked (``RunSecrets``).
package actor RunEngine {
    private let transport: HTTPTransport
    private let options: RunOptions
    private let progress: @Sendable (RunProgress) -> Void
    private let clock = ContinuousClock()
    /// The run's secrets; everything reported passes through it.
    package nonisolated let secrets = RunSecrets()

    private var items: [RunItem] = []
    private var captures: [String: RunCapture] = [:]
    private var records: [String: RunRecord] = [:]
    /// The key of the request each name and alias stands for.
    private var keysByName: [String: String] = [:]
    /// The last exchange of the request each name and alias stands for.
    private var recordsByName: [String: RunRecord] = [:]
    private var inFlight: [String: Task<[RunRequestResult], Never>] = [:]
    private var ranAsDependency: Set<String> = []
    private var sentCount = 0

    /// An engine sending with `transport`.
    package init(
        transport: HTTPTransport, options: RunOptions, progress: @escaping @Sendable (RunProgress) -> Void = { _ in }
    ) {
        self.transport = transport
        self.options = options
        self.progress = progress
        for variable in options.environment.variables + options.variables {
            secrets.add(variable.value, named: variable.name)
        }
        for field in options.environment.auth?.fields ?? [] where !field.value.contains("{{") {
            secrets.add(field.value)
        }
    }

    /// Runs `files` and returns what happened. Never throws: every failure is in the result.
    ///
    /// `library` holds other requests (the rest of the collection) that are not run for
    /// themselves but may run first when a request of `files` needs their values.
    package func run(_ files: [RunFile], library: [RunItem] = []) async -> RunResult {
        let started = Date()
        let start = clock.now
        items = files.flatMap(\.items)
        let running = Set(items.map(\.key))
        items += library.filter { !running.contains($0.key) }
        keysByName = [:]
        for item in items {
            for name in [item.name] + item.aliases where keysByName[name] == nil { keysByName[name] = item.key }
        }
        for file in files where file.problem != nil { progress(.unreadable(file)) }
        var results = files.map { RunFileResult(path: $0.path, problem: $0.problem) }
        for _ in 0..<max(1, options.repeatCount) {
            ranAsDependency = []
            let readable = files.enumerated().filter { $0.element.problem == nil }
            await withTaskGroup(of: (Int, [RunRequestResult]).self) { group in
                var next = 0
                func addNext() {
                    guard next < readable.count else { return }
                    let (index, file) = readable[next]
                    next += 1
                    group.addTask { (index, await self.runFile(file)) }
                }
                for _ in 0..<max(1, options.jobs) { addNext() }
                for await (index, requests) in group {
                    results[index].requests += requests
                    addNext()
                }
            }
        }
        return RunResult(startedAt: started, duration: clock.now - start, files: results)
    }

    /// Runs one file's requests in order.
    private func runFile(_ file: RunFile) async -> [RunRequestResult] {
        var results: [RunRequestResult] = []
        var stopped = false
        for item in file.items {
            if stopped {
                let result = RunRequestResult(
                    name: item.name, file: item.file, line: item.line, method: item.definition.method,
                    url: secrets.mask(SecretMasker.maskURL(item.definition.url)),
                    error: "skipped after an earlier request of the file failed (see --continue-on-failure)",
                    outcome: .skipped)
                progress(.finished(result))
                results.append(result)
                continue
            }
            if ranAsDependency.contains(item.key), records[item.key]?.isFresh(at: clock.now) == true {
                // Ran already in this round, for a request that needed it, and still fresh.
                continue
            }
            let ran = await execute(item, asDependency: false, waiting: [])
            results += ran
            if !options.continueOnFailure, ran.contains(where: { $0.outcome == .failed || $0.outcome == .error }) {
                stopped = true
            }
        }
        return results
    }

    /// Runs what `item` depends on, then `item`; the results of both, dependencies first.
    private func execute(_ item: RunItem, asDependency: Bool, waiting: [String]) async -> [RunRequestResult] {
        var results: [RunRequestResult] = []
        for dependency in dependencies(of: item) {
            if waiting.contains(dependency.key) || dependency.key == item.key {
                let cycle = (waiting + [item.key, dependency.key]).compactMap { key in
                    items.first { $0.key == key }?.name
                }
                return results + [
                    failed(item, "its values depend on each other in a cycle: \(cycle.joined(separator: " → "))")
                ]
            }
            results += await runDependency(dependency, waiting: waiting + [item.key])
        }
        results.append(await send(item, asDependency: asDependency))
        return results
    }

    /// Runs `item` for a request that needs its values, or waits for the run already going.
    private func runDependency(_ item: RunItem, waiting: [String]) async -> [RunRequestResult] {
        if let task = inFlight[item.key] {
            _ = await task.value
            return []
        }
        let task = Task { await self.execute(item, asDependency: true, waiting: waiting) }
        inFlight[item.key] = task
        let results = await task.value
        inFlight[item.key] = nil
        ranAsDependency.insert(item.key)
        return results
    }

    /// The requests `item` needs run first: those whose values it uses and that have no fresh
    /// ones, in the order it uses them.
    private func dependencies(of item: RunItem) -> [RunItem] {
        let now = clock.now
        let known = Set((options.environment.variables + item.fileVariables + options.variables).map(\.name))
        var needed: [RunItem] = []
        func add(_ other: RunItem) {
            if !needed.contains(where: { $0.key == other.key }) { needed.append(other) }
        }
        for reference in references(of: item) {
            switch reference {
            case .requestValue(let value):
                guard let other = self.item(named: value.request, near: item) else { continue }
                if records[other.key]?.isFresh(at: now) != true { add(other) }
            case .variable(let name):
                if known.contains(name) { continue }
                if let capture = captures[name], capture.isFresh(at: now) { continue }
                guard
                    let producer = items.first(where: { candidate in
                        candidate.key != item.key && candidate.checks.captures.contains { $0.name == name }
                    })
                else { continue }
                add(producer)
            default:
                continue
            }
        }
        return needed
    }

    /// Every placeholder of `item`: URL, headers, body, assertion values, the environment's auth.
    private func references(of item: RunItem) -> [VariableReference] {
        var texts = [item.definition.url, item.definition.body ?? ""]
        texts += item.definition.headers.flatMap { [$0.name, $0.value] }
        texts += item.checks.assertions
        var result = texts.flatMap { Template($0).references }
        for field in options.environment.auth?.fields ?? [] { result += Template(field.value).references }
        return result
    }

    /// The request named `name` (its name or file stem), preferring one in `item`'s file.
    private func item(named name: String, near item: RunItem) -> RunItem? {
        let matches = items.filter { $0.name == name || $0.aliases.contains(name) }
        return matches.first { $0.file == item.file } ?? matches.first
    }

    // MARK: Sending

    /// Sends `item` (again while `retry` allows and its assertions fail), checks the answer
    /// and records its captures.
    private func send(_ item: RunItem, asDependency: Bool) async -> RunRequestResult {
        let tries = 1 + (item.checks.retry?.count ?? 0)
        var result = failed(item, "it was not sent")
        for attempt in 1...tries {
            if Task.isCancelled { return failed(item, "the run was cancelled") }
            if sentCount > 0, options.delay > .zero { try? await Task.sleep(for: options.delay) }
            sentCount += 1
            progress(.started(item, attempt: attempt, asDependency: asDependency))
            result = await attemptOnce(item, attempt: attempt, asDependency: asDependency)
            if result.outcome == .passed || attempt == tries { break }
            try? await Task.sleep(for: item.checks.retry?.interval ?? .seconds(1))
        }
        progress(.finished(result))
        return result
    }

    private func attemptOnce(_ item: RunItem, attempt: Int, asDependency: Bool) async -> RunRequestResult {
        var variables = options.environment.variables + item.fileVariables
        // The latest values, fresh or not: freshness decides only whether a dependency runs
        // again before a request, as `loadIfNeeded()` does.
        for (name, capture) in captures {
            variables.append(EnvironmentVariable(name: name, value: capture.value))
        }
        variables += options.variables
        let environment = Environment(
            name: options.environment.name, variables: variables, auth: options.environment.auth)
        let snapshot = recordsByName
        let requestValue: @Sendable (RequestValueReference) -> String? = { reference in
            snapshot[reference.request]?.value(of: reference)
        }
        let prepared: RequestDefinition
        do {
            prepared = try environment.prepare(
                item.definition, processEnvironment: options.processEnvironment, requestValue: requestValue)
        } catch {
            if case .passwordNeeded(let user, _) = error {
                return failed(
                    item,
                    "the environment's basic auth has no password for \(user): give one in the environment file "
                        + "(password: \"{{env:NAME}}\")", attempt: attempt, asDependency: asDependency)
            }
            return failed(item, error.message, attempt: attempt, asDependency: asDependency)
        }
        for header in prepared.headers { remember(header) }
        let built: RunRequestBuilder.Built
        do {
            built = try RunRequestBuilder.build(prepared, folder: item.folder, timeout: options.timeout)
        } catch {
            return failed(item, error.description, attempt: attempt, asDependency: asDependency)
        }
        let requestText = secrets.mask(maskedHeaders(built.text))
        let start = clock.now
        let answer: HTTPExchangeResponse
        do throws(HTTPFailure) {
            answer = try await transport.send(built.request, maximumBodySize: options.maximumBodySize)
        } catch {
            var result = failed(item, error.summary, attempt: attempt, asDependency: asDependency)
            result.requestText = requestText
            result.duration = clock.now - start
            return result
        }
        let response = RunResponse(
            status: answer.statusCode, headers: answer.headerFields.map { HeaderField(name: $0.name, value: $0.value) },
            body: answer.body, duration: answer.timing.total, url: answer.url.absoluteString)
        for header in response.headers { remember(header) }
        // Captures first: their values are secrets to mask before anything is shown.
        var captured: [CapturedValue] = []
        var captureError: String?
        var taken: [(String, String)] = []
        for rule in item.checks.captures {
            do {
                let query = try RunQuery.parse(rule.query)
                let value = try RunChecker.capture(query, from: response)
                secrets.add(value, named: rule.name)
                if case .header(let name) = query, SecretMasker.isSecretHeader(name) { secrets.add(value) }
                if case .cookie = query { secrets.add(value) }
                taken.append((rule.name, value))
            } catch let error as RunCaptureError {
                captureError = captureError ?? "capture \(rule.name): \(error.reason)"
            } catch {
                captureError = captureError ?? "capture \(rule.name): \(error)"
            }
        }
        let context = RunCheckContext(
            fill: { text in
                try environment.resolver(
                    processEnvironment: self.options.processEnvironment, requestValue: requestValue
                )
                .resolve(text, in: .body)
            },
            readFile: { [folder = item.folder] path in
                try Data(contentsOf: URL(fileURLWithPath: path.hasPrefix("/") ? path : folder + "/" + path))
            },
            describedCheck: options.checker.map { checker in
                { [method = prepared.method] response in
                    checker.check(
                        method: method, url: response.url, status: response.status,
                        contentType: response.headerValues("Content-Type").first ?? "", body: response.document)
                }
            })
        var outcomes: [AssertionOutcome] = []
        for line in item.checks.assertions {
            do {
                let assertion = try RunAssertion.parse(line)
                outcomes.append(mask(RunChecker.check(assertion, in: response, context: context)))
            } catch {
                outcomes.append(
                    AssertionOutcome(
                        source: line, passed: false, expected: "a valid assertion", actual: error.description))
            }
        }
        let expires = item.checks.freshFor.map { clock.now + $0 }
        if captureError == nil {
            for (name, value) in taken {
                captures[name] = RunCapture(value: value, source: item.key, expires: expires)
                captured.append(CapturedValue(name: name, shownValue: secrets.mask(value)))
            }
        }
        keep(RunRecord(sent: prepared, response: response, expires: expires), for: item)
        let outcome: RunOutcome =
            captureError != nil ? .error : (outcomes.allSatisfy(\.passed) ? .passed : .failed)
        return RunRequestResult(
            name: item.name, file: item.file, line: item.line, method: prepared.method,
            url: secrets.mask(SecretMasker.maskURL(prepared.url)), requestText: requestText, status: response.status,
            responseHeaders: response.headers.map {
                HeaderField(name: $0.name, value: secrets.mask(header: $0.name, value: $0.value))
            },
            responseBody: secrets.mask(Self.bodyExcerpt(response.body)), duration: response.duration,
            attempts: attempt, assertions: outcomes, captures: captured, error: captureError,
            ranAsDependency: asDependency, outcome: outcome)
    }

    /// Remembers the value of a secret header (and its credential after a scheme such as
    /// `Bearer`) as a secret of the run.
    private nonisolated func remember(_ header: HeaderField) {
        guard SecretMasker.isSecretHeader(header.name) else { return }
        secrets.add(header.value)
        if let space = header.value.firstIndex(of: " ") {
            secrets.add(header.value[header.value.index(after: space)...].trimmingCharacters(in: .whitespaces))
        }
        if header.name.lowercased() == "set-cookie" || header.name.lowercased() == "cookie" {
            for pair in header.value.split(separator: ";") {
                if let equals = pair.firstIndex(of: "=") {
                    secrets.add(pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces))
                }
            }
        }
    }

    /// Keeps `record` as the last exchange of `item`, by key and by each name it answers to
    /// (the first request of a name wins the name).
    private func keep(_ record: RunRecord, for item: RunItem) {
        records[item.key] = record
        for name in [item.name] + item.aliases where keysByName[name] == item.key {
            recordsByName[name] = record
        }
    }

    private func failed(
        _ item: RunItem, _ message: String, attempt: Int = 1, asDependency: Bool = false
    ) -> RunRequestResult {
        RunRequestResult(
            name: item.name, file: item.file, line: item.line, method: item.definition.method,
            url: secrets.mask(SecretMasker.maskURL(item.definition.url)), attempts: attempt,
            error: secrets.mask(message), ranAsDependency: asDependency, outcome: .error)
    }

    private func mask(_ outcome: AssertionOutcome) -> AssertionOutcome {
        var masked = outcome
        masked.actual = secrets.mask(outcome.actual)
        masked.expected = secrets.mask(outcome.expected)
        masked.differences = outcome.differences.map(secrets.mask)
        return masked
    }

    private nonisolated func maskedHeaders(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard !lines.isEmpty else { return text }
        lines[0] = SecretMasker.maskURL(lines[0])
        var index = 1
        while index < lines.count, !lines[index].isEmpty {
            lines[index] = SecretMasker.maskHeaderLine(lines[index])
            index += 1
        }
        return lines.joined(separator: "\n")
    }

    /// The body's first part as text, or a note for a binary body.
    static func bodyExcerpt(_ body: Data) -> String {
        guard !body.isEmpty else { return "" }
        let prefix = body.prefix(RunRequestBuilder.shownBodyBytes)
        guard let text = String(data: prefix, encoding: .utf8) ?? String(data: prefix.dropLast(3), encoding: .utf8)
        else { return "(\(body.count) bytes, not UTF-8 text)" }
        return body.count > prefix.count ? text + "\n… (\(body.count - prefix.count) more bytes)" : text
    }
}
