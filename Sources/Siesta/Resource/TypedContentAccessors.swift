import Foundation

/// Convenience accessors that read an entity's content as a particular type, with a fallback.
///
/// `Resource`, `Entity` and `RequestError` adopt this protocol, so `resource.jsonDict`,
/// `entity.text` and `error.jsonDict` work the same way: they never fail, they return an empty
/// value when the content is missing or of another type. A `RequestError`'s accessors read the
/// body that came with the error.
///
/// ```swift
/// let name = resource.jsonDict["name"] as? String
/// let reason = resource.latestError?.jsonDict["message"] as? String
/// ```
public protocol TypedContentAccessors {
    /// The entity whose content the accessors read; `nil` means “no content”.
    var entityForTypedContentAccessors: Entity<Any>? { get }
}

extension TypedContentAccessors {
    /// The content cast to `T`, or `defaultContent` when there is none or it has another type.
    public func typedContent<T>(ifNone defaultContent: @autoclosure () -> T) -> T {
        (entityForTypedContentAccessors?.content as? T) ?? defaultContent()
    }

    /// The content cast to `T`, or `defaultContent` (which may be `nil`) when there is none or it
    /// has another type.
    public func typedContent<T>(ifNone defaultContent: @autoclosure () -> T?) -> T? {
        (entityForTypedContentAccessors?.content as? T) ?? defaultContent()
    }

    /// The content cast to `T`, or `nil` when there is none or it has another type.
    public func typedContent<T>() -> T? {
        entityForTypedContentAccessors?.content as? T
    }

    /// The content as a JSON object, or an empty dictionary.
    public var jsonDict: [String: Any] { typedContent(ifNone: [:]) }

    /// The content as a JSON array, or an empty array.
    public var jsonArray: [Any] { typedContent(ifNone: []) }

    /// The content as text, or an empty string.
    public var text: String { typedContent(ifNone: "") }
}
