/// Runs an ``IRegexpProgram`` over the Unicode scalars of strings: a Thompson NFA simulated in
/// the manner of a Pike VM, with no captures.
///
/// All the threads of the program advance together, one scalar at a time. Before each scalar,
/// every thread follows the program's jumps, splits and position tests until it stands on an
/// instruction that reads; a thread that comes to an instruction another thread has already
/// reached at the same position is dropped, as it can only do what that one does. So there are
/// never more threads than instructions, and a run costs at most the length of the string times
/// the size of the program, whatever the pattern (`(a*)*b`, `(a|a)*c`, …).
///
/// The work of a run (about one step for each thread at each scalar) is reported to a budget
/// every ``budgetInterval`` steps and when the run ends; the budget can stop the run.
///
/// A matcher keeps its working memory from one run to the next; it belongs to one thread.
final class IRegexpMatcher {
    /// How much of the string must match.
    enum Extent {
        /// The whole string (JSONPath's `match`).
        case whole
        /// Some substring, possibly empty (JSONPath's `search`).
        case substring
    }

    /// Steps of work between two reports to the budget.
    static let budgetInterval = 4096

    /// The program run.
    let program: IRegexpProgram
    private var machine: Machine

    /// A matcher of the program.
    init(_ program: IRegexpProgram) {
        self.program = program
        machine = Machine(program)
    }

    /// Whether `subject` (or, for ``Extent/substring``, some part of it) matches. `budget` is
    /// given the steps of work done since it was last called, every ``budgetInterval`` steps
    /// and at the end; when it returns false the run stops, and the result is false.
    func matches(_ subject: String, _ extent: Extent, budget: (Int) -> Bool = { _ in true }) -> Bool {
        machine.run(subject.unicodeScalars, substring: extent == .substring, budget: budget)
    }

    /// The threads of a run and the program they run, as a value so that a run works on local
    /// memory.
    private struct Machine {
        let instructions: [IRegexpProgram.Instruction]
        let classes: [IRegexpProgram.CharacterClass]
        /// For each instruction, the position (counted in ``generation``) at which a thread last
        /// reached it.
        var marks: [Int]
        /// Counts positions over all runs, so that ``marks`` need no clearing.
        var generation = 0
        /// The reading instructions the threads stand on before the scalar at hand.
        var current: [Int32] = []
        /// The same for after it.
        var next: [Int32] = []
        /// Instructions still to follow, for ``follow(_:atStart:atEnd:substring:)``.
        var pending: [Int32] = []
        /// Set once a thread reaches ``IRegexpProgram/Instruction/match`` where it counts.
        var accepted = false

        /// A machine for the program, with no threads yet.
        init(_ program: IRegexpProgram) {
            instructions = program.instructions
            classes = program.classes
            marks = Array(repeating: -1, count: program.instructions.count)
        }

        /// Runs the program over `subject` (at every position too, for a `substring` search),
        /// reporting work to `budget` as ``IRegexpMatcher/matches(_:_:budget:)`` says.
        mutating func run(
            _ subject: String.UnicodeScalarView, substring: Bool, budget: (Int) -> Bool
        ) -> Bool {
            var scalars = subject.makeIterator()
            var upcoming = scalars.next()
            var work = 0
            accepted = false
            generation += 1
            next.removeAll(keepingCapacity: true)
            follow(0, atStart: true, atEnd: upcoming == nil, substring: substring)
            swap(&current, &next)
            while !accepted, let scalar = upcoming {
                if current.isEmpty && !substring { break }
                upcoming = scalars.next()
                let atEnd = upcoming == nil
                generation += 1
                next.removeAll(keepingCapacity: true)
                var category: UInt32 = 0
                for pc in current {
                    let reads: Bool
                    switch instructions[Int(pc)] {
                    case .scalar(let expected):
                        reads = scalar == expected
                    case .set(let index):
                        reads = classes[Int(index)].contains(scalar) {
                            if category == 0 { category = IRegexpProgram.categoryBit(scalar) }
                            return category
                        }
                    default:
                        reads = false
                    }
                    if reads { follow(pc + 1, atStart: false, atEnd: atEnd, substring: substring) }
                }
                // A search may also start at every position.
                if substring { follow(0, atStart: false, atEnd: atEnd, substring: true) }
                swap(&current, &next)
                work += current.count + 1
                if work >= IRegexpMatcher.budgetInterval {
                    guard budget(work) else { return false }
                    work = 0
                }
            }
            if work > 0 && !budget(work) { return false }
            return accepted
        }

        /// Adds to ``next`` the reading instructions a thread at `start` comes to without
        /// reading, at a position that is or is not the start and the end of the string;
        /// sets ``accepted`` when it can come to the match (for a whole match, only at the end).
        mutating func follow(_ start: Int32, atStart: Bool, atEnd: Bool, substring: Bool) {
            pending.append(start)
            while let pc = pending.popLast() {
                let index = Int(pc)
                if marks[index] == generation { continue }
                marks[index] = generation
                switch instructions[index] {
                case .scalar, .set:
                    next.append(pc)
                case .jump(let offset):
                    pending.append(pc + offset)
                case .split(let first, let second):
                    pending.append(pc + second)
                    pending.append(pc + first)
                case .start:
                    if atStart { pending.append(pc + 1) }
                case .end:
                    if atEnd { pending.append(pc + 1) }
                case .match:
                    if atEnd || substring { accepted = true }
                }
            }
        }
    }
}
