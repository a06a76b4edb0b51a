import Foundation

/// A REST API: the source of ``Resource`` instances and of their configuration.
///
/// A service hands out exactly one `Resource` per URL string, so every part of an app that
/// asks for the same URL shares its state, observers and in-flight loads.
///
/// ```swift
/// let api = Service(baseURL: "https://api.example.com/v1")
/// api.configure { $0.headers["Authorization"] = "Bearer \(token)" }
/// let profile = api.resource("/profile")
/// profile.addObserver(owner: self) { resource, event in print(resource.jsonDict) }
/// profile.loadIfNeeded()
/// ```
///
/// Services, resources and requests belong to the main actor.
@MainActor
open class Service {
    /// The URL that `resource(_:)` paths are resolved against, always ending in `/` and keeping
    /// its query string; `nil` if none was given or it was not a valid URL.
    public let baseURL: URL?

    let networkingProvider: any NetworkingProvider
    /// The provider again when it delivers responses directly (the default one does), found
    /// once rather than cast for every request.
    let directNetworkingProvider: (any DirectNetworkingProvider)?
    let resourceCache = ResourceCache()
    private var configurationEntries: [ConfigurationEntry] = []
    private(set) var configurationVersion = 0

    /// Creates a service.
    ///
    /// - Parameters:
    ///   - baseURL: The root of the API, a `String` or a `URL`. A trailing slash is added to its
    ///     path if missing; its query string is kept for every resource.
    ///   - standardTransformers: The standard parsers to install: JSON and text by default. Pass
    ///     `[]` to receive raw `Data`.
    ///   - networking: The transport: an ``AsyncHTTPClientProvider`` of this service's own by
    ///     default; pass a `URLSession`, a `URLSessionConfiguration` or any
    ///     ``NetworkingProvider``.
    public init(
        baseURL: (any URLConvertible)? = nil,
        standardTransformers: [StandardTransformer] = [.json, .text],
        networking: any NetworkingProviderConvertible = AsyncHTTPClientProvider()
    ) {
        self.baseURL = baseURL?.url.flatMap(URLTools.ensureTrailingSlash)
        self.networkingProvider = networking.siestaNetworkingProvider
        directNetworkingProvider = networkingProvider as? any DirectNetworkingProvider
        if !standardTransformers.isEmpty {
            configure(description: "standard transformers") { configuration in
                for transformer in standardTransformers {
                    transformer.install(in: &configuration.pipeline)
                }
            }
        }
    }

    // MARK: Resources

    /// The resource for a path under ``baseURL``. The path is always appended to the base URL's
    /// path (a leading `/` is optional and `..` is not interpreted); characters that cannot
    /// appear in a path, including `?`, are percent-escaped.
    ///
    /// Without a valid base URL, the resource is invalid: its requests fail at once.
    public final func resource(_ path: String) -> Resource {
        if let known = resourceCache.resource(spelled: path, as: .path) {
            return known
        }
        guard let base = baseURL, let url = URLTools.appendingPath(path, to: base) else {
            return invalidResource(source: path)
        }
        return resource(for: url, spelled: path, as: .path)
    }

    /// The resource for a path appended to an explicit base URL, ignoring ``baseURL``.
    public final func resource(baseURL customBaseURL: (any URLConvertible)?, path: String) -> Resource {
        guard let base = customBaseURL?.url.flatMap(URLTools.ensureTrailingSlash),
            let url = URLTools.appendingPath(path, to: base)
        else {
            return invalidResource(source: path)
        }
        return resource(absoluteURL: url)
    }

    /// The resource for a complete URL, ignoring ``baseURL``. An invalid or `nil` URL gives an
    /// invalid resource whose requests fail at once.
    ///
    /// In a string, characters that cannot appear in a URL (spaces, non-ASCII characters, `[`
    /// and `]` outside the host, a `%` not followed by two hex digits…) are percent-escaped;
    /// existing `%XX` escapes are kept as they are.
    public final func resource(absoluteURL urlConvertible: (any URLConvertible)?) -> Resource {
        guard let urlConvertible else {
            return invalidResource(source: "")
        }
        guard let text = urlConvertible as? String else {
            guard let url = urlConvertible.url else {
                return invalidResource(source: String(describing: urlConvertible))
            }
            return resource(for: url)
        }
        if let known = resourceCache.resource(spelled: text, as: .absoluteURL) {
            return known
        }
        guard let url = text.url else {
            return invalidResource(source: text)
        }
        return resource(for: url, spelled: text, as: .absoluteURL)
    }

    /// The one resource for `url`; `text`, if given, is what the caller spelled it as, recorded so
    /// that asking again with the same string skips building the URL while the resource exists.
    private func resource(
        for url: URL, spelled text: String? = nil, as spelling: ResourceCache.Spelling = .path
    ) -> Resource {
        resourceCache.resource(forKey: url.absoluteString, spelled: text, as: spelling) {
            Resource(service: self, url: url)
        }
    }

    /// The invalid resource for a text that is not a URL; its requests fail at once with
    /// `Invalid URL: <source>`.
    func invalidResource(source: String) -> Resource {
        resourceCache.resource(forKey: "invalid:" + source) {
            Resource(service: self, invalidURLSource: source)
        }
    }

    /// Every resource this service currently holds, in no particular order.
    public var cachedResources: [Resource] {
        resourceCache.allResources
    }

    /// How many strings given to `resource(_:)` and `resource(absoluteURL:)` are remembered as
    /// spellings of existing resources.
    var indexedSpellingCount: Int {
        resourceCache.indexedSpellingCount
    }

    /// How many resources the service keeps strongly before it releases unused ones (those
    /// with no observers and no requests in flight). A released resource that is still
    /// referenced elsewhere stays the one instance for its URL. 500 by default.
    public final var cachedResourceCountLimit: Int {
        get { resourceCache.countLimit }
        set { resourceCache.countLimit = newValue }
    }

    /// Releases every resource that has no observers and no requests in flight. Their cached
    /// data goes with them unless something else holds them.
    ///
    /// When that releases 4,096 resources or more, glibc is asked shortly after, off the main
    /// thread, to return the freed memory to the system (`malloc_trim`), which it otherwise keeps.
    public final func flushUnusedResources() {
        resourceCache.flushUnused()
    }

    /// Wipes every resource matching the pattern (all of them by default); see
    /// ``Resource/wipe()``.
    public final func wipeResources(matching pattern: any ConfigurationPatternConvertible = "**") {
        let predicate = pattern.configurationPattern(for: self)
        wipeResources { predicate($0.url) }
    }

    /// Wipes every resource for which `predicate` is true.
    public final func wipeResources(matching predicate: (Resource) -> Bool) {
        for resource in resourceCache.allResources where predicate(resource) {
            resource.wipe()
        }
    }

    // MARK: Configuration

    /// Adds configuration for resources whose URL matches `pattern` (everything by default).
    ///
    /// Configurers run lazily, when a resource first needs its configuration, in the order
    /// they were added; later ones override earlier ones.
    ///
    /// - Parameters:
    ///   - pattern: A wildcard pattern (see ``ConfigurationPatternConvertible``), a resource,
    ///     or a regular expression.
    ///   - requestMethods: Limits the configuration to these methods; all methods if `nil`.
    ///   - description: A name for logs.
    ///   - configurer: Changes the configuration.
    public final func configure(
        _ pattern: any ConfigurationPatternConvertible = "**",
        requestMethods: [RequestMethod]? = nil,
        description: String? = nil,
        configurer: @escaping @MainActor (inout Configuration) -> Void
    ) {
        addConfiguration(
            matcher: pattern.configurationPattern(for: self),
            requestMethods: requestMethods,
            description: description ?? pattern.configurationPatternDescription,
            configurer: configurer)
    }

    /// Adds configuration for resources whose URL satisfies `predicate`.
    public final func configure(
        whenURLMatches predicate: @escaping @MainActor (URL) -> Bool,
        requestMethods: [RequestMethod]? = nil,
        description: String? = nil,
        configurer: @escaping @MainActor (inout Configuration) -> Void
    ) {
        addConfiguration(
            matcher: { predicate($0) }, requestMethods: requestMethods, description: description ?? "predicate",
            configurer: configurer)
    }

    private func addConfiguration(
        matcher: @escaping (URL) -> Bool,
        requestMethods: [RequestMethod]?,
        description: String,
        configurer: @escaping @MainActor (inout Configuration) -> Void
    ) {
        configurationEntries.append(
            ConfigurationEntry(
                description: description, requestMethods: requestMethods.map(Set.init), urlMatcher: matcher,
                configurer: configurer))
        invalidateConfiguration()
    }

    /// Adds a transformer that maps the content of responses for matching resources, e.g. to
    /// decode models:
    ///
    /// ```swift
    /// let decoder = JSONDecoder()
    /// service.configureTransformer("/users/*") {
    ///     try decoder.decode(User.self, from: $0.content)
    /// }
    /// ```
    ///
    /// Parameters as in ``configure(_:requestMethods:description:configurer:)``, and:
    /// - Parameters:
    ///   - stage: The stage to add it to; ``PipelineStageKey/model`` by default.
    ///   - action: Whether to replace the stage's transformers (the default) or append.
    ///   - onInputTypeMismatch: What to do with content that is not `I`.
    ///   - transformErrors: Whether to transform error bodies as well.
    ///   - contentTransform: The mapping; runs off the main actor.
    public final func configureTransformer<I, O>(
        _ pattern: any ConfigurationPatternConvertible,
        requestMethods: [RequestMethod]? = nil,
        atStage stage: PipelineStageKey = .model,
        action: TransformerAction = .replaceExisting,
        onInputTypeMismatch mismatchAction: InputTypeMismatchAction = .error,
        transformErrors: Bool = false,
        description: String? = nil,
        contentTransform: @escaping ResponseContentTransformer<I, O>.Processor
    ) {
        addContentTransformer(
            pattern, requestMethods: requestMethods, atStage: stage, action: action,
            onInputTypeMismatch: mismatchAction, transformErrors: transformErrors, description: description,
            contentTransform: contentTransform)
    }

    private func addContentTransformer<I, O>(
        _ pattern: any ConfigurationPatternConvertible,
        requestMethods: [RequestMethod]?,
        atStage stage: PipelineStageKey,
        action: TransformerAction,
        onInputTypeMismatch mismatchAction: InputTypeMismatchAction,
        transformErrors: Bool,
        description: String?,
        contentTransform: @escaping ResponseContentTransformer<I, O>.Processor
    ) {
        let transformer = ResponseContentTransformer<I, O>(
            onInputTypeMismatch: mismatchAction, transformErrors: transformErrors, processor: contentTransform)
        configure(
            pattern, requestMethods: requestMethods,
            description: description ?? "\(pattern.configurationPatternDescription) : \(I.self) → \(O.self)"
        ) {
            if action == .replaceExisting {
                $0.pipeline[stage].removeTransformers()
            }
            $0.pipeline[stage].add(transformer)
        }
    }

    /// ``configureTransformer(_:requestMethods:atStage:action:onInputTypeMismatch:transformErrors:description:contentTransform:)``
    /// for raw bytes: the closure receives the body as `Data`, which lets a decoder call type-check
    /// without annotations:
    ///
    /// ```swift
    /// service.configureTransformer("/users/*") { try decoder.decode(User.self, from: $0.content) }
    /// ```
    ///
    /// Use it with `standardTransformers: [.text]` (or `[]`) so that JSON reaches it unparsed.
    public final func configureTransformer<O>(
        _ pattern: any ConfigurationPatternConvertible,
        requestMethods: [RequestMethod]? = nil,
        atStage stage: PipelineStageKey = .model,
        action: TransformerAction = .replaceExisting,
        onInputTypeMismatch mismatchAction: InputTypeMismatchAction = .error,
        transformErrors: Bool = false,
        description: String? = nil,
        contentTransform: @escaping @Sendable (Entity<Data>) throws -> O?
    ) {
        addContentTransformer(
            pattern, requestMethods: requestMethods, atStage: stage, action: action,
            onInputTypeMismatch: mismatchAction, transformErrors: transformErrors, description: description,
            contentTransform: contentTransform as ResponseContentTransformer<Data, O>.Processor)
    }

    /// Whether `configureTransformer` replaces a stage's transformers or appends to them.
    public enum TransformerAction: Sendable {
        /// Remove the stage's existing transformers first.
        case replaceExisting
        /// Keep them and add after.
        case appendToExisting
    }

    /// Makes every resource recompute its configuration the next time it needs it. Call this
    /// when something a configurer reads has changed (an auth token, say).
    public final func invalidateConfiguration() {
        configurationVersion += 1
    }

    /// Computes the configuration for a URL and method by running every matching configurer.
    final func configuration(forURL url: URL, method: RequestMethod) -> Configuration {
        var configuration = Configuration()
        for entry in configurationEntries
        where (entry.requestMethods?.contains(method) ?? true) && entry.urlMatcher(url) {
            entry.configurer(&configuration)
        }
        return configuration
    }
}

/// One call to `configure`.
private struct ConfigurationEntry {
    let description: String
    let requestMethods: Set<RequestMethod>?
    let urlMatcher: (URL) -> Bool
    let configurer: @MainActor (inout Configuration) -> Void
}
