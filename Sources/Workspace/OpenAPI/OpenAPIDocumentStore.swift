import Foundation
import OrderedJSON

/// The documents of one description by URI: loads the files that `$ref`s name, finds values by
/// key and pointer (with an index for large objects, such as `components.schemas` with
/// thousands of members), follows `$ref`s, and collects warnings.
final class OpenAPIDocumentStore {
    /// Every document read, by absolute URI without a fragment.
    private(set) var documents: [String: JSONDocument]
    /// The URI of the description itself.
    let rootURI: String
    /// Problems found so far, each naming where.
    private(set) var warnings: [String] = []

    private var unreadable: [String: String] = [:]
    private var unreadableReferrers: [String: (uri: String, entry: Int, reference: String)] = [:]
    private var mentionedUnreadable: Set<String> = []
    private var brokenReferences: [String: (uri: String, entry: Int, reference: String)] = [:]
    private var brokenOrder: [String] = []
    private var keyIndexes: [ObjectIdentifier: [Int: [String: Int]]] = [:]
    private var pointerEntries: [ObjectIdentifier: [String: Int?]] = [:]
    private var droppedWarnings = 0

    /// Most documents one description may bring in through `$ref`s.
    static let documentLimit = 256
    /// Most warnings kept; the rest are counted.
    static let warningLimit = 1000
    /// Most `$ref`s found broken while loading that are told one by one (finding where each
    /// is takes a walk through its document); the others are counted.
    static let detailedReferenceLimit = 100
    /// Most `$ref`s followed one after another from one place.
    static let referenceChainLimit = 32

    /// A store of the description `root` at `rootURI`.
    init(rootURI: String, root: JSONDocument) {
        self.rootURI = rootURI
        documents = [rootURI: root]
    }

    /// A store of documents already read (to read a description again after parsing).
    init(rootURI: String, documents: [String: JSONDocument]) {
        self.rootURI = rootURI
        self.documents = documents
    }

    /// The root document's top-level value.
    var root: OpenAPILocation? {
        guard let document = documents[rootURI] else { return nil }
        return OpenAPILocation(uri: rootURI, document: document, entry: document.root, pointer: "", place: "")
    }

    // MARK: warnings

    /// Adds a warning.
    func warn(_ text: String) {
        guard warnings.count < Self.warningLimit else {
            droppedWarnings += 1
            return
        }
        warnings.append(text)
    }

    /// The warnings, with the problems found while loading that reading the structure did not
    /// meet (`$ref`s in schemas whose target is missing, files that could not be read).
    func finishedWarnings() -> [String] {
        var detailed = 0
        for key in brokenOrder {
            guard let broken = brokenReferences[key], let document = documents[broken.uri] else { continue }
            detailed += 1
            guard detailed <= Self.detailedReferenceLimit, warnings.count < Self.warningLimit else {
                droppedWarnings += 1
                continue
            }
            let object = document.parent(of: broken.entry) ?? broken.entry
            warn("\(placeName(uri: broken.uri, document: document, entry: object)): $ref \(broken.reference) not found")
        }
        brokenOrder.removeAll()
        brokenReferences.removeAll()
        for (uri, reason) in unreadable.sorted(by: { $0.key < $1.key }) where !mentionedUnreadable.contains(uri) {
            mentionedUnreadable.insert(uri)
            guard let referrer = unreadableReferrers[uri], let document = documents[referrer.uri] else { continue }
            guard warnings.count < Self.warningLimit else {
                droppedWarnings += 1
                continue
            }
            let object = document.parent(of: referrer.entry) ?? referrer.entry
            let place = placeName(uri: referrer.uri, document: document, entry: object)
            warn("\(place): $ref \(referrer.reference): \(reason)")
        }
        var result = warnings
        if droppedWarnings > 0 { result.append("… and \(droppedWarnings) more warnings") }
        return result
    }

    // MARK: loading

    /// Reads every document that a `$ref` in a document already read names, and those their
    /// `$ref`s name in turn, through `load`; notes `$ref`s whose pointer leads nowhere.
    func loadReferencedDocuments(load: (URL) throws -> Data) {
        var queue = [rootURI]
        var next = 0
        while next < queue.count {
            let uri = queue[next]
            next += 1
            guard let document = documents[uri] else { continue }
            for (entry, reference) in references(in: document) {
                let target = URIReference.resolve(reference, against: uri)
                let targetURI = target.withoutFragment.text
                if documents[targetURI] == nil, unreadable[targetURI] == nil {
                    if let loaded = self.load(targetURI, load: load) {
                        documents[targetURI] = loaded
                        queue.append(targetURI)
                    } else {
                        unreadableReferrers[targetURI] = (uri, entry, reference)
                    }
                }
                guard let targetDocument = documents[targetURI] else { continue }
                let fragment = target.fragment ?? ""
                guard fragment.isEmpty || fragment.hasPrefix("/") || fragment.hasPrefix("%2F") else { continue }
                if self.entry(in: targetDocument, pointer: JSONPointer.decoding(fragment: fragment)) == nil {
                    let key = Self.referenceKey(uri, entry)
                    if brokenReferences[key] == nil { brokenOrder.append(key) }
                    brokenReferences[key] = (uri, entry, reference)
                }
            }
        }
    }

    private func load(_ uri: String, load: (URL) throws -> Data) -> JSONDocument? {
        guard documents.count < Self.documentLimit else {
            unreadable[uri] = "more than \(Self.documentLimit) documents are referred to; \(uri) was not read"
            return nil
        }
        let encoded = uri.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.union(["#", "?"]))
        guard !uri.isEmpty, let url = URL(string: uri) ?? encoded.flatMap({ URL(string: $0) }) else {
            unreadable[uri] = "“\(uri)” is not a URL that can be loaded"
            return nil
        }
        do {
            let data = try load(url)
            return try OpenAPIDocumentText.document(from: data)
        } catch let error as APIDescriptionError {
            unreadable[uri] = "\(uri) is not JSON or YAML (\(Self.shortDescription(error)))"
        } catch {
            unreadable[uri] = "\(uri) could not be read (\(error))"
        }
        return nil
    }

    private static func shortDescription(_ error: APIDescriptionError) -> String {
        switch error {
        case .notJSONOrYAML(let line, let column, let reason): return "line \(line), column \(column): \(reason)"
        case .notADescription(let reason), .unreadableReference(_, let reason): return reason
        }
    }

    /// Every `"$ref": "…"` member of a document, found by searching the bytes for the key.
    private func references(in document: JSONDocument) -> [(entry: Int, reference: String)] {
        let needle = Array("\"$ref\"".utf8)
        var offsets: [Int] = []
        document.withBytes { bytes in
            guard bytes.count >= needle.count else { return }
            var index = 0
            let last = bytes.count - needle.count
            while index <= last {
                if bytes[index] == needle[0], bytes[index + 1] == needle[1], bytes[index + 2] == needle[2],
                    bytes[index + 3] == needle[3], bytes[index + 4] == needle[4], bytes[index + 5] == needle[5]
                {
                    offsets.append(index)
                    index += needle.count
                } else {
                    index += 1
                }
            }
        }
        var found: [(entry: Int, reference: String)] = []
        for offset in offsets {
            let entry = document.entry(atByteOffset: offset)
            guard document.keyRange(entry)?.lowerBound == offset, let reference = document.string(entry) else {
                continue
            }
            found.append((entry, reference))
        }
        return found
    }

    // MARK: finding values

    /// The member `key` of an object location.
    func child(_ location: OpenAPILocation, _ key: String) -> OpenAPILocation? {
        guard let entry = childEntry(location.document, location.entry, key) else { return nil }
        return OpenAPILocation(
            uri: location.uri, document: location.document, entry: entry,
            pointer: JSONPointer.appending(location.pointer, key), place: location.place(adding: key))
    }

    /// The members of an object location, with their keys, in order.
    func members(_ location: OpenAPILocation) -> [(key: String, location: OpenAPILocation)] {
        members(location, limit: .max)
    }

    /// The first `limit` members of an object location, with their keys, in order.
    func members(_ location: OpenAPILocation, limit: Int) -> [(key: String, location: OpenAPILocation)] {
        guard location.kind == .objectStart else { return [] }
        return location.document.children(of: location.entry).prefix(limit).map { entry in
            let key = location.document.key(entry) ?? ""
            return (
                key,
                OpenAPILocation(
                    uri: location.uri, document: location.document, entry: entry,
                    pointer: JSONPointer.appending(location.pointer, key), place: location.place(adding: key))
            )
        }
    }

    /// The elements of an array location, in order.
    func elements(_ location: OpenAPILocation) -> [OpenAPILocation] {
        guard location.kind == .arrayStart else { return [] }
        return location.document.children(of: location.entry).enumerated().map { index, entry in
            OpenAPILocation(
                uri: location.uri, document: location.document, entry: entry,
                pointer: location.pointer + "/" + String(index), place: location.place + "[\(index)]")
        }
    }

    /// The string member `key` of an object location.
    func string(_ location: OpenAPILocation, _ key: String) -> String? {
        childEntry(location.document, location.entry, key).flatMap(location.document.string)
    }

    /// The boolean member `key` of an object location.
    func bool(_ location: OpenAPILocation, _ key: String) -> Bool? {
        childEntry(location.document, location.entry, key).flatMap(location.document.bool)
    }

    /// The member `key` of an object as JSON text, exactly as written.
    func rawText(_ location: OpenAPILocation, _ key: String) -> String? {
        childEntry(location.document, location.entry, key).map(location.document.rawText)
    }

    /// The strings of the array member `key` (other elements left out), the first `limit`
    /// elements looked at.
    func strings(_ location: OpenAPILocation, _ key: String, limit: Int = .max) -> [String] {
        guard let array = childEntry(location.document, location.entry, key) else { return [] }
        return location.document.children(of: array).prefix(limit).compactMap(location.document.string)
    }

    /// The entry of the member `key` of an object (the first, when a key repeats). Objects
    /// with many members get an index on the first search that reaches far into them.
    func childEntry(_ document: JSONDocument, _ entry: Int, _ key: String) -> Int? {
        guard document.kind(entry) == .objectStart else { return nil }
        let documentID = ObjectIdentifier(document)
        if let index = keyIndexes[documentID]?[entry] { return index[key] }
        var scanned = 0
        for child in document.children(of: entry) {
            if Self.keyMatches(document, child, key) { return child }
            scanned += 1
            if scanned == 64 { break }
        }
        guard scanned == 64 else { return nil }
        var index: [String: Int] = [:]
        for child in document.children(of: entry) {
            let childKey = document.key(child) ?? ""
            if index[childKey] == nil { index[childKey] = child }
        }
        keyIndexes[documentID, default: [:]][entry] = index
        return index[key]
    }

    /// True when the entry's key is `key`, compared on the bytes when the key has no escapes.
    private static func keyMatches(_ document: JSONDocument, _ entry: Int, _ key: String) -> Bool {
        guard !document.hasEscapes(entry, inKey: true), let range = document.keyRange(entry) else {
            return document.key(entry) == key
        }
        guard range.count - 2 == key.utf8.count else { return false }
        return document.withBytes { bytes in
            var index = range.lowerBound + 1
            for byte in key.utf8 {
                guard bytes[index] == byte else { return false }
                index += 1
            }
            return true
        }
    }

    /// The entry a JSON Pointer names in a document, nil when it names nothing.
    func entry(in document: JSONDocument, pointer: String) -> Int? {
        let documentID = ObjectIdentifier(document)
        if let known = pointerEntries[documentID]?[pointer] { return known }
        let found = findEntry(in: document, pointer: pointer)
        pointerEntries[documentID, default: [:]].updateValue(found, forKey: pointer)
        return found
    }

    private func findEntry(in document: JSONDocument, pointer: String) -> Int? {
        guard let tokens = JSONPointer.tokens(pointer) else { return nil }
        return JSONPointer.resolve(document, tokens: tokens, from: document.root) { childEntry(document, $0, $1) }
    }

    /// The value a reference (`other.yaml#/Pet`, `#/components/schemas/Pet`) names, read from
    /// `baseURI`; nil when the document was not read or the pointer names nothing.
    func target(of reference: String, from baseURI: String) -> OpenAPILocation? {
        let target = URIReference.resolve(reference, against: baseURI)
        let uri = target.withoutFragment.text
        guard let document = documents[uri] else { return nil }
        let pointer = JSONPointer.decoding(fragment: target.fragment ?? "")
        guard let entry = entry(in: document, pointer: pointer) else { return nil }
        return OpenAPILocation(uri: uri, document: document, entry: entry, pointer: pointer, place: "")
    }

    // MARK: references

    /// The object at `location` with its `$ref`s followed (parameters, request bodies,
    /// responses, path items…); nil, with a warning naming `location.place`, when a `$ref`
    /// leads nowhere or in a circle.
    func resolve(_ location: OpenAPILocation) -> OpenAPILocation? {
        var current = location
        var seen: Set<String> = []
        for _ in 0..<Self.referenceChainLimit {
            guard let referenceEntry = childEntry(current.document, current.entry, "$ref") else { return current }
            guard let reference = current.document.string(referenceEntry) else {
                warn("\(location.place): $ref is not a string")
                return nil
            }
            brokenReferences[Self.referenceKey(current.uri, referenceEntry)] = nil
            let targetURI = URIReference.resolve(reference, against: current.uri).withoutFragment.text
            if documents[targetURI] == nil {
                let reason = unreadable[targetURI] ?? "\(targetURI) was not read"
                mentionedUnreadable.insert(targetURI)
                warn("\(location.place): $ref \(reference): \(reason)")
                return nil
            }
            guard var target = target(of: reference, from: current.uri) else {
                warn("\(location.place): $ref \(reference) not found")
                return nil
            }
            guard seen.insert(target.uri + "#" + target.pointer).inserted else {
                warn("\(location.place): $ref \(reference) refers to itself in a circle")
                return nil
            }
            target.place = location.place
            current = target
        }
        warn("\(location.place): more than \(Self.referenceChainLimit) $refs in a row")
        return nil
    }

    /// Like ``resolve(_:)`` but without warnings, for peeking into schemas (whose `$ref`s are
    /// the validator's to report).
    func resolveQuietly(_ location: OpenAPILocation) -> OpenAPILocation? {
        var current = location
        for _ in 0..<Self.referenceChainLimit {
            guard let referenceEntry = childEntry(current.document, current.entry, "$ref"),
                let reference = current.document.string(referenceEntry)
            else { return current }
            guard var target = target(of: reference, from: current.uri) else { return nil }
            target.place = location.place
            current = target
        }
        return nil
    }

    // MARK: places

    private static func referenceKey(_ uri: String, _ entry: Int) -> String { uri + "\u{0}" + String(entry) }

    /// Where an entry is, for a warning: `components.schemas.Pet.properties.owner` in the
    /// description itself, `uri#pointer` in another document.
    func placeName(uri: String, document: JSONDocument, entry: Int) -> String {
        guard uri == rootURI else { return uri + "#" + JSONPointer.pointer(to: entry, in: document) }
        var steps: [(key: String?, index: Int)] = []
        var current = entry
        while let parent = document.parent(of: current) {
            if let key = document.key(current) {
                steps.append((key, 0))
            } else {
                var index = 0
                var sibling = document.firstChild(of: parent)
                while let each = sibling, each != current {
                    index += 1
                    sibling = document.nextSibling(of: each)
                }
                steps.append((nil, index))
            }
            current = parent
        }
        steps.reverse()
        var name = ""
        for step in steps {
            if let key = step.key {
                name += (name.isEmpty ? "" : ".") + key
            } else {
                name += "[\(step.index)]"
            }
        }
        return name
    }
}
