import CNcurses
import TUICore

/// Hands out curses colour pairs for (foreground, background) colours, creating each pair
/// once. When the terminal runs out of pairs, further combinations use pair 0 (the terminal's
/// own colours) rather than failing.
final class ColorPairs {
    private var pairs: [Key: Int32] = [:]
    private var next: Int32 = 1
    private let colorCount: Int32
    private let pairLimit: Int32
    let isEnabled: Bool

    private struct Key: Hashable {
        let foreground: Color
        let background: Color
    }

    init(enabled: Bool) {
        isEnabled = enabled
        colorCount = enabled ? hammock_colors() : 0
        pairLimit = enabled ? min(hammock_color_pairs(), 32_767) : 0
    }

    /// The pair number for a style's colours (0 when colours are off or exhausted).
    func pair(for style: Style) -> Int32 {
        guard isEnabled, style.foreground != .default || style.background != .default else { return 0 }
        let key = Key(foreground: style.foreground, background: style.background)
        if let existing = pairs[key] { return existing }
        guard next < pairLimit else { return 0 }
        let number = next
        next += 1
        init_pair(Int16(number), Int16(index(of: style.foreground)), Int16(index(of: style.background)))
        pairs[key] = number
        return number
    }

    /// Forgets every pair (after a terminal restart).
    func reset() {
        pairs.removeAll()
        next = 1
    }

    private func index(of color: Color) -> Int32 {
        if colorCount >= 256 { return Int32(color.nearestPaletteIndex ?? -1) }
        guard let palette = color.nearestPaletteIndex else { return -1 }
        if colorCount >= 16 && palette < 16 { return Int32(palette) }
        return Int32(color.nearestBasicIndex ?? -1)
    }
}
