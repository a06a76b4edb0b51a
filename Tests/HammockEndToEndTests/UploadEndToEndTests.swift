import DemoAPI
import Foundation
import TestSupport
import Testing

/// Uploads, and curl commands that are the request hammock sends, in the built binary over the
/// demo API on loopback (its `/upload` answers with what arrived).
@Suite("uploads and curl in and out in the hammock binary", .serialized)
struct UploadEndToEndTests {
    /// Starts hammock on `path` of `server` in `folder` (its working folder, and its home).
    private static func start(_ server: DemoServer, _ path: String, in folder: TemporaryFolder) throws -> TmuxSession {
        try TmuxSession(
            arguments: [
                "--no-cache", "--history", folder.path("history.sqlite"), server.baseURL.absoluteString + path,
            ],
            environment: [
                "XDG_STATE_HOME": folder.path("state"), "XDG_CONFIG_HOME": folder.path("config"), "HOME": folder.path,
            ],
            width: 120, height: 40, directory: folder.path)
    }

    /// Opens the POST form and presses Ctrl-T until the body is `label`, waiting for each mode.
    private static func openForm(_ session: TmuxSession, mode label: String) async throws {
        try session.keys("p")
        await session.waitFor("request(.post, …) JSON body")
        for next in ["text", "form-urlencoded", "multipart/form-data", "file"] {
            try session.keys("C-t")
            await session.waitFor("request(.post, …) \(next) body")
            if next == label { return }
        }
    }

    @Test("y and Ctrl-Y show the request as sent: User-Agent, Accept and Accept-Encoding included")
    func copyAsSent() async throws {
        let server = try await DemoServer.start()
        let folder = try TemporaryFolder(prefix: "hammock-e2e-copy")
        let session = try Self.start(server, "headers", in: folder)
        defer { session.close() }
        // What hammock sent, as the server saw it.
        let sent = await session.waitFor(#""user-agent": "hammock/"#)
        #expect(sent.contains(#""accept": "application/json, */*;q=0.5""#), "\(sent)")
        #expect(sent.contains(#""accept-encoding": "deflate, gzip""#), "\(sent)")
        try session.keys("y")
        let copied = await session.waitFor("-H 'Accept-Encoding: deflate, gzip'")
        #expect(copied.contains("curl \(server.baseURL.absoluteString)headers"), "\(copied)")
        #expect(copied.contains("-H 'User-Agent: hammock/"), "\(copied)")
        #expect(copied.contains("-H 'Accept: application/json, */*;q=0.5'"), "\(copied)")
        #expect(copied.contains("--compressed"), "\(copied)")
        try session.keys("Escape")
        await session.waitForAbsence(of: "--compressed")
        try session.keys("p")
        await session.waitFor("request(.post, …)")
        try session.keys("BTab")
        try session.type("Accept: text/csv")
        try session.keys("C-y")
        let form = await session.waitFor("-H 'Accept: text/csv'")
        #expect(form.contains("-H 'User-Agent: hammock/"), "\(form)")
        #expect(!form.contains("-H 'Accept: application/json"), "the form's Accept replaces the default:\n\(form)")
        await server.shutdown()
    }

    @Test("a multipart form: parts with their sizes, a missing file named and nothing sent, then sent with Ctrl-S")
    func multipartForm() async throws {
        let server = try await DemoServer.start()
        let folder = try TemporaryFolder(prefix: "hammock-e2e-multipart")
        try Data(repeating: 42, count: 54_321).write(to: URL(fileURLWithPath: folder.path("photo.png")))
        try folder.write("notes.txt", "hello from a file")
        let session = try Self.start(server, "upload", in: folder)
        defer { session.close() }
        await waitUntil("the GET that opens /upload") { server.requestCount(forPath: "/upload") == 1 }
        try await Self.openForm(session, mode: "multipart/form-data")
        try session.type("title=Holiday")
        try session.keys("Enter")
        try session.type("photo=@photo.png")
        try session.keys("Enter")
        try session.type("notes=<~/missing.txt")
        let listed = await session.waitFor("notes: The file \(folder.path("missing.txt")) does not exist.")
        #expect(listed.contains("photo: file photo.png (54.3 kB, as photo.png, image/png)"), "\(listed)")
        #expect(listed.contains(#"title: text "Holiday" (7 B)"#), "\(listed)")
        try session.keys("C-s")
        let refused = await session.waitFor("onFailure  The file \(folder.path("missing.txt")) does not")
        #expect(!refused.contains("onSuccess"), "\(refused)")
        #expect(server.requestCount(forPath: "/upload") == 1, "only the GET that opened it")
        try session.keys("F1")
        await session.waitFor("one part a line, as curl -F: name=value, name=@file, name=<file")
        try session.keys("Escape")
        await session.waitForAbsence(of: "one part a line, as curl -F")
        try session.keys("C-u")
        try session.type("notes=<~/notes.txt")
        await session.waitFor("notes: file ~/notes.txt (17 B, its text as the value)")
        try session.keys("C-s")
        await session.waitFor("onSuccess 200")
        try session.keys("C-r")
        let head = await session.waitFor(#""contentType": "multipart/form-data; boundary="#)
        #expect(head.contains(#""chunked": false"#), "\(head)")
        try session.keys("End")
        await session.waitFor(#""text": "hello from a file""#)
        // The GET that opened it, the POST, and the load that follows the write.
        await waitUntil("the load after the write") { server.requestCount(forPath: "/upload") == 3 }
        await server.shutdown()
    }

    @Test("I reads curl -F into a multipart form and names what it leaves out (-k, -L, -s)")
    func curlImport() async throws {
        let server = try await DemoServer.start()
        let folder = try TemporaryFolder(prefix: "hammock-e2e-curl-f")
        try folder.write("a.txt", "file a")
        let session = try Self.start(server, "upload", in: folder)
        defer { session.close() }
        await session.waitFor("requested")
        try session.keys("I")
        await session.waitFor("curl command:")
        try session.type("curl -skL -F 'doc=@a.txt;type=text/plain' -F n=1 \(server.baseURL.absoluteString)upload")
        try session.keys("Enter")
        let form = await session.waitFor("request(.post, …) multipart/form-data body")
        #expect(form.contains("doc=@a.txt;type=text/plain"), "\(form)")
        // The notes may reach the screen a frame after the form.
        await session.waitFor("curl, 3 notes (all in Events): Left out, since they only change what curl prints: -s.")
        await session.waitFor("-k is left out: hammock checks TLS certificates unless")
        await session.waitFor("doc: file a.txt (6 B, as a.txt, text/plain)")
        try session.keys("C-s")
        await session.waitFor("onSuccess 200")
        try session.keys("C-r")
        await session.waitFor(#""text": "file a""#)
        await server.shutdown()
    }

    @Test("a 200 MB file is sent whole while hammock's memory stays flat")
    func largeFile() async throws {
        let server = try await DemoServer.start()
        let folder = try TemporaryFolder(prefix: "hammock-e2e-large")
        let size: UInt64 = 200 * 1024 * 1024
        // Sparse: no disk is written, yet every byte is read and sent.
        #expect(FileManager.default.createFile(atPath: folder.path("big.bin"), contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder.path("big.bin")))
        try handle.truncate(atOffset: size)
        try handle.close()
        let session = try Self.start(server, "upload", in: folder)
        defer { session.close() }
        await session.waitFor("requested")
        let pid = try #require(
            Int32(
                try session.tmux(["list-panes", "-t", "main", "-F", "#{pane_pid}"]).trimmingCharacters(
                    in: .whitespacesAndNewlines)))
        try await Self.openForm(session, mode: "file")
        try session.type("big.bin")
        await session.waitFor("sends the file big.bin (209.7 MB)")
        let before = try #require(Self.peakMemory(of: pid))
        try session.keys("C-s")
        await session.waitFor("onSuccess 200", timeout: 120)
        try session.keys("C-r")
        let response = await session.waitFor(#""length": 209715200"#)
        #expect(response.contains(#""contentLength": "209715200""#), "\(response)")
        let after = try #require(Self.peakMemory(of: pid))
        // Read whole, the file alone would add 200 MB; streamed, a few chunks are in flight.
        #expect(after - before < 64 * 1024, "peak resident memory grew from \(before) kB to \(after) kB")
        await server.shutdown()
    }

    /// The peak resident memory of a process in kB (`VmHWM`).
    private static func peakMemory(of pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
        }
        return nil
    }
}
