import Foundation
import Siesta
import Workspace

extension RequestForm {
    /// The largest form body the form previews encoded (it is parsed on every frame).
    static let maximumPreviewBytes = 64 * 1024

    /// For a form-urlencoded body, what the form shows under it: the exact body `Ctrl-S` sends
    /// (`a=1&b=2`), or why nothing would be sent (`isError`). Nil in the other modes and for
    /// DELETE.
    public var formBodyPreview: (text: String, isError: Bool)? {
        guard mode == .form, !body.text.isEmpty else { return nil }
        let text = self.body.text
        guard text.utf8.count <= Self.maximumPreviewBytes else {
            return ("\(text.utf8.count) bytes of fields, encoded when sent (no preview above 64 KB)", false)
        }
        do {
            let body = try RequestBody.parse(text, mode: .form)
            let data = body.encoded?.data ?? Data()
            return data.isEmpty ? ("an empty body", false) : (String(decoding: data, as: UTF8.self), false)
        } catch {
            return (error.message, true)
        }
    }

    /// One line the form shows under its body: a label (`sends `, `photo `) and its text.
    public struct PreviewLine: Sendable, Equatable {
        /// The muted lead (`sends`, a part's name).
        public var label: String
        /// What follows it.
        public var text: String
        /// True when the line says why nothing would be sent.
        public var isError: Bool
    }

    /// The most preview lines a multipart body gets, its summary line included.
    static let maximumPreviewLines = 4

    /// What the form shows under its body: for a form-urlencoded body the bytes `Ctrl-S` sends;
    /// for a multipart body one line a part (a field's value, a file's name and size, or why it
    /// cannot be sent) and a summary; for a file body the file and its size. Empty in the other
    /// modes and for DELETE. File sizes come from ``files``; a path not looked at yet, or one
    /// holding `{{variables}}`, says when it will be.
    public var bodyPreview: [PreviewLine] {
        guard method != .delete else { return [] }
        switch mode {
        case .form:
            guard let preview = formBodyPreview else { return [] }
            return [
                PreviewLine(
                    label: preview.isError ? "sends nothing: " : "sends ", text: preview.text, isError: preview.isError)
            ]
        case .multipart, .file:
            guard self.body.text.utf8.count <= Self.maximumPreviewBytes else {
                return [
                    PreviewLine(
                        label: "sends ", text: "the parts, read when sent (no preview above 64 KB)", isError: false)
                ]
            }
            let body: RequestBody
            do {
                body = try RequestBody.parse(self.body.text, mode: mode)
            } catch {
                return [PreviewLine(label: "sends nothing: ", text: error.message, isError: true)]
            }
            switch body {
            case .file(let path):
                return [fileLine(label: "sends the file ", problemLabel: "sends nothing: ", path: path)]
            case .multipart(let parts): return multipartLines(parts)
            default: return []
            }
        case .json, .text:
            return []
        }
    }

    func fileLine(label: String, problemLabel: String, path: String, details: [String] = []) -> PreviewLine {
        if path.contains("{{") {
            return PreviewLine(label: label, text: "\(path) (read when sent, its {{variables}} filled)", isError: false)
        }
        switch files[path] {
        case .size(let size)?:
            return PreviewLine(
                label: label,
                text: "\(path) (" + ([Format.bytes(Int(clamping: size))] + details).joined(separator: ", ") + ")",
                isError: false)
        case .problem(let problem)?:
            return PreviewLine(label: problemLabel, text: problem, isError: true)
        case nil:
            return PreviewLine(label: label, text: "\(path) (looking…)", isError: false)
        }
    }

    func multipartLines(_ parts: [MultipartPart]) -> [PreviewLine] {
        var lines: [PreviewLine] = []
        var total: Int64 = 0
        var unknown = false
        for part in parts {
            let label = "\(part.name): "
            switch part.content {
            case .text(let value):
                total += Int64(value.utf8.count)
                let type = part.sentContentType.map { ", \($0)" } ?? ""
                lines.append(
                    PreviewLine(
                        label: label, text: "text \"\(value)\" (\(Format.bytes(value.utf8.count))\(type))",
                        isError: false))
            case .file(let path), .fileContents(let path):
                var details: [String] = []
                if let filename = part.sentFilename { details.append("as \(filename)") }
                if let type = part.sentContentType { details.append(type) }
                if case .fileContents = part.content { details.append("its text as the value") }
                if case .size(let size)? = files[path], !path.contains("{{") {
                    total += size
                } else {
                    unknown = true
                }
                lines.append(fileLine(label: label + "file ", problemLabel: label, path: path, details: details))
            }
        }
        let summary = PreviewLine(
            label: "sends ",
            text: "\(parts.count) part\(parts.count == 1 ? "" : "s") of multipart/form-data, "
                + (unknown ? "at least " : "") + "\(Format.bytes(Int(clamping: total))) of content",
            isError: false)
        let errors = lines.filter(\.isError)
        if let first = errors.first {
            // A part that cannot be sent comes first: nothing is sent until it is fixed.
            return [first] + lines.filter { !$0.isError }.prefix(Self.maximumPreviewLines - 2) + [summary]
        }
        if lines.count < Self.maximumPreviewLines { return lines + [summary] }
        let shown = lines.prefix(Self.maximumPreviewLines - 2)
        let more = PreviewLine(label: "", text: "… and \(lines.count - shown.count) more parts", isError: false)
        return shown + [more, summary]
    }
}
