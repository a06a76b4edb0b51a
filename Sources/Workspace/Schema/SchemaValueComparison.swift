import Foundation
import OrderedJSON

/// Equality and hashing of JSON values as JSON Schema sees them (`enum`, `const`,
/// `uniqueItems`): numbers by value (`1` equals `1.0`), strings by their Unicode scalars after
/// decoding escapes, arrays item by item, objects by their members whatever their order. Values
/// may come from different documents.
enum SchemaValueComparison {
    /// True when the two values are equal.
    static func equal(_ lhs: JSONDocument, _ lhsEntry: Int, _ rhs: JSONDocument, _ rhsEntry: Int) -> Bool {
        let lhsKind = lhs.kind(lhsEntry)
        let rhsKind = rhs.kind(rhsEntry)
        switch lhsKind {
        case .string:
            guard rhsKind == .string else { return false }
            if !lhs.hasEscapes(lhsEntry) && !rhs.hasEscapes(rhsEntry) {
                return rawBytesEqual(lhs, lhs.valueRange(lhsEntry), rhs, rhs.valueRange(rhsEntry))
            }
            return (lhs.string(lhsEntry) ?? "").unicodeScalars.elementsEqual(
                (rhs.string(rhsEntry) ?? "").unicodeScalars)
        case .number:
            guard rhsKind == .number else { return false }
            return number(lhs, lhsEntry) == number(rhs, rhsEntry)
        case .true, .false, .null:
            return lhsKind == rhsKind
        case .emptyObject, .objectStart:
            guard rhsKind == .emptyObject || rhsKind == .objectStart else { return false }
            return objectsEqual(lhs, lhsEntry, rhs, rhsEntry)
        case .emptyArray, .arrayStart:
            guard rhsKind == .emptyArray || rhsKind == .arrayStart else { return false }
            var left = lhs.firstChild(of: lhsEntry)
            var right = rhs.firstChild(of: rhsEntry)
            while let leftEntry = left, let rightEntry = right {
                guard equal(lhs, leftEntry, rhs, rightEntry) else { return false }
                left = lhs.nextSibling(of: leftEntry)
                right = rhs.nextSibling(of: rightEntry)
            }
            return left == nil && right == nil
        case .objectEnd, .arrayEnd:
            return false
        }
    }

    /// A hash that equal values share.
    static func hash(_ document: JSONDocument, _ entry: Int) -> Int {
        var hasher = Hasher()
        combine(document, entry, into: &hasher)
        return hasher.finalize()
    }

    /// The number at `entry`, read exactly.
    static func number(_ document: JSONDocument, _ entry: Int) -> SchemaNumber {
        let range = document.valueRange(entry)
        return document.withBytes { bytes in
            SchemaNumber(text: UnsafeRawBufferPointer(rebasing: bytes[range])) ?? .zero
        }
    }

    private static func combine(_ document: JSONDocument, _ entry: Int, into hasher: inout Hasher) {
        let kind = document.kind(entry)
        switch kind {
        case .string:
            hasher.combine(0)
            if document.hasEscapes(entry) {
                for byte in (document.string(entry) ?? "").utf8 { hasher.combine(byte) }
            } else {
                let range = document.valueRange(entry)
                document.withBytes { bytes in
                    for byte in UnsafeRawBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)])
                    {
                        hasher.combine(byte)
                    }
                }
            }
        case .number:
            hasher.combine(1)
            hasher.combine(number(document, entry))
        case .true, .false, .null:
            hasher.combine(kind.rawValue &+ 2)
        case .emptyObject, .objectStart:
            hasher.combine(5)
            var sum = 0
            for child in document.children(of: entry) {
                var member = Hasher()
                for scalar in (document.key(child) ?? "").unicodeScalars { member.combine(scalar.value) }
                combine(document, child, into: &member)
                sum = sum &+ member.finalize()
            }
            hasher.combine(sum)
        case .emptyArray, .arrayStart:
            hasher.combine(6)
            for child in document.children(of: entry) { combine(document, child, into: &hasher) }
        case .objectEnd, .arrayEnd:
            hasher.combine(7)
        }
    }

    private static func objectsEqual(_ lhs: JSONDocument, _ lhsEntry: Int, _ rhs: JSONDocument, _ rhsEntry: Int) -> Bool
    {
        let lhsMembers = Array(lhs.children(of: lhsEntry))
        let rhsMembers = Array(rhs.children(of: rhsEntry))
        guard lhsMembers.count == rhsMembers.count else { return false }
        var rhsByKey: [String: Int] = [:]
        for member in rhsMembers { rhsByKey[rhs.key(member) ?? ""] = member }
        for member in lhsMembers {
            guard let other = rhsByKey[lhs.key(member) ?? ""], equal(lhs, member, rhs, other) else { return false }
        }
        return true
    }

    private static func rawBytesEqual(
        _ lhs: JSONDocument, _ lhsRange: Range<Int>, _ rhs: JSONDocument, _ rhsRange: Range<Int>
    ) -> Bool {
        guard lhsRange.count == rhsRange.count else { return false }
        return lhs.withBytes { left in
            rhs.withBytes { right in
                memcmp(
                    left.baseAddress! + lhsRange.lowerBound, right.baseAddress! + rhsRange.lowerBound, lhsRange.count)
                    == 0
            }
        }
    }
}
