import Foundation
import Safety

/// Writes requests made from an API description into a collection, and on later runs merges a
/// newer description into it without losing what the user changed.
///
/// The first run writes a request file per operation (in a folder per tag) and keeps, in the
/// collection's hidden `.openapi/` folder, the description (`description.json` or `.yaml`) and
/// what was generated (`base.json`). A later run merges three ways, per operation:
/// - an operation new to the description gets a new file;
/// - an operation still there has its file merged field by field (``RequestMerge``): what the
///   user left as generated follows the description, what the user edited stays;
/// - an operation gone from the description has its file moved to `removed/` (same subfolder),
///   never deleted;
/// - an operation whose file the user deleted or moved is not written again.
///
/// A request's name and file name stay as first written (or as the user renamed them).
public struct CollectionSync: Sendable {
    /// The hidden folder of the collection where the sync keeps its state.
    public static let stateFolder = ".openapi"
    /// The folder removed operations move to.
    public static let removedFolder = "removed"

    /// The collection written to.
    public let collection: RequestCollection

    /// A sync into `collection` (its folder is created when needed).
    public init(collection: RequestCollection) {
        self.collection = collection
    }

    /// True when the collection was written from a description before.
    public var hasBase: Bool {
        FileManager.default.fileExists(atPath: basePath)
    }

    /// Merges `requests` into the collection and keeps `description` (its bytes, with
    /// `fileExtension` `json` or `yaml`) and where it came from.
    ///
    /// - Throws: ``CollectionError`` naming the file when the collection or its state cannot be
    ///   read or written; files done before the failure stay done.
    public func apply(
        _ requests: [GeneratedRequest], source: String, description: Data, fileExtension: String
    ) throws(CollectionError) -> CollectionSyncReport {
        var report = CollectionSyncReport()
        try makeFolder(collection.path(of: Self.stateFolder))
        let base = try readBase()
        let keys = Set(requests.map(\.key))
        // Gone from the description first: a new operation may take its file name.
        for old in base?.entries ?? [] where !keys.contains(old.key) {
            guard FileManager.default.fileExists(atPath: collection.path(of: old.file)) else { continue }
            let moved = try moveToRemoved(old.file)
            report.changes.append(.removed(file: old.file, to: moved))
        }
        var remaining = Dictionary((base?.entries ?? []).map { ($0.key, $0) }) { first, _ in first }
        var entries: [SyncBase.Entry] = []
        for request in requests {
            guard let old = remaining.removeValue(forKey: request.key) else {
                let saved = try collection.save(request.definition, name: request.name, in: request.group)
                report.changes.append(.added(file: saved.id))
                entries.append(SyncBase.Entry(key: request.key, file: saved.id, definition: request.definition))
                continue
            }
            entries.append(try merge(request, over: old, into: &report))
        }
        // The state may be committed with the collection: no credentials in it.
        try write(
            SyncBase(source: SecretMasker.maskURL(source), entries: entries), description: description,
            fileExtension: fileExtension)
        return report
    }

    /// Merges one operation still in the description; returns its new base entry.
    private func merge(
        _ request: GeneratedRequest, over old: SyncBase.Entry, into report: inout CollectionSyncReport
    ) throws(CollectionError) -> SyncBase.Entry {
        let generated = SyncBase.Entry(key: request.key, file: old.file, definition: request.definition)
        guard FileManager.default.fileExists(atPath: collection.path(of: old.file)) else {
            report.changes.append(.fileGone(file: old.file))
            return generated
        }
        let saved = try collection.request(id: old.file)
        guard let mine = saved.definition else {
            report.changes.append(.unreadable(file: old.file, reason: saved.problem?.description ?? "not a request"))
            // Merged next time from the same base.
            return old
        }
        let merged = RequestMerge(base: old.definition, mine: mine, theirs: request.definition)
        if merged.definition != mine {
            try collection.update(old.file, definition: merged.definition)
            report.changes.append(.updated(file: old.file, fields: merged.followed))
        } else if merged.kept.isEmpty {
            report.unchanged += 1
        }
        for kept in merged.kept {
            report.changes.append(.keptEdit(file: old.file, field: kept.field, description: kept.description))
        }
        return generated
    }

    // MARK: files

    private var basePath: String { collection.path(of: Self.stateFolder + "/base.json") }

    private func readBase() throws(CollectionError) -> SyncBase? {
        let path = basePath
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            let data = try FileSystem.readFile(path, limit: 64 << 20)
            return try JSONDecoder().decode(SyncBase.self, from: data)
        } catch let failure as FileSystem.Failure {
            throw CollectionError(path: path, message: "Could not read \(path): \(failure.reason).")
        } catch {
            throw CollectionError(
                path: path,
                message: "\(path) is not what an earlier import wrote (\(error)); move it away to import afresh.")
        }
    }

    private func write(_ base: SyncBase, description: Data, fileExtension: String) throws(CollectionError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let folder = collection.path(of: Self.stateFolder)
        let descriptionPath = folder + "/description." + (fileExtension == "yaml" ? "yaml" : "json")
        do {
            let data = try encoder.encode(base)
            try FileSystem.replace(basePath, with: data)
            for other in ["json", "yaml"] where !descriptionPath.hasSuffix(other) {
                try? FileSystem.remove(folder + "/description." + other)
            }
            try FileSystem.replace(descriptionPath, with: description)
        } catch let failure as FileSystem.Failure {
            throw CollectionError(path: failure.path, message: "Could not write \(failure.path): \(failure.reason).")
        } catch {
            throw CollectionError(path: basePath, message: "Could not write \(basePath): \(error).")
        }
    }

    /// Moves request `id` under `removed/`, keeping its subfolder; a name taken there gets
    /// `-2`, `-3`, …. Returns the new id.
    private func moveToRemoved(_ id: String) throws(CollectionError) -> String {
        let group = (id as NSString).deletingLastPathComponent
        let file = (id as NSString).lastPathComponent
        let stem = (file as NSString).deletingPathExtension
        let targetGroup = group.isEmpty ? Self.removedFolder : Self.removedFolder + "/" + group
        try makeFolder(collection.path(of: targetGroup))
        var attempt = 0
        while true {
            let name = attempt == 0 ? file : "\(stem)-\(attempt + 1).yaml"
            let target = targetGroup + "/" + name
            if !FileManager.default.fileExists(atPath: collection.path(of: target)) {
                do {
                    try FileManager.default.moveItem(
                        atPath: collection.path(of: id), toPath: collection.path(of: target))
                } catch {
                    throw CollectionError(
                        path: collection.path(of: id),
                        message:
                            "Could not move \(collection.path(of: id)) to \(collection.path(of: target)): \(error.localizedDescription)."
                    )
                }
                return target
            }
            attempt += 1
        }
    }

    private func makeFolder(_ path: String) throws(CollectionError) {
        do {
            try FileSystem.makeDirectories(path)
        } catch {
            throw CollectionError(path: path, message: "Could not create the folder \(path): \(error.reason).")
        }
    }
}
