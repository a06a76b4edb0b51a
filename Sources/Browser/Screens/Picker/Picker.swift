import Foundation

/// A list overlay with a filter typed as you go: request history, saved requests, and
/// environments. Typing filters; ↑/↓ move; Enter and the purpose's Ctrl keys act on the
/// selected item; `Esc` closes.
public struct Picker {
    /// What the list is.
    public enum Purpose: Sendable, Equatable {
        /// Every request sent, newest first.
        case history
        /// The saved requests of the collection.
        case collection
        /// The collection's environments.
        case environment
        /// The versions of the resource at a URL in this run, newest first.
        case timeline(url: String)
        /// The cookies in the jar.
        case cookies
        /// The operations of the API description, by tag.
        case operations
    }

    /// What the list is.
    public var purpose: Purpose
    /// All items, before filtering.
    public var items: [PickerItem]
    /// The filter typed so far.
    public var filter: TextEditor
    /// The selected row among the filtered items.
    public var cursor = 0
    /// An item marked for a diff (history: Ctrl-D on one, then on another).
    public var marked: String?
    /// True until the first list arrives.
    public var isLoading: Bool
    /// A line under the list (a problem, or what was done).
    public var message: String?
    /// The items whose ``PickerItem/secret`` shows (Enter in the cookie jar), by id.
    public var revealed: Set<String> = []

    /// Creates an empty, loading list.
    public init(purpose: Purpose, items: [PickerItem] = [], isLoading: Bool = true) {
        self.purpose = purpose
        self.items = items
        self.isLoading = isLoading
        filter = TextEditor("", singleLine: true)
    }

    /// The title on the box.
    public var title: String {
        switch purpose {
        case .history: return "history"
        case .collection: return "saved requests"
        case .environment: return "environments"
        case .timeline: return "timeline"
        case .cookies: return "cookie jar"
        case .operations: return "operations"
        }
    }

    /// The items the filter lets through, in order: the rows that match, everything under a group
    /// whose name matches, and the groups above any row that stays (a group stays only while one of
    /// its rows does).
    public var visibleItems: [PickerItem] {
        let query = filter.text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !query.isEmpty else { return items }
        func matches(_ item: PickerItem) -> Bool {
            item.label.lowercased().contains(query) || item.detail.lowercased().contains(query)
                || item.id.lowercased().contains(query)
        }
        var keep = [Bool](repeating: false, count: items.count)
        var index = 0
        while index < items.count {
            let item = items[index]
            if item.isGroup, matches(item) {
                // The group and all that lies under it.
                keep[index] = true
                var next = index + 1
                while next < items.count, items[next].depth > item.depth {
                    keep[next] = true
                    next += 1
                }
                index = next
                continue
            }
            if !item.isGroup, matches(item) {
                keep[index] = true
                // The groups above it.
                var depth = item.depth
                var above = index - 1
                while above >= 0, depth > 0 {
                    if items[above].isGroup, items[above].depth < depth {
                        keep[above] = true
                        depth = items[above].depth
                    }
                    above -= 1
                }
            }
            index += 1
        }
        return items.indices.filter { keep[$0] }.map { items[$0] }
    }

    /// Moves the cursor by `rows` (negative: up), past group headings, which cannot be opened; it
    /// stays within the list.
    public mutating func move(by rows: Int) {
        let visible = visibleItems
        guard !visible.isEmpty else {
            cursor = 0
            return
        }
        var target = min(max(0, cursor + rows), visible.count - 1)
        let step = rows < 0 ? -1 : 1
        var probe = target
        while visible.indices.contains(probe), visible[probe].isGroup { probe += step }
        if !visible.indices.contains(probe) {
            // Nothing openable that way: look the other way from the target.
            probe = target
            while visible.indices.contains(probe), visible[probe].isGroup { probe -= step }
        }
        if visible.indices.contains(probe) { target = probe }
        cursor = target
    }

    /// Puts the cursor on the first row that can be opened (after the filter changed).
    public mutating func moveToFirst() {
        cursor = 0
        move(by: 0)
    }

    /// The selected item, if any.
    public var selected: PickerItem? {
        let visible = visibleItems
        return visible.indices.contains(cursor) ? visible[cursor] : nil
    }
}
