import Foundation
import OrderedJSON

/// A schema compiled for checking: every reachable subschema as a ``SchemaNode``, with
/// references resolved to node indices. Built once by ``SchemaCompiler``, then only read, so one
/// program serves any number of concurrent checks.
final class SchemaProgram: Sendable {
    /// The nodes; references between them are indices into this array.
    let nodes: [SchemaNode]
    /// The node of the schema that was asked for.
    let root: Int
    /// The schema documents, by the numbers ``SchemaConstant`` uses.
    let documents: [JSONDocument]
    /// The compiled patterns, by the numbers keywords use.
    let patterns: [SchemaPattern]
    /// For each `$dynamicAnchor` name number: the node carrying that anchor in each schema
    /// resource that has one, by resource number.
    let dynamicAnchors: [[Int: Int]]
    /// True when some `$dynamicRef` needs the dynamic scope tracked.
    let usesDynamicScope: Bool
    /// The dialect the schema was read in.
    let dialect: JSONSchemaDialect

    init(
        nodes: [SchemaNode], root: Int, documents: [JSONDocument], patterns: [SchemaPattern],
        dynamicAnchors: [[Int: Int]], usesDynamicScope: Bool, dialect: JSONSchemaDialect
    ) {
        self.nodes = nodes
        self.root = root
        self.documents = documents
        self.patterns = patterns
        self.dynamicAnchors = dynamicAnchors
        self.usesDynamicScope = usesDynamicScope
        self.dialect = dialect
    }
}
