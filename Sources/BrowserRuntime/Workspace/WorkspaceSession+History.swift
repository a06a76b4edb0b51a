import Browser
import Foundation
import HTTPCore
import NIOConcurrencyHelpers
import OrderedJSON
import Safety
import Workspace

/// The request history: listed, an entry's body opened read-only, re-sent as a filled form,
/// two entries diffed; each read runs off the main actor.
extension WorkspaceSession {
    func listHistory() {
        guard let store = history else {
            let opening = historyBox.withLockedValue { $0.pending != nil }
            dispatch(
                .workspace(
                    .listed(
                        .history, [],
                        message: opening ? "the history file is opening…" : "history is off (see the Events pane)")))
            return
        }
        Task { @MainActor in
            do {
                let entries = try await store.entries(limit: 2000)
                let now = Date()
                let items = entries.map { entry in
                    PickerItem(
                        id: String(entry.id),
                        label: "#\(entry.id) \(entry.method) \(PercentEncoding.readable(entry.url))",
                        detail: [
                            entry.statusText, Format.bytes(entry.bodySize), Format.milliseconds(entry.totalTime),
                            Format.duration(now.timeIntervalSince(entry.date)) + " ago",
                        ].filter { !$0.isEmpty }.joined(separator: " · "))
                }
                dispatch(.workspace(.listed(.history, items, message: nil)))
            } catch {
                dispatch(.workspace(.listed(.history, [], message: "history cannot be read: \(error)")))
            }
        }
    }

    func loadEntry(_ id: String) async -> (HistoryEntry, Data?)? {
        guard let store = history, let number = Int64(id) else { return nil }
        do {
            guard let entry = try await store.entry(id: number) else {
                dispatch(.note("history entry \(id) is gone", isError: true))
                return nil
            }
            try await store.markUsed(id: number)
            return (entry, try await store.body(of: number))
        } catch {
            dispatch(.note("history cannot be read: \(error)", isError: true))
            return nil
        }
    }

    func openHistoryEntry(_ id: String) {
        Task { @MainActor in
            guard let (entry, body) = await loadEntry(id) else { return }
            let content: BodyContent
            if let body {
                // Indexing JSON is the slow part: it runs off the main actor.
                let type = (entry.contentType ?? "").lowercased()
                let document = await Task.detached { type.contains("json") ? try? JSONDocument(data: body) : nil }.value
                content = document.map { .json(JSONOutline($0)) } ?? BodyContent.from(content: body, contentType: type)
            } else {
                content = .empty(entry.bodyDropped ? "the body was too big to keep in history" : "no body")
            }
            let title = "\(entry.method) \(entry.url) · \(entry.statusText)"
            dispatch(
                .workspace(
                    .show(
                        TextViewer(
                            title: title, note: "read-only, from history, \(entry.date.formatted(.iso8601))",
                            body: content))))
        }
    }

    func resendHistoryEntry(_ id: String) {
        Task { @MainActor in
            guard let (entry, _) = await loadEntry(id) else { return }
            var definition = entry.requestDefinition
            // Secret values were masked before they were stored: they cannot be sent again.
            let masked = definition.headers.filter { SecretMasker.isSecretHeader($0.name) }
            definition.headers.removeAll { SecretMasker.isSecretHeader($0.name) }
            // Headers every request gets anyway are not repeated in the form.
            definition.headers.removeAll {
                ["user-agent", "accept", "content-length", "host"].contains($0.name.lowercased())
            }
            if definition.method == "GET" {
                // A secret masked in the stored URL cannot be sent again as it was.
                guard !definition.url.contains(SecretMasker.mask) else {
                    dispatch(
                        .note(
                            "this URL had a secret query parameter, kept masked in history: open it with g and type it",
                            isError: true))
                    return
                }
                dispatch(.workspace(.go(definition.url)))
                return
            }
            guard RequestForm.canSend(method: definition.method) else {
                dispatch(.note("hammock cannot send \(definition.method) requests", isError: true))
                return
            }
            var form = RequestForm(definition: definition, bodyIsOnTheWire: true)
            if !masked.isEmpty {
                form.validationMessage =
                    "history keeps \(masked.map(\.name).joined(separator: ", ")) masked: type it again if needed"
            }
            dispatch(.workspace(.openForm(form)))
        }
    }

    func diffHistoryEntries(_ older: String, _ newer: String) {
        Task { @MainActor in
            guard let (oldEntry, oldBody) = await loadEntry(older), let (newEntry, newBody) = await loadEntry(newer)
            else { return }
            var text = await Task.detached {
                ChangeDetector.diffText(old: oldBody ?? Data(), new: newBody ?? Data())
            }.value
            // A 304 carries no body of its own: comparing it says nothing about the resource.
            for entry in [oldEntry, newEntry] where entry.statusCode == 304 {
                text = "@@ #\(entry.id) is a 304 Not Modified: it has no body of its own to compare\n" + text
            }
            let oldSide = "\(oldEntry.method) \(oldEntry.url)"
            let newSide = "\(newEntry.method) \(newEntry.url)"
            let title =
                oldSide == newSide
                ? "diff #\(older) → #\(newer): \(oldSide)" : "diff #\(older) \(oldSide) → #\(newer) \(newSide)"
            let note =
                "\(oldEntry.date.formatted(.iso8601)) \(oldEntry.statusText) → \(newEntry.date.formatted(.iso8601)) \(newEntry.statusText)"
            dispatch(.workspace(.show(TextViewer(title: title, note: note, text: text, kind: .diff))))
        }
    }
}
