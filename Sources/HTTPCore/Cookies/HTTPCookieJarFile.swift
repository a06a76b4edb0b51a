import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Netscape cookie file format, as curl reads and writes it: a comment header, then one
/// cookie per line with seven fields separated by tabs:
///
/// ```
/// domain  subdomains  path  secure  expiry  name  value
/// .example.com  TRUE  /  FALSE  1792560480  session  abc123
/// ```
///
/// `domain` starts with a dot and `subdomains` is `TRUE` when the cookie also goes to hosts
/// under the domain; `secure` is `TRUE` or `FALSE`; `expiry` is seconds since 1970, 0 for a
/// session cookie. A line starting with `#HttpOnly_` is an `HttpOnly` cookie; other lines starting
/// with `#`, and blank lines, are comments. Cookies are written in the order they were stored, and
/// read back in file order.
enum HTTPCookieJarFile {
    /// The first line written.
    static let header = "# Netscape HTTP Cookie File"
    /// The latest expiry kept, in seconds since 1970: the end of year 9999.
    static let latestExpiry = 253_402_300_799

    /// The file text for `cookies`.
    static func encode(_ cookies: [HTTPCookieRecord]) -> String {
        var lines = [header, "# Written by hammock. Holds secrets: keep it private.", ""]
        for cookie in cookies {
            let expiry = cookie.expires.map { max(1, Int($0.timeIntervalSince1970.rounded(.up))) } ?? 0
            let fields = [
                (cookie.isHTTPOnly ? "#HttpOnly_" : "") + (cookie.isHostOnly ? "" : ".") + cookie.domain,
                cookie.isHostOnly ? "FALSE" : "TRUE", cookie.path, cookie.isSecure ? "TRUE" : "FALSE", String(expiry),
                cookie.name, cookie.value,
            ]
            lines.append(fields.joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The cookies of file text read from `path` (for messages), skipping those expired at `now`.
    static func decode(_ text: String, path: String, now: Date) throws(HTTPCookieJarFileError) -> [HTTPCookieRecord] {
        var cookies: [HTTPCookieRecord] = []
        var lineNumber = 0
        // Prefixes are compared scalar by scalar: a combining mark after `_` or `.` joins it into
        // one Character, which `hasPrefix` would not see. A CRLF line ending is one Character too.
        let httpOnlyPrefix = "#HttpOnly_".unicodeScalars
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            var line = rawLine
            if line.unicodeScalars.last == "\r" { line = Substring(line.unicodeScalars.dropLast()) }
            var isHTTPOnly = false
            if line.unicodeScalars.starts(with: httpOnlyPrefix) {
                line = Substring(line.unicodeScalars.dropFirst(httpOnlyPrefix.count))
                isHTTPOnly = true
            } else if line.unicodeScalars.first == "#" || line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                continue
            }
            func problem(_ text: String) -> HTTPCookieJarFileError {
                HTTPCookieJarFileError(path: path, line: lineNumber, problem: text)
            }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 7 else {
                throw problem("has \(fields.count) fields separated by tabs, not 7")
            }
            guard let includesSubdomains = flag(fields[1]) else {
                throw problem("has \"\(fields[1].prefix(20))\" where TRUE or FALSE (subdomains) belongs")
            }
            guard let isSecure = flag(fields[3]) else {
                throw problem("has \"\(fields[3].prefix(20))\" where TRUE or FALSE (secure) belongs")
            }
            guard let expiry = Int(fields[4]), expiry >= 0 else {
                throw problem("has an expiry that is not a whole number of seconds")
            }
            var domain = Substring(fields[0].lowercased())
            // A leading dot marks a domain cookie; more than one would come back as one fewer.
            while domain.unicodeScalars.first == "." { domain = Substring(domain.unicodeScalars.dropFirst()) }
            // A domain starting with `#` would be written back as a comment line.
            guard !domain.isEmpty, domain.unicodeScalars.first != "#",
                !domain.contains(where: { $0 == " " || $0.asciiValue.map { $0 < 0x20 } == true })
            else { throw problem("has no usable domain") }
            guard fields[2].hasPrefix("/") else { throw problem("has a path that does not start with /") }
            guard !fields[5].isEmpty else { throw problem("has a cookie without a name") }
            guard !(fields[5] + fields[6]).utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
                throw problem("has a control character in a cookie's name or value")
            }
            // Capped at the end of year 9999, so that writing it back as whole seconds cannot overflow.
            let expires = expiry == 0 ? nil : Date(timeIntervalSince1970: TimeInterval(min(expiry, Self.latestExpiry)))
            if let expires, expires <= now { continue }
            cookies.append(
                HTTPCookieRecord(
                    name: fields[5], value: fields[6], domain: String(domain), isHostOnly: !includesSubdomains,
                    path: fields[2], expires: expires, isSecure: isSecure, isHTTPOnly: isHTTPOnly,
                    created: now.addingTimeInterval(TimeInterval(cookies.count) * 1e-6)))
        }
        return cookies
    }

    private static func flag(_ text: String) -> Bool? {
        switch text.uppercased() {
        case "TRUE": return true
        case "FALSE": return false
        default: return nil
        }
    }

    /// The text of the file at `path`.
    static func read(_ path: String) throws(HTTPCookieJarFileError) -> String {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw HTTPCookieJarFileError(path: path, problem: "could not be read (\(error.localizedDescription))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw HTTPCookieJarFileError(path: path, problem: "is not UTF-8 text, so it is not a cookie file")
        }
        return text
    }

    /// Writes `text` to `path` atomically: into a new file (mode 0600) beside it, flushed to disk,
    /// then renamed over it.
    static func writeAtomically(_ text: String, to path: String) throws(HTTPCookieJarFileError) {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
        func failure(_ action: String) -> HTTPCookieJarFileError {
            let reason = String(cString: strerror(errno))
            return HTTPCookieJarFileError(path: path, problem: "could not be written (\(action): \(reason))")
        }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw failure("creating a file beside it") }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let error = failure("writing")
                close(descriptor)
                unlink(temporary)
                throw error
            }
            written += count
        }
        guard fsync(descriptor) == 0 else {
            let error = failure("flushing")
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let error = failure("renaming")
            unlink(temporary)
            throw error
        }
    }
}
