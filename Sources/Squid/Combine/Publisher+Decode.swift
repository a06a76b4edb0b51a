import Foundation
@preconcurrency import OpenCombine

extension Publisher where Output == Data {

    /// Decodes every `Data` element with a `JSONDecoder`, failing with the decoder's error (or
    /// the upstream's).
    ///
    /// OpenCombine's generic `decode(type:decoder:)` needs `JSONDecoder` to be a `TopLevelDecoder`,
    /// which only the OpenCombineFoundation module declares; this overload lets code written for
    /// Combine, such as `AnyRequest(url: …).schedule().decode(type: [User].self, decoder:
    /// JSONDecoder())`, compile with `import Squid` and `import OpenCombine` alone.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - decoder: The decoder to use.
    public func decode<Item: Decodable>(
        type: Item.Type,
        decoder: JSONDecoder
    ) -> Publishers.TryMap<Self, Item> {
        tryMap { data in
            try decoder.decode(Item.self, from: data)
        }
    }
}
