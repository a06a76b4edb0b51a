/// Why a cookie file could not be read or written by ``HTTPCookieJar/save(to:now:)`` or
/// ``HTTPCookieJar/load(from:now:)``. The message names the file and the line, never a cookie's
/// value.
package struct HTTPCookieJarFileError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file.
    package var path: String
    /// The line that is wrong (1-based), when the file is not a cookie file.
    package var line: Int?
    /// What is wrong, a clause such as `it has 5 fields separated by tabs, not 7`.
    package var problem: String

    /// Creates the error.
    package init(path: String, line: Int? = nil, problem: String) {
        self.path = path
        self.line = line
        self.problem = problem
    }

    /// One sentence, e.g. `The cookie file /home/u/cookies.txt is not a cookie file: line 3 has
    /// 5 fields separated by tabs, not 7.`
    package var description: String {
        if let line {
            return "The cookie file \(path) is not a cookie file: line \(line) \(problem)."
        }
        return "The cookie file \(path) \(problem)."
    }
}
