import Foundation

/// What checking an answer needs besides the answer: how to fill `{{variables}}` in expected
/// values, how to read the files assertions name, and the API description's schema check.
public struct RunCheckContext {
    /// Fills the placeholders of an expected value; throws when one has no value.
    public var fill: (String) throws -> String
    /// Reads a file an assertion names (`file "expected.json"`, `schema "user.json"`), relative
    /// to the request file's folder.
    public var readFile: (String) throws -> Data
    /// The schema check of the answer against the API description; nil when the run has no
    /// description. Its own result is nil when the request is no operation of it.
    public var describedCheck: ((RunResponse) -> SchemaCheck?)?

    /// Creates a context. By default values are used as written, files are read from the
    /// current folder, and there is no description.
    public init(
        fill: @escaping (String) throws -> String = { $0 },
        readFile: @escaping (String) throws -> Data = { try Data(contentsOf: URL(fileURLWithPath: $0)) },
        describedCheck: ((RunResponse) -> SchemaCheck?)? = nil
    ) {
        self.fill = fill
        self.readFile = readFile
        self.describedCheck = describedCheck
    }
}
