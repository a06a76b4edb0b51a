import TUICore

/// A key hint of a footer (`Ctrl-S send`): made from a ``Binding`` with a footer place, so a
/// footer says what the bindings say, remapped keys included.
struct KeyHint: Equatable {
    /// The key as shown (`Ctrl-S`, `n/Esc`).
    var key: String
    /// What it does, in a word or two.
    var label: String
    /// Lower first: kept longer when the row is short.
    var priority: Int

    /// The hints of `bindings` that have a footer place, in the bindings' order.
    static func of(_ bindings: [Binding]) -> [KeyHint] {
        bindings.compactMap { binding in
            guard let priority = binding.footer, !binding.keys.isEmpty else { return nil }
            return KeyHint(key: keyText(binding.keys), label: binding.footerLabel ?? binding.help, priority: priority)
        }
    }

    /// At most two of `keys`, leaving out mouse wheels and the capital twin of a letter already
    /// shown (`y Y` shows as `y`).
    static func keyText(_ keys: [Key]) -> String {
        var shown: [Key] = []
        for key in keys where key != .wheelUp && key != .wheelDown {
            if case .character(let character) = key, character.isUppercase,
                shown.contains(.character(Character(character.lowercased())))
            {
                continue
            }
            shown.append(key)
        }
        return shown.prefix(2).map(\.name).joined(separator: "/")
    }

    /// The hints that fit in `width` columns, chosen by priority and shown in their own order.
    static func fitting(_ hints: [KeyHint], width: Int) -> [KeyHint] {
        var chosen = Set<Int>()
        var used = 0
        for (index, hint) in hints.enumerated().sorted(by: { $0.element.priority < $1.element.priority }) {
            let columns = hint.columns + 2
            if used + columns - 2 <= width {
                chosen.insert(index)
                used += columns
            }
        }
        return hints.enumerated().filter { chosen.contains($0.offset) }.map(\.element)
    }

    /// Columns the hint takes without the gap after it.
    var columns: Int { CharacterWidth.of(key) + 1 + CharacterWidth.of(label) }

    /// The hints as spans: the key bold in the accent colour, the label muted, two spaces apart.
    static func spans(_ hints: [KeyHint], theme: Theme) -> [Span] {
        var spans: [Span] = []
        for (index, hint) in hints.enumerated() {
            spans.append(Span(hint.key, theme.style(.accent, attributes: .bold)))
            spans.append(Span(" " + hint.label + (index < hints.count - 1 ? "  " : ""), theme.style(.muted)))
        }
        return spans
    }

    /// The hints of `bindings` that fit in `width` columns, as spans.
    static func spans(_ bindings: [Binding], theme: Theme, width: Int) -> [Span] {
        spans(fitting(of(bindings), width: width), theme: theme)
    }
}
