import Foundation

/// The query parameters of a request.
///
/// Write it as a dictionary literal whose values are anything printable (strings, numbers,
/// booleans); values are converted with `String(describing:)`, and an array value repeats its
/// key once per element (`["id": [1, 2]]` gives `id=1&id=2`). The order is deterministic: a
/// literal keeps its written order, ``init(_:)`` from a `Dictionary` sorts by name, and `+` keeps
/// the left-hand order, replacing values of names that appear on the right and appending new
/// names. A name written twice in one literal keeps its first position and its last value.
///
/// Names and values are percent-encoded for the query component (`&`, `=`, `+`, `#` and spaces
/// are escaped). Parameters already in the service's URL are kept before these.
///
/// ```swift
/// var query: HttpQuery { ["page": 2, "q": "swift & linux"] }  // ?page=2&q=swift%20%26%20linux
/// ```
public struct HttpQuery: Sendable, Hashable, ExpressibleByDictionaryLiteral, CustomStringConvertible {

    /// One query parameter: a name and its textual value, not yet percent-encoded.
    public struct Item: Sendable, Hashable {

        /// The parameter name.
        public let name: String

        /// The parameter value as text.
        public let value: String
    }

    /// The parameters in the order they are sent (a name may repeat for array values).
    public private(set) var items: [Item]

    /// Creates a query from a dictionary; parameters are sorted by name so that the URL is the
    /// same on every run.
    public init(_ parameters: [String: any CustomStringConvertible] = [:]) {
        items = []
        for key in parameters.keys.sorted() {
            if let value = parameters[key] {
                set(key, value)
            }
        }
    }

    /// Creates a query from a literal, keeping the written order.
    public init(dictionaryLiteral elements: (String, any CustomStringConvertible)...) {
        items = []
        for (name, value) in elements {
            set(name, value)
        }
    }

    /// The values sent for `name`, in order; empty when the name is absent.
    public func values(for name: String) -> [String] {
        items.filter { $0.name == name }.map(\.value)
    }

    /// The encoded query string without the leading `?`, e.g. `"a=1&b=x%20y"`; `""` when empty.
    public var description: String {
        encodedQuery
    }

    /// The percent-encoded query string without the leading `?`.
    public var encodedQuery: String {
        items.map { Self.encode($0.name) + "=" + Self.encode($0.value) }.joined(separator: "&")
    }

    /// Merges two queries: parameters of `rhs` replace those of `lhs` with the same name (in the
    /// position of `lhs`), new names are appended in the order of `rhs`.
    public static func + (lhs: HttpQuery, rhs: HttpQuery) -> HttpQuery {
        var result = lhs
        var seen = Set<String>()
        for item in rhs.items where seen.insert(item.name).inserted {
            result.replace(item.name, with: rhs.items.filter { $0.name == item.name })
        }
        return result
    }

    private mutating func set(_ name: String, _ value: any CustomStringConvertible) {
        let values: [String]
        if let array = value as? [any CustomStringConvertible] {
            values = array.map { String(describing: $0) }
        } else {
            values = [String(describing: value)]
        }
        replace(name, with: values.map { Item(name: name, value: $0) })
    }

    private mutating func replace(_ name: String, with newItems: [Item]) {
        if let index = items.firstIndex(where: { $0.name == name }) {
            items.removeAll { $0.name == name }
            items.insert(contentsOf: newItems, at: index)
        } else {
            items.append(contentsOf: newItems)
        }
    }

    static let allowed: CharacterSet = {
        var set = CharacterSet.urlQueryAllowed
        set.remove(charactersIn: "&=+#;?/:@!$'()*,")
        return set
    }()

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
