/// The earlier lines of one kind of input (the go prompt, search, a WebSocket message line) and
/// where Up / Down stand among them, as a shell keeps its history.
///
/// Lines are kept oldest first, each once (giving a line again moves it to the end), at most
/// ``capacity`` of them. A walk starts at the newest line; walking down past it gives back the
/// text that was being typed when the walk began.
public struct LineRecall: Sendable, Equatable {
    /// The lines, oldest first.
    public private(set) var lines: [String] = []
    /// The most lines kept; the oldest go first.
    public let capacity: Int
    /// The line shown by the walk, an index into ``lines``; nil when not walking.
    private var index: Int?
    /// What was being typed when the walk began.
    private var typed = ""

    /// Creates an empty recall keeping at most `capacity` lines.
    public init(capacity: Int = 200) {
        self.capacity = max(1, capacity)
    }

    /// True while Up / Down show an earlier line.
    public var isWalking: Bool { index != nil }

    /// Keeps `line` as the newest (blank lines are not kept) and ends any walk.
    public mutating func remember(_ line: String) {
        index = nil
        guard !line.allSatisfy(\.isWhitespace) else { return }
        lines.removeAll { $0 == line }
        lines.append(line)
        if lines.count > capacity { lines.removeFirst(lines.count - capacity) }
    }

    /// Up: the line before the one shown, or the newest when the walk starts (`current` is what
    /// is typed then); the oldest stays. Nil when nothing was kept.
    public mutating func earlier(current: String) -> String? {
        guard !lines.isEmpty else { return nil }
        if let index {
            self.index = max(0, index - 1)
        } else {
            typed = current
            index = lines.count - 1
        }
        return lines[self.index!]
    }

    /// Down: the line after the one shown; past the newest, the text typed before the walk began.
    /// Nil when not walking.
    public mutating func later() -> String? {
        guard let index else { return nil }
        if index + 1 < lines.count {
            self.index = index + 1
            return lines[index + 1]
        }
        self.index = nil
        return typed
    }

    /// Ends a walk without changing the lines (a prompt opens or closes).
    public mutating func endWalk() {
        index = nil
    }
}
