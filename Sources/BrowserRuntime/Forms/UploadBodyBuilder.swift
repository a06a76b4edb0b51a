import Browser
import Foundation
import HTTPCore
import Workspace

/// Turns a form's multipart or file body into the body the transport streams from disk, with the
/// `Content-Type` it goes with, and looks at the files a form names so it can show their sizes.
///
/// Paths are read as ``UploadPath`` says: `~/` is the home folder, a relative path is read from
/// the working folder. Each part of a multipart body is sent as curl sends it
/// (``MultipartPart/sentFilename``, ``MultipartPart/sentContentType``).
enum UploadBodyBuilder {
    /// Where paths are read from.
    struct Place: Sendable {
        /// The home folder `~` stands for, if known.
        var home: String?
        /// The folder relative paths start from.
        var directory: String

        /// The home folder from `environment` (`HOME`) and the process's working folder.
        static func current(environment: [String: String]) -> Place {
            Place(
                home: environment["HOME"] ?? ProcessInfo.processInfo.environment["HOME"],
                directory: FileManager.default.currentDirectoryPath)
        }

        /// The absolute path of `path` as typed.
        func absolute(_ path: String) -> String {
            UploadPath.absolute(path, home: home, currentDirectory: directory)
        }
    }

    /// What is at each path (as typed): its size, or why it cannot be sent.
    static func check(_ paths: [String], in place: Place) -> [String: FileCheck] {
        var checks: [String: FileCheck] = [:]
        for path in paths {
            do throws(HTTPUploadFailure) {
                checks[path] = .size(try HTTPUploadBody.measureFile(atPath: place.absolute(path)))
            } catch {
                checks[path] = .problem(error.description)
            }
        }
        return checks
    }

    /// The streamed body for a multipart or file `body`, its files measured now, and the
    /// `Content-Type` to send: nil when `headers` has one that stays as it is. A multipart body
    /// takes the boundary of a `Content-Type` header that gives one, or gets one added to a
    /// `multipart/…` header without; without a header it is `multipart/form-data; boundary=…`. A
    /// file body is `application/octet-stream` unless a header says otherwise. Nil for other
    /// bodies.
    ///
    /// - Throws: ``HTTPUploadFailure`` naming the first file that does not exist, cannot be read
    ///   or is not a regular file; nothing is sent then.
    static func build(_ body: RequestBody, headers: [(String, String)], in place: Place) throws(HTTPUploadFailure)
        -> (body: HTTPUploadBody, contentType: String?)?
    {
        let given = headers.last { $0.0.lowercased() == "content-type" }?.1
        switch body {
        case .file(let path):
            let upload = try HTTPUploadBody.file(atPath: place.absolute(path))
            return (upload, given == nil ? BodyMode.file.contentType : nil)
        case .multipart(let parts):
            let form = HTTPMultipartForm(
                parts: parts.map { part in
                    let content: HTTPMultipartForm.Part.Content
                    switch part.content {
                    case .text(let value): content = .data(Data(value.utf8))
                    case .file(let path), .fileContents(let path): content = .file(path: place.absolute(path))
                    }
                    return HTTPMultipartForm.Part(
                        name: part.name, filename: part.sentFilename, contentType: part.sentContentType,
                        content: content)
                }, boundary: given.flatMap(boundary(of:)))
            let upload = try form.uploadBody()
            guard let given else { return (upload, form.contentType) }
            if boundary(of: given) != nil { return (upload, nil) }
            let isMultipart = given.lowercased().trimmingCharacters(in: .whitespaces).hasPrefix("multipart/")
            return (upload, isMultipart ? given + "; boundary=" + form.boundary : nil)
        case .none, .json, .text, .urlEncoded:
            return nil
        }
    }

    /// The `boundary` parameter of a `Content-Type` value, unquoted; nil when it has none.
    static func boundary(of contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else {
                continue
            }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return value.isEmpty ? nil : value
        }
        return nil
    }
}
