/// An I-Regexp compiled by ``IRegexp/compile(_:)``: instructions for a Thompson NFA, run over
/// Unicode scalars by ``IRegexpMatcher``.
///
/// Each instruction either reads one scalar (a literal or a character class), tests a position
/// (`^`, `$`), moves to other instructions without reading (a jump, or a split into two threads)
/// or accepts. Jumps and splits hold offsets relative to their own instruction, so that the
/// compiler can copy a piece of program (for a counted repetition) without adjusting it.
struct IRegexpProgram {
    /// One step of the program.
    enum Instruction: Equatable {
        /// Reads exactly this scalar.
        case scalar(Unicode.Scalar)
        /// Reads a scalar of the class at this index of ``IRegexpProgram/classes``.
        case set(Int32)
        /// Goes on at the instruction this far away, reading nothing.
        case jump(Int32)
        /// Goes on at both instructions these far away, reading nothing.
        case split(Int32, Int32)
        /// Goes on only at the start of the string (`^`).
        case start
        /// Goes on only at the end of the string (`$`).
        case end
        /// Accepts.
        case match
    }

    /// A set of scalars: ranges of code points and general categories, possibly negated.
    struct CharacterClass: Equatable {
        /// Sorted, disjoint and not adjacent ranges of scalar values.
        var ranges: [ClosedRange<UInt32>]
        /// The general categories whose scalars are in the class: one bit each, as
        /// ``IRegexpProgram/categoryBit(_:)`` gives.
        var categories: UInt32
        /// True when the class is every scalar except those above.
        var isNegated: Bool

        /// A class of the given ranges (in any order, overlapping or not) and categories.
        init(ranges: [ClosedRange<UInt32>], categories: UInt32 = 0, isNegated: Bool = false) {
            self.ranges = Self.merged(ranges)
            self.categories = categories
            self.isNegated = isNegated
        }

        /// Whether `scalar` is in the class. `category` gives the scalar's category bit and is
        /// called only when the ranges do not decide.
        @inline(__always)
        func contains(_ scalar: Unicode.Scalar, category: () -> UInt32) -> Bool {
            var found = inRanges(scalar.value)
            if !found && categories != 0 { found = categories & category() != 0 }
            return found != isNegated
        }

        /// Binary search of the ranges.
        private func inRanges(_ value: UInt32) -> Bool {
            var low = 0
            var high = ranges.count
            while low < high {
                let middle = (low + high) / 2
                if ranges[middle].upperBound < value {
                    low = middle + 1
                } else if ranges[middle].lowerBound > value {
                    high = middle
                } else {
                    return true
                }
            }
            return false
        }

        /// The ranges sorted, with overlapping and adjacent ones joined.
        private static func merged(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
            var result: [ClosedRange<UInt32>] = []
            for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if let last = result.last, range.lowerBound <= last.upperBound &+ 1 {
                    result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
                } else {
                    result.append(range)
                }
            }
            return result
        }
    }

    /// The instructions; the first is where every thread starts, and the program ends with
    /// ``Instruction/match``.
    let instructions: [Instruction]
    /// The character classes that ``Instruction/set(_:)`` instructions refer to.
    let classes: [CharacterClass]

    // MARK: general categories

    /// The two-letter names of Unicode's general categories, in the order of their bits: bit
    /// `i` of a category set stands for `categoryNames[i]`.
    static let categoryNames = [
        "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po",
        "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn",
    ]

    /// The set of categories a name of RFC 9485's `IsCategory` stands for: a two-letter name is
    /// that category, a one-letter name every category whose name starts with it (`L` is `Lu`,
    /// `Ll`, `Lt`, `Lm` and `Lo`). Nil for a name that is neither.
    static func categories(named name: String) -> UInt32? {
        var mask: UInt32 = 0
        for (bit, candidate) in categoryNames.enumerated()
        where candidate == name || (name.count == 1 && candidate.hasPrefix(name)) {
            mask |= 1 << UInt32(bit)
        }
        return mask == 0 ? nil : mask
    }

    /// Every category's bit.
    static let allCategories: UInt32 = (1 << UInt32(categoryNames.count)) - 1

    /// The bit of a scalar's general category, in the order of ``categoryNames``.
    static func categoryBit(_ scalar: Unicode.Scalar) -> UInt32 {
        let index: UInt32
        switch scalar.properties.generalCategory {
        case .uppercaseLetter: index = 0
        case .lowercaseLetter: index = 1
        case .titlecaseLetter: index = 2
        case .modifierLetter: index = 3
        case .otherLetter: index = 4
        case .nonspacingMark: index = 5
        case .spacingMark: index = 6
        case .enclosingMark: index = 7
        case .decimalNumber: index = 8
        case .letterNumber: index = 9
        case .otherNumber: index = 10
        case .connectorPunctuation: index = 11
        case .dashPunctuation: index = 12
        case .openPunctuation: index = 13
        case .closePunctuation: index = 14
        case .initialPunctuation: index = 15
        case .finalPunctuation: index = 16
        case .otherPunctuation: index = 17
        case .mathSymbol: index = 18
        case .currencySymbol: index = 19
        case .modifierSymbol: index = 20
        case .otherSymbol: index = 21
        case .spaceSeparator: index = 22
        case .lineSeparator: index = 23
        case .paragraphSeparator: index = 24
        case .control: index = 25
        case .format: index = 26
        case .surrogate: index = 27
        case .privateUse: index = 28
        case .unassigned: index = 29
        @unknown default: index = 29
        }
        return 1 << index
    }
}
