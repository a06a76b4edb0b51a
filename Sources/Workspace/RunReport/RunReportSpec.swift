import Foundation
import Safety

/// One `--report FORMAT:FILE` of `hammock run`: which format, and where to write it.
///
/// ```swift
/// let spec = try RunReportSpec(parsing: "junit:reports/run.xml")
/// try spec.write(result, hostname: ProcessInfo.processInfo.hostName)
/// ```
public struct RunReportSpec: Sendable, Hashable {
    /// The format.
    public var format: RunReportFormat
    /// The file, as given (relative paths are relative to the current folder).
    public var path: String

    /// Creates a spec.
    public init(format: RunReportFormat, path: String) {
        self.format = format
        self.path = path
    }

    /// Reads `FORMAT:FILE`: the format is `junit`, `json` or `tap` (any case), the file is
    /// everything after the first colon and must not be empty.
    ///
    /// - Throws: ``RunReportError`` with the sentence
    ///   `--report wants FORMAT:FILE with FORMAT one of junit, json, tap, not "xml:out.xml".`
    ///   for anything else.
    public init(parsing text: String) throws(RunReportError) {
        guard let colon = text.firstIndex(of: ":"),
            let format = RunReportFormat(rawValue: text[..<colon].lowercased()),
            colon < text.index(before: text.endIndex)
        else {
            let names = RunReportFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw RunReportError(
                path: nil,
                message: "--report wants FORMAT:FILE with FORMAT one of \(names), not \"\(UnsafeText.clean(text))\".")
        }
        self.init(format: format, path: String(text[text.index(after: colon)...]))
    }

    /// Writes the report of `result` to ``path`` in one step: the text goes to a hidden
    /// temporary file in the same folder, which is then renamed over the path, so a reader never
    /// sees half a report and a failed write leaves an earlier report as it was. Missing folders
    /// on the way are created. `hostname` is used by JUnit only.
    ///
    /// - Throws: ``RunReportError`` naming the path and what went wrong
    ///   (`Could not write the TAP report to out/run.tap: permission denied.`).
    public func write(_ result: RunResult, hostname: String = "localhost") throws(RunReportError) {
        let text = format.render(result, hostname: hostname)
        do throws(FileSystem.Failure) {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty { try FileSystem.makeDirectories(folder) }
            try FileSystem.replace(path, with: text)
        } catch {
            let place = error.path == path ? "" : "\(UnsafeText.clean(error.path)): "
            throw RunReportError(
                path: path,
                message:
                    "Could not write the \(format.displayName) report to \(UnsafeText.clean(path)): \(place)\(error.reason)."
            )
        }
    }
}
