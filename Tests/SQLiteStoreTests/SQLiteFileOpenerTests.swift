import Foundation
import SQLiteStore
import TestSupport
import Testing

@Suite("Opening store files: folders, damaged files, foreign files, permissions")
struct SQLiteFileOpenerTests {
    private struct Incompatible: Error {}

    /// Opens `path` with a one-table layout, as a store would.
    private static func open(
        _ path: String, foreignFiles: SQLiteFileOpener.ForeignFilePolicy = .moveAside
    ) throws -> SQLiteFileOpener.Opened {
        try SQLiteFileOpener.open(
            fileURL: URL(fileURLWithPath: path), fileDescription: "test store", foreignFiles: foreignFiles
        ) { connection in
            try connection.execute("CREATE TABLE IF NOT EXISTS notes (text TEXT)")
        }
    }

    private static func randomBytes(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    @Test("missing folders are created and the new file is in WAL mode with the busy timeout set")
    func createsFolders() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("a/b/store.sqlite")
        let opened = try Self.open(path)
        #expect(opened.recoveryNote == nil)
        #expect(opened.movedAsideURL == nil)
        #expect(try opened.connection.journalMode() == "wal")
        #expect(try opened.connection.busyTimeoutMilliseconds() == 5000)
        try opened.connection.execute("INSERT INTO notes VALUES ('kept')")
        try opened.connection.close()

        let again = try Self.open(path)
        #expect(try again.connection.strings("SELECT text FROM notes") == ["kept"])
        #expect(again.recoveryNote == nil)
    }

    @Test("a file that is not a database is moved aside intact, with a note, and an empty file takes its place")
    func damagedFileMovedAside() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("store.sqlite")
        let garbage = Self.randomBytes(16 * 1024)
        try garbage.write(to: URL(fileURLWithPath: path))

        let opened = try Self.open(path)

        let moved = try #require(opened.movedAsideURL)
        #expect(moved.lastPathComponent.hasPrefix("store.sqlite.corrupt-"))
        #expect(try Data(contentsOf: moved) == garbage)
        let note = try #require(opened.recoveryNote)
        #expect(note.hasPrefix("The test store file \(path) was not a usable database ("))
        #expect(note.hasSuffix("it was moved to \(moved.path) and a new, empty test store file was created."))
        #expect(try opened.connection.strings("SELECT count(*) FROM notes") == ["0"])
        #expect(try opened.connection.quickCheck().isEmpty)
    }

    @Test("with the refuse policy a regular file that is not SQLite is left alone")
    func foreignFileRefused() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("notes.txt", "my important notes\n")

        let error = #expect(throws: SQLiteStoreError.self) { try Self.open(path, foreignFiles: .refuse) }
        #expect(error == .foreignFile(path: path, kind: .notSQLiteFile))
        #expect(error?.description == "\(path) was left alone: it is not an SQLite file.")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "my important notes\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
    }

    @Test("with the refuse policy an empty file or an SQLite file is opened as usual")
    func refusePolicyOpensDatabases() throws {
        let folder = try TemporaryFolder()
        let empty = try folder.write("empty.sqlite", "")
        #expect(try Self.open(empty, foreignFiles: .refuse).recoveryNote == nil)
        let existing = folder.path("existing.sqlite")
        try Self.open(existing).connection.close()
        #expect(try Self.open(existing, foreignFiles: .refuse).recoveryNote == nil)
    }

    @Test("a pipe at the path is never opened, whatever the policy")
    func pipeRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("store.sqlite")
        #expect(mkfifo(path, 0o600) == 0)
        for policy in [SQLiteFileOpener.ForeignFilePolicy.moveAside, .refuse] {
            let error = #expect(throws: SQLiteStoreError.self) { try Self.open(path, foreignFiles: policy) }
            #expect(error == .foreignFile(path: path, kind: .notRegularFile))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["store.sqlite"])
    }

    @Test("a directory at the path is an error naming it")
    func directoryAtPath() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("store.sqlite")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let error = #expect(throws: SQLiteStoreError.self) { try Self.open(path) }
        #expect(error == .cannotOpen(path: path, reason: "it is a directory"))
    }

    @Test("a folder that cannot take files is an error that names the folder and the reason")
    func unwritableFolder() throws {
        let folder = try TemporaryFolder()
        let path: String
        let expectedReason: String
        if geteuid() == 0 {
            // Permissions do not stop root: a regular file where the folder should be does.
            let blocker = try folder.write("blocker", "not a folder")
            path = blocker + "/store.sqlite"
            expectedReason = "\(blocker) is not a directory"
        } else {
            let locked = folder.path("locked")
            try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
            #expect(chmod(locked, 0o500) == 0)
            path = locked + "/store.sqlite"
            expectedReason = "its folder \(locked) is not writable (Permission denied)"
        }
        defer { chmod(folder.path("locked"), 0o700) }

        let error = #expect(throws: SQLiteStoreError.self) { try Self.open(path) }
        #expect(error == .cannotOpen(path: path, reason: expectedReason))
        #expect(error?.description == "The SQLite file \(path) cannot be opened: \(expectedReason).")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("an error from the compatibility check passes through and the file is not changed")
    func incompatibleFileUntouched() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("store.sqlite")
        do {
            let connection = try BlockingSQLiteConnection(path: path)
            try connection.setUserVersion(9)
            try connection.close()
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        #expect(throws: Incompatible.self) {
            try SQLiteFileOpener.open(
                fileURL: URL(fileURLWithPath: path), fileDescription: "test store",
                checkCompatibility: { connection in
                    if try connection.userVersion() > 1 { throw Incompatible() }
                },
                prepare: { _ in Issue.record("prepare ran on an incompatible file") })
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["store.sqlite"])
    }
}
