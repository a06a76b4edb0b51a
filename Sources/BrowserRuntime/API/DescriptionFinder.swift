import Browser
import Dispatch
import Foundation
import HTTPCore
import Workspace

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Finds the service's API description and reads it, off the main actor: the one named on the
/// command line (`--openapi FILE|URL`), else the one a response's `Link` header names, else the
/// first found at the usual places (``DescriptionDiscovery``), each tried once, quietly (not
/// in Events or history). What it finds arrives as `.apiDescription`; a description named on
/// the command line that cannot be read is said in Events.
@MainActor
package final class DescriptionFinder {
    /// Where results go.
    var dispatch: @MainActor (Action) -> Void = { _ in }
    /// The largest description read, in bytes.
    nonisolated static let maximumBytes = 64 * 1024 * 1024

    private let serviceBaseURL: URL
    /// The URL hammock was started at, whose folders are searched first.
    private let startURL: URL?
    private let transport: HTTPTransport?
    private var isSearching = false
    private var isFound = false
    private var tried = Set<String>()
    private var task: Task<Void, Never>?

    /// A finder for the service at `serviceBaseURL`, fetching through `transport` (nil: only
    /// files can be read).
    init(serviceBaseURL: URL, startURL: URL? = nil, transport: HTTPTransport?) {
        self.serviceBaseURL = serviceBaseURL
        self.startURL = startURL
        self.transport = transport
    }

    /// The usual places under the start URL's folder (`/api/v1/` for `/api/v1/users`), then
    /// under the service's base, each once.
    private var candidates: [URL] {
        var list: [URL] = []
        if let startURL, let folder = URL(string: ".", relativeTo: startURL)?.absoluteURL {
            list += DescriptionDiscovery.candidates(for: folder)
        }
        list += DescriptionDiscovery.candidates(for: serviceBaseURL)
        var seen = Set<String>()
        return list.filter { seen.insert($0.absoluteString).inserted }
    }

    /// Reads the description `source` names: a URL, or a file path.
    func load(explicit source: String) {
        isFound = true
        let transport = transport
        task = Task { [weak self] in
            let url: URL
            if let parsed = URL(string: source), let scheme = parsed.scheme?.lowercased(),
                scheme == "http" || scheme == "https" || scheme == "file"
            {
                url = parsed
            } else {
                url = URL(fileURLWithPath: source)
            }
            do {
                let description = try await Self.read(url, transport: transport)
                self?.dispatch(.apiDescription(APIState(description: description, source: source)))
            } catch {
                self?.dispatch(.note("API description \(source) not used: \(error)", isError: true))
            }
        }
    }

    /// Looks at a finished exchange: the first response from the service's origin starts the
    /// search; one whose `Link` header names a description leads to it.
    func exchangeFinished(_ exchange: Exchange) {
        guard !isFound, exchange.statusCode != nil, let url = URL(string: exchange.url),
            URLOrigin.of(url) == URLOrigin.of(serviceBaseURL)
        else { return }
        let links = exchange.responseHeaders.filter { $0.name.lowercased() == "link" }.map(\.value)
        let linked = DescriptionDiscovery.linked(in: links, of: url).filter { !tried.contains($0.absoluteString) }
        if !linked.isEmpty {
            task?.cancel()
            isSearching = false
            search(linked + candidates)
        } else if !isSearching {
            search(candidates)
        }
    }

    /// Stops a search in progress.
    func stop() {
        task?.cancel()
    }

    private func search(_ candidates: [URL]) {
        let fresh = candidates.filter { !tried.contains($0.absoluteString) }
        // Every place already tried: the search has said so once.
        guard !fresh.isEmpty else { return }
        isSearching = true
        let transport = transport
        task = Task { [weak self] in
            for url in fresh {
                guard !Task.isCancelled else { return }
                self?.tried.insert(url.absoluteString)
                guard let description = try? await Self.read(url, transport: transport) else { continue }
                guard let self, !Task.isCancelled, !self.isFound else { return }
                self.isFound = true
                self.isSearching = false
                self.dispatch(.apiDescription(APIState(description: description, source: url.absoluteString)))
                return
            }
            guard let self, !Task.isCancelled, !self.isFound else { return }
            self.isSearching = false
            self.dispatch(.apiDescriptionNotFound(tried: fresh.count))
        }
    }

    /// Fetches and parses the description at `url` off the main actor.
    package nonisolated static func read(_ url: URL, transport: HTTPTransport?) async throws -> APIDescription {
        try await parse(try await fetch(url, transport: transport), from: url, transport: transport)
    }

    /// Parses the description `data` read from `url` off the main actor, fetching the files it
    /// refers to through `transport`.
    package nonisolated static func parse(_ data: Data, from url: URL, transport: HTTPTransport?) async throws
        -> APIDescription
    {
        try await withCheckedThrowingContinuation { continuation in
            // Parsing may fetch referenced files, synchronously: on a thread of its own.
            DispatchQueue.global(qos: .userInitiated).async {
                do {
                    let description = try APIDescription.parse(data, sourceURL: url) { reference in
                        // A description fetched over HTTP never leads to a local file.
                        guard url.isFileURL || !reference.isFileURL else {
                            throw DescriptionFetchError.localReference(reference.path)
                        }
                        return try blockingFetch(reference, transport: transport)
                    }
                    continuation.resume(returning: description)
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    /// The bytes at `url`: a file, or a `200` answer to a GET.
    package nonisolated static func fetch(_ url: URL, transport: HTTPTransport?) async throws -> Data {
        if url.isFileURL {
            // Regular files only: a FIFO or a device would block or never end.
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else {
                throw DescriptionFetchError.notAFile(url.path)
            }
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
            guard data.count <= maximumBytes else { throw DescriptionFetchError.tooLarge(url.path) }
            return data
        }
        guard let transport else { throw DescriptionFetchError.noTransport(url.absoluteString) }
        var request = URLRequest(url: url)
        request.setValue(
            "application/openapi+json, application/json, application/yaml;q=0.9, */*;q=0.5",
            forHTTPHeaderField: "Accept")
        request.timeoutInterval = 15
        let response: HTTPExchangeResponse
        do {
            response = try await transport.send(request, maximumBodySize: maximumBytes)
        } catch {
            throw DescriptionFetchError.failed(url.absoluteString, String(describing: error))
        }
        guard response.statusCode == 200 else {
            throw DescriptionFetchError.status(url.absoluteString, response.statusCode)
        }
        return response.body
    }

    /// ``fetch(_:transport:)`` for a referenced file, waited for on the calling (non-Swift-task)
    /// thread.
    nonisolated static func blockingFetch(_ url: URL, transport: HTTPTransport?) throws -> Data {
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                box.result = .success(try await fetch(url, transport: transport))
            } catch {
                box.result = .failure(error)
            }
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }

    /// Carries a fetch's outcome from its task to the waiting thread (the semaphore orders the
    /// write before the read).
    private final class ResultBox: @unchecked Sendable {
        var result: Result<Data, any Error>?
    }
}
