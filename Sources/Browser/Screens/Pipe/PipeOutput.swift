import Foundation
import TUICore
import Workspace

/// The output of a shell command the shown body was piped to (`|`): while it runs, how long and
/// how much it has written so far; once it ends, its output (as a JSON document when it is JSON,
/// else text or bytes) under a line saying how it ended, with the first line of its error output.
///
/// `Esc` stops a running command, keeping what it wrote; `Esc` again closes. The output folds and
/// scrolls like every body.
public struct PipeOutput: Layer {
    /// The command as typed.
    public var command: String
    /// Which run this is: progress and results of an earlier run are ignored.
    public var generation: Int
    /// When it started (the state's clock).
    public var started: Double
    /// Bytes written so far, while it runs.
    public var bytesSoFar = 0
    /// The result, once it ended.
    public var result: PipeResult?
    /// The output as shown, with its position and folds.
    public var viewer: TextViewer

    /// A command just started.
    public init(command: String, generation: Int, started: Double) {
        self.command = command
        self.generation = generation
        self.started = started
        viewer = TextViewer(title: Self.title(command), body: .empty("no output yet"))
        viewer.closeHint = nil
    }

    /// True while the command runs.
    public var isRunning: Bool { result == nil }

    /// Takes the command's result: its output becomes the body shown.
    public mutating func finish(_ result: PipeResult) {
        self.result = result
        let type = Self.looksLikeJSON(result.output) ? "application/json" : "text/plain"
        var body = BodyContent.from(content: result.output, contentType: type)
        if case .text = body, String(validating: result.output, as: UTF8.self) == nil, result.output.contains(0) {
            body = .binary(HexDocument(result.output))
        }
        if case .empty = body { body = .empty("no output") }
        viewer.body = body
        viewer.position = Viewport(cursor: 0)
    }

    /// The line under the title.
    func note(now: Double) -> String {
        guard let result else {
            let elapsed = Format.milliseconds(max(0, now - started))
            return "running · \(elapsed) · \(Format.bytes(bytesSoFar)) so far · Esc stops it"
        }
        let firstError = result.errorOutput.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let summary =
            firstError.isEmpty || result.succeeded ? result.summary : result.summary + " · stderr: " + firstError
        return summary + " · Esc closes"
    }

    private static func title(_ command: String) -> String { "| " + command }

    /// True when the first byte that is not white space opens a JSON value.
    private static func looksLikeJSON(_ data: Data) -> Bool {
        guard let first = data.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return false }
        return [UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-")].contains(first)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
            || [UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n")].contains(first)
    }

    // MARK: Layer

    /// `pipe.close`, `pipe.fold`…
    public static let name = "pipe"
    /// For `hammock --help`.
    public static let modeName = "the output of a command the body was piped to (|)"
    /// Stopping, closing, help, folding and scrolling.
    public static let defaultBindings: [Binding] =
        [
            Binding(
                "close", [.escape, .character("q")], "stop the command; when it ended, close", footer: 0,
                footerLabel: "stop / close"),
            Binding("help", [.character("?"), .function(1)], "this help", footer: 0, footerLabel: "help"),
            Binding("fold", [.enter, .character("z")], "fold / unfold JSON", footer: 2, footerLabel: "fold"),
        ] + Viewport.bindings(footer: 1)

    /// `help: pipe keys`.
    public var helpTitle: String { "help: pipe keys" }

    /// Stops, closes, folds or scrolls.
    public mutating func perform(_ action: String, in state: inout BrowserState) -> LayerResponse {
        if action == "close" {
            guard isRunning else { return .close }
            state.status = StatusMessage("stopping \(PipeResult.commandName(command))…")
            return .handled([.stopPipe(generation: generation)])
        }
        let response = viewer.perform(action, in: &state)
        return response.disposition == .close ? .close : .handled
    }

    /// Ctrl-C stops a running command, or closes.
    public mutating func interrupt(in state: inout BrowserState) -> LayerResponse {
        perform("close", in: &state)
    }

    /// The output's page.
    public func pageSize(_ state: BrowserState) -> FrameContext.PageSize? {
        viewer.pageSize(state)
    }

    /// Draws the output as a viewer with the run's note.
    public func draw(_ state: BrowserState, into screen: inout Screen) {
        var shown = viewer
        shown.note = note(now: state.now)
        shown.draw(state, into: &screen)
    }
}
