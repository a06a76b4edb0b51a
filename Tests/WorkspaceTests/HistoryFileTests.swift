import Foundation
import TestSupport
import Testing
import Workspace

@Suite("The history file: default path, damaged files, unusable places")
struct HistoryFileTests {
    private static func randomBytes(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    @Test("the default path is under XDG_STATE_HOME, else ~/.local/state")
    func defaultPath() {
        #expect(
            HistoryStore.defaultFileURL(environment: ["XDG_STATE_HOME": "/srv/state", "HOME": "/home/ann"]).path
                == "/srv/state/hammock/history.sqlite")
        #expect(
            HistoryStore.defaultFileURL(environment: ["HOME": "/home/ann"]).path
                == "/home/ann/.local/state/hammock/history.sqlite")
        #expect(
            HistoryStore.defaultFileURL(environment: ["XDG_STATE_HOME": "", "HOME": "/home/ann"]).path
                == "/home/ann/.local/state/hammock/history.sqlite")
        #expect(
            HistoryStore.defaultFileURL(environment: ["XDG_STATE_HOME": "relative/state", "HOME": "/home/ann"]).path
                == "/home/ann/.local/state/hammock/history.sqlite")
    }

    @Test("a file that is not a database is moved aside, the note says where, and the history starts empty")
    func corruptFileMovedAside() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("state/hammock/history.sqlite")
        try FileManager.default.createDirectory(
            atPath: folder.path("state/hammock"), withIntermediateDirectories: true)
        let garbage = Self.randomBytes(32 * 1024)
        try garbage.write(to: URL(fileURLWithPath: path))

        let store = try await HistoryStore(fileURL: URL(fileURLWithPath: path))

        let moved = try #require(store.movedAsideFileURL)
        #expect(moved.lastPathComponent.hasPrefix("history.sqlite.corrupt-"))
        #expect(try Data(contentsOf: moved) == garbage)
        let note = try #require(store.recoveryNote)
        #expect(note.hasPrefix("The history file \(path) was not a usable database ("))
        #expect(note.hasSuffix("it was moved to \(moved.path) and a new, empty history file was created."))
        #expect(try await store.count == 0)
        let entry = try await store.record(Exchange(method: "GET", url: "http://127.0.0.1/after"))
        #expect(try await store.entries() == [entry])
    }

    @Test("a database with overwritten pages fails its check and is moved aside")
    func damagedPages() async throws {
        let folder = try TemporaryFolder()
        let url = URL(fileURLWithPath: folder.path("history.sqlite"))
        do {
            let store = try await HistoryStore(fileURL: url)
            for index in 0..<100 {
                try await store.record(
                    Exchange(
                        method: "GET", url: "http://127.0.0.1/item/\(index)",
                        body: Data(repeating: 7, count: 2000)))
            }
            await store.close()
        }
        var bytes = try Data(contentsOf: url)
        #expect(bytes.count > 40_000)
        bytes.replaceSubrange(4096..<bytes.count, with: Data(repeating: 0xA5, count: bytes.count - 4096))
        try bytes.write(to: url)

        let store = try await HistoryStore(fileURL: url)

        #expect(store.recoveryNote != nil)
        #expect(try Data(contentsOf: try #require(store.movedAsideFileURL)) == bytes)
        #expect(try await store.count == 0)
    }

    @Test("an unwritable folder is an error whose sentence names the path and why")
    func unwritableFolder() async throws {
        let folder = try TemporaryFolder()
        let path: String
        let reason: String
        if geteuid() == 0 {
            // Permissions do not stop root: a regular file where the folder should be does.
            let blocker = try folder.write("blocker", "not a folder")
            path = blocker + "/history.sqlite"
            reason = "\(blocker) is not a directory"
        } else {
            let locked = folder.path("locked")
            try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
            #expect(chmod(locked, 0o500) == 0)
            path = locked + "/history.sqlite"
            reason = "its folder \(locked) is not writable (Permission denied)"
        }
        defer { chmod(folder.path("locked"), 0o700) }

        let error = await #expect(throws: HistoryStoreError.self) {
            _ = try await HistoryStore(fileURL: URL(fileURLWithPath: path))
        }
        #expect(error == .cannotOpen(path: path, reason: reason))
        #expect(error?.description == "The history file \(path) cannot be opened: \(reason).")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("with refusesForeignFile a file that is not SQLite is left alone")
    func foreignFileRefused() async throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("notes.txt", "my important notes\n")
        let error = await #expect(throws: HistoryStoreError.self) {
            _ = try await HistoryStore(fileURL: URL(fileURLWithPath: path), refusesForeignFile: true)
        }
        #expect(error == .foreignFile(path: path, reason: "it is not an SQLite file"))
        #expect(error?.description == "The history file \(path) was left alone: it is not an SQLite file.")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "my important notes\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
    }

    @Test("a history file of a newer layout is refused and not changed")
    func newerLayout() async throws {
        let folder = try TemporaryFolder()
        let url = URL(fileURLWithPath: folder.path("history.sqlite"))
        do {
            let store = try await HistoryStore(fileURL: url)
            try await store.record(Exchange(method: "GET", url: "http://127.0.0.1/kept"))
            await store.close()
        }
        // Bump the layout version the way a newer hammock would: byte 60 of the header is
        // user_version's last byte (big-endian).
        var bytes = try Data(contentsOf: url)
        bytes[63] = 9
        try bytes.write(to: url)

        let error = await #expect(throws: HistoryStoreError.self) { _ = try await HistoryStore(fileURL: url) }
        guard case .incompatibleFile(let path, let reason) = error else {
            Issue.record("expected incompatibleFile, got \(String(describing: error))")
            return
        }
        #expect(path == url.path)
        #expect(reason == "its format version is 9, this version reads up to 1")
        #expect(try Data(contentsOf: url) == bytes)
    }
}
