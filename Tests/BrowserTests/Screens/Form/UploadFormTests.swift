import DemoAPI
import Foundation
import HTTPCore
import Siesta
import TUICore
import TestSupport
import Testing
import Workspace

@testable import Browser
@testable import BrowserRuntime

/// Multipart and file bodies in request forms, sent over the real demo API's `/upload`, which
/// answers with what arrived.
@Suite("Uploads from request forms")
@MainActor
struct UploadFormTests {
    struct Setup {
        let server: DemoServer
        let folder: TemporaryFolder
        let browser: ResourceBrowser
        let workspace: WorkspaceSession
    }

    func setUp() async throws -> Setup {
        let server = try await DemoServer.start()
        let folder = try TemporaryFolder(prefix: "hammock-upload-form")
        try FileManager.default.createDirectory(atPath: folder.path(".hammock"), withIntermediateDirectories: true)
        let recorder = ExchangeRecorder()
        var settings = HTTPClientSettings()
        settings.cookieJar = HTTPCookieJar()
        let service = Service(baseURL: server.baseURL, networking: recorder.provider(settings: settings))
        let workspace = WorkspaceSession(
            collection: RequestCollection(folder: folder.path(".hammock")), cookieJar: settings.cookieJar,
            processEnvironment: ["HOME": folder.path])
        var state = BrowserState(width: 150, height: 45, serviceBaseURL: server.baseURL.absoluteString)
        state.defaultHeaders = [("User-Agent", "hammock/test"), ("Accept", "application/json, */*;q=0.5")]
        let browser = ResourceBrowser(service: service, state: state, exchangeRecorder: recorder, workspace: workspace)
        browser.start(path: "/upload")
        return Setup(server: server, folder: folder, browser: browser, workspace: workspace)
    }

    func form(_ browser: ResourceBrowser) -> RequestForm? {
        if let form = browser.state.topLayer as? RequestForm { return form }
        return nil
    }

    /// Opens the form of `key` (the POST form by default) and switches its body to `mode` with
    /// Ctrl-T.
    func openForm(_ browser: ResourceBrowser, mode: BodyMode, key: Character = "p") {
        browser.dispatch(.key(.character(key)))
        while let current = form(browser)?.mode, current != mode { browser.dispatch(.key(.control("t"))) }
    }

    /// The server's answer to the form's request.
    func serverAnswer(_ browser: ResourceBrowser) async throws -> [String: Any] {
        await waitUntil("the form's request to finish") {
            guard let form = form(browser) else { return false }
            if case .sending = form.outcome { return false }
            return true
        }
        let finished = try #require(form(browser))
        guard case .succeeded(let status, _) = finished.outcome else {
            Issue.record("the request failed: \(finished.outcome)")
            return [:]
        }
        #expect(status == 200)
        let bytes = try #require(finished.response?.body.bytes)
        return try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
    }

    @Test(
        "Ctrl-T reaches multipart and file bodies; the form lists each part with its file's size, a missing file as a sentence"
    )
    func preview() async throws {
        let setup = try await setUp()
        let browser = setup.browser
        let photo = setup.folder.path("photo.png")
        try Data(repeating: 7, count: 123_456).write(to: URL(fileURLWithPath: photo))
        openForm(browser, mode: .multipart)
        #expect(form(browser)?.mode == .multipart)
        browser.dispatch(.paste("title=Holiday\nphoto=@~/photo.png\ngone=@\(setup.folder.path("gone.bin"))"))
        await waitUntil("the files to be looked at") { form(browser)?.files.count == 2 }
        let screen = BrowserView.render(browser.state).text
        #expect(screen.contains("multipart/form-data body"), "\(screen)")
        #expect(screen.contains("gone: The file \(setup.folder.path("gone.bin")) does not exist."), "\(screen)")
        #expect(screen.contains(#"title: text "Holiday" (7 B)"#), "\(screen)")
        #expect(screen.contains("photo: file ~/photo.png (123.5 kB, as photo.png, image/png)"), "\(screen)")
        #expect(screen.contains("sends 3 parts of multipart/form-data, at least 123.5 kB of content"), "\(screen)")

        browser.dispatch(.key(.control("t")))
        #expect(form(browser)?.mode == .file)
        let several = BrowserView.render(browser.state).text
        #expect(
            several.contains(
                "sends nothing: A file body is one path, and this one has 3 lines; for several files, use multipart."),
            "\(several)")
        for _ in 0..<(form(browser)?.body.text.count ?? 0) { browser.dispatch(.key(.backspace)) }
        browser.dispatch(.paste("~/photo.png"))
        let file = BrowserView.render(browser.state).text
        #expect(file.contains("sends the file ~/photo.png (123.5 kB)"), "\(file)")
        browser.dispatch(.key(.control("t")))
        #expect(form(browser)?.mode == .json, "Ctrl-T goes round")
        await setup.server.shutdown()
    }

    @Test("the o form's Ctrl-T keeps to JSON, text and form-urlencoded: overrideLocalContent takes no files")
    func overrideModes() {
        var modes: [BodyMode] = []
        var mode = BodyMode.json
        for _ in 0..<4 {
            mode = mode.nextInMemory
            modes.append(mode)
        }
        #expect(modes == [.text, .form, .json, .text])
        var form = RequestForm(purpose: .overrideLocal, url: "http://x/")
        form.mode = .file
        #expect(form.validatedBody() == nil)
        #expect(form.validationMessage == "overrideLocalContent takes a JSON, text or form body, not a file one")
    }

    @Test("a multipart form sends its fields and files as curl would, streamed with their length")
    func sendMultipart() async throws {
        let setup = try await setUp()
        let browser = setup.browser
        let photo = setup.folder.path("photo one.png")
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 11) })
        try bytes.write(to: URL(fileURLWithPath: photo))
        try setup.folder.write("notes.txt", "a note\n")
        openForm(browser, mode: .multipart)
        browser.dispatch(
            .paste(
                "title=\"Holiday; 2024\"\nphoto=@\(photo);filename=beach.png\nnotes=<~/notes.txt;type=text/plain"))
        browser.dispatch(.key(.control("s")))
        let answer = try await serverAnswer(browser)
        #expect((answer["contentType"] as? String)?.hasPrefix("multipart/form-data; boundary=") == true)
        #expect(answer["chunked"] as? Bool == false)
        let parts = try #require(answer["parts"] as? [[String: Any]])
        #expect(parts.map { $0["name"] as? String } == ["title", "photo", "notes"])
        #expect(parts[0]["text"] as? String == "Holiday; 2024")
        #expect(parts[1]["filename"] as? String == "beach.png")
        #expect(parts[1]["contentType"] as? String == "image/png")
        #expect(parts[1]["length"] as? Int == 300_000)
        var checksum = UploadChecksum()
        checksum.add(bytes)
        #expect(parts[1]["checksum"] as? String == checksum.hex)
        #expect(parts[2]["text"] as? String == "a note\n")
        #expect(parts[2]["contentType"] as? String == "text/plain")
        #expect(parts[2]["filename"] is NSNull)
        await setup.server.shutdown()
    }

    @Test("a file body is sent whole as application/octet-stream, or with the form's own Content-Type")
    func sendFile() async throws {
        let setup = try await setUp()
        let browser = setup.browser
        let path = try setup.folder.write("data.json", #"{"a": 1}"#)
        openForm(browser, mode: .file)
        browser.dispatch(.paste(path))
        browser.dispatch(.key(.control("s")))
        let answer = try await serverAnswer(browser)
        #expect(answer["contentType"] as? String == "application/octet-stream")
        #expect(answer["contentLength"] as? String == "8")
        browser.dispatch(.key(.backTab))
        browser.dispatch(.paste("Content-Type: application/json"))
        browser.dispatch(.key(.control("s")))
        let typed = try await serverAnswer(browser)
        #expect(typed["contentType"] as? String == "application/json")
        #expect(typed["length"] as? Int == 8)
        await setup.server.shutdown()
    }

    @Test("a file that cannot be read when the form is sent is named, and nothing is sent")
    func missingFileSendsNothing() async throws {
        let setup = try await setUp()
        let browser = setup.browser
        let path = try setup.folder.write("soon-gone.txt", "x")
        openForm(browser, mode: .multipart)
        browser.dispatch(.paste("a=1\nf=@\(path)"))
        await waitUntil("the file to be looked at") { form(browser)?.files[path] != nil }
        try FileManager.default.removeItem(atPath: path)
        let before = setup.server.requestCount(forPath: "/upload")
        browser.dispatch(.key(.control("s")))
        guard case .failed(nil, let message, nil)? = form(browser)?.outcome else {
            Issue.record("expected a refused form, got \(String(describing: form(browser)?.outcome))")
            return
        }
        #expect(message == "The file \(path) does not exist; nothing was sent")
        #expect(setup.server.requestCount(forPath: "/upload") == before)
        await setup.server.shutdown()
    }

    @Test("{{variables}} in a part are filled one by one: a value holding ; stays one value")
    func variables() async throws {
        let setup = try await setUp()
        try setup.folder.write(".hammock/environments/dev.yaml", "dir: \(setup.folder.path)\nnote: \"a;b\"\n")
        setup.workspace.selectEnvironment("dev")
        let browser = setup.browser
        try setup.folder.write("f.txt", "file")
        openForm(browser, mode: .multipart)
        browser.dispatch(.paste("note={{note}}\nf=@{{dir}}/f.txt"))
        browser.dispatch(.key(.control("s")))
        let parts = try #require(try await serverAnswer(browser)["parts"] as? [[String: Any]])
        #expect(parts.map { $0["text"] as? String } == ["a;b", "file"])
        await setup.server.shutdown()
    }

    @Test("Ctrl-Y copies a multipart form as -F parts with absolute paths and the headers every request gets")
    func copyAsCurl() async throws {
        let setup = try await setUp()
        let browser = setup.browser
        var copied: String?
        browser.onEffect = { command in
            if case .copyToClipboard(let text) = command { copied = text }
        }
        openForm(browser, mode: .multipart)
        browser.dispatch(.paste("title=Holiday\nphoto=@~/a b.png;type=image/png\nraw=\"@x\""))
        browser.dispatch(.key(.control("y")))
        let command = try #require(copied)
        let url = setup.server.baseURL.absoluteString + "upload"
        #expect(
            command
                == "curl \(url) -H 'User-Agent: hammock/test' -H 'Accept: application/json, */*;q=0.5' "
                + "-F title=Holiday -F 'photo=@\(setup.folder.path)/a b.png;type=image/png' -F 'raw=\"@x\"'")
        #expect(try CurlCommand.parse(command).bodyKind == .multipart)

        browser.dispatch(.key(.escape))  // the curl viewer
        browser.dispatch(.key(.escape))  // the form
        openForm(browser, mode: .file, key: "a")
        browser.dispatch(.paste("data.bin"))
        browser.dispatch(.key(.control("y")))
        let file = try #require(copied)
        #expect(
            file.hasSuffix(
                "-H 'Content-Type: application/octet-stream' --data-binary @\(FileManager.default.currentDirectoryPath)/data.bin"
            ),
            "\(file)")
        await setup.server.shutdown()
    }

    @Test("a pasted curl -F command opens a multipart form; what it leaves out is said in the form and in Events")
    func importNotes() async throws {
        let setup = try await setUp()
        let browser = setup.browser
        await waitUntil("loaded") { browser.state.current != nil }
        browser.dispatch(.key(.character("I")))
        browser.dispatch(
            .paste("curl -sk -F 'photo=@a.png;type=image/png' -F title=Hi -o out.json https://example.test/up"))
        browser.dispatch(.key(.enter))
        let opened = try #require(form(browser))
        #expect(opened.mode == .multipart)
        #expect(opened.body.text == "photo=@a.png;type=image/png\ntitle=Hi")
        #expect(
            opened.notes == [
                "Left out, since they only change what curl prints: -s.",
                "-k is left out: hammock checks TLS certificates unless it was started with --insecure.",
                "-o out.json is left out: hammock shows the response, and S saves its body to a file.",
            ])
        let screen = BrowserView.render(browser.state).text
        #expect(
            screen.contains("curl, 3 notes (all in Events): Left out, since they only change what curl prints: -s."))
        #expect(
            screen.contains("-k is left out: hammock checks TLS certificates unless it was started with --insecure."))
        let logged = browser.state.events.map(\.detail)
        for note in opened.notes { #expect(logged.contains("curl: " + note), "\(logged)") }
        await setup.server.shutdown()
    }

    @Test("a multipart form saved with F2 opens again from the collection as the same parts")
    func saveAndReopen() async throws {
        let setup = try await setUp()
        let browser = setup.browser
        openForm(browser, mode: .multipart)
        let body = "title=Holiday\nphoto=@~/a.png;filename=\"x;y.png\""
        browser.dispatch(.paste(body))
        browser.dispatch(.key(.function(2)))
        browser.dispatch(.paste("Upload a photo"))
        browser.dispatch(.key(.enter))
        await waitUntil("saved") {
            FileManager.default.fileExists(atPath: setup.folder.path(".hammock/upload-a-photo.yaml"))
        }
        let file = try String(contentsOfFile: setup.folder.path(".hammock/upload-a-photo.yaml"), encoding: .utf8)
        #expect(file.contains("bodyKind: multipart"), "\(file)")
        browser.dispatch(.key(.escape))
        browser.dispatch(.key(.character("C")))
        await waitUntil("listed") {
            if let picker = browser.state.topLayer as? Picker { return !picker.isLoading && !picker.items.isEmpty }
            return false
        }
        browser.dispatch(.key(.enter))
        await waitUntil("opened") { form(browser)?.savedRequest != nil }
        #expect(form(browser)?.mode == .multipart)
        #expect(form(browser)?.body.text == body)
        await setup.server.shutdown()
    }
}
