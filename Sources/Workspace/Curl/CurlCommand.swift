/// Reads curl commands into requests and writes requests as curl commands.
///
/// Reading takes a command as pasted from a browser's "Copy as cURL" (bash or Windows `cmd`
/// flavour), from API documentation or from a shell history:
///
/// ```swift
/// let request = try CurlCommand.parse("""
///     curl https://api.stripe.com/v1/charges \\
///       -u sk_test_123: \\
///       -d amount=2000 -d currency=usd
///     """)
/// // POST https://api.stripe.com/v1/charges, Authorization: Basic …, body "amount=2000&currency=usd"
/// ```
///
/// The words are split as bash would (quotes, `$'…'`, backslash-newline continuations), or as
/// `cmd.exe` would for a command whose lines end in `^`. Then the options are read as curl reads
/// them: a table of every curl option says which ones take a value, so an option hammock does
/// not act on never swallows the URL. The request is what curl would send:
///
/// - method: `-X` as written (upper-cased); else `HEAD` for `-I`, `GET` for `-G`, `POST` when
///   there is data, `GET` otherwise;
/// - headers: `-u user:password` (Basic), `--oauth2-bearer`, `-r`, `-A`, `--compressed`
///   (`Accept-Encoding: gzip, deflate`, the encodings hammock decodes), `-e`, `-b name=value`
///   in curl's order, each dropped when a `-H` header of the same name is given; then the `-H`
///   headers in order (`-H 'Name;'` is an empty value, `-H 'Name:'` is left out with a note,
///   since it only stops curl adding a header of its own); then `--json`'s `Content-Type` and
///   `Accept` unless given with `-H`;
/// - body: `-d`, `--data-raw`, `--data-binary`, `--data-ascii`, `--data-urlencode` (encoded as
///   curl does, spaces as `+`), `--json`, repeated ones joined with `&` (`--json` pieces are
///   appended as they are), kept exactly as written; with `-G` it goes into the query instead.
///   `-F` and `--form-string` make a `multipart` body, one ``MultipartPart/spec`` a line;
///   `--data-binary @file` (and `-d @file`, `--json @file`) and `-T file` a `file` body whose text
///   is the path (`-T` makes a PUT, and appends the file name to a URL ending in `/`);
/// - body kind from the `Content-Type`: JSON types → `json`, `application/x-www-form-urlencoded`
///   → `form`, anything else → `text`; data with no `Content-Type` is a form, as curl labels it
///   (a `--data-binary @file` body gets that `Content-Type` header);
/// - URL: `--url` or the one word that is not an option; `http://` is added when the scheme is
///   missing, as curl does; `--url-query` parts are appended.
///
/// Every other option is read with the right number of words and named in a note
/// (``CurlImport/notes``) saying what hammock does instead. Refused with a ``CurlParseError``
/// naming the option: unknown options, standard input (`@-`, `-T -`), `-H @file`,
/// `--data-urlencode` reading a file, cookie files (`-b file`), a part curl would read as several
/// files or a nested form, a part over several lines, `-F` mixed with `-d` or `-T`, a file body
/// joined with other data, authentication schemes other than Basic and Bearer, `-u` without a
/// password, a second URL or `--next`, a missing URL, an unterminated quote.
///
/// Not promised: shell expansion. `$TOKEN`, `$(cmd)` and `%VAR%` stay in the text as written.
/// `--header=value` is read as `--header value`, although curl itself has no `=` form.
public enum CurlCommand {
    /// The request a curl command makes.
    ///
    /// - Throws: ``CurlParseError`` when the text is not a curl command hammock can reproduce.
    public static func parse(_ text: String) throws(CurlParseError) -> RequestDefinition {
        try read(text).definition
    }

    /// The request a curl command makes, with notes about the parts left out.
    ///
    /// - Throws: ``CurlParseError`` when the text is not a curl command hammock can reproduce.
    public static func read(_ text: String) throws(CurlParseError) -> CurlImport {
        guard text.contains(where: { !$0.isWhitespace }) else { throw .empty }
        let split = isWindowsStyle(text) ? try WindowsCommandWords.split(text) : try ShellWords.split(text)
        var words = split.words[...]
        if let first = words.first, first == "$" || first == "%" || first == ">" { words = words.dropFirst() }
        guard let program = words.popFirst() else { throw .empty }
        guard isCurl(program) else { throw .notCurl(program) }

        var builder = CurlRequestBuilder()
        var optionsEnded = false
        while let word = words.popFirst() {
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                builder.addURL(word)
            } else if word == "--" {
                optionsEnded = true
            } else if word.hasPrefix("--") {
                try readLongOption(word, words: &words, into: &builder)
            } else {
                try readShortOptions(word, words: &words, into: &builder)
            }
        }
        if let stop = split.stoppedAt {
            builder.addNote("The text from “\(stop)” on is not part of the request and is left out.")
        }
        return CurlImport(definition: try builder.build(), notes: builder.notes)
    }

    /// `--name`, `--name value`, `--name=value`, `--no-name`.
    private static func readLongOption(
        _ word: String, words: inout ArraySlice<String>, into builder: inout CurlRequestBuilder
    ) throws(CurlParseError) {
        var name = String(word.dropFirst(2))
        var inline: String?
        if let equals = name.firstIndex(of: "=") {
            inline = String(name[name.index(after: equals)...])
            name = String(name[..<equals])
        }
        var negated = false
        var found = CurlOption.long(name)
        if found == nil, name.hasPrefix("no-"), let base = CurlOption.long(String(name.dropFirst(3))),
            !base.takesArgument
        {
            found = base
            negated = true
        }
        if found == nil, name.hasPrefix("expand-"), CurlOption.long(String(name.dropFirst(7))) != nil {
            throw .unsupported("--\(name)", "uses curl variables")
        }
        guard let option = found else { throw .unknownOption("--\(name)") }
        let spelled = "--\(name)"
        if option.takesArgument {
            guard let argument = inline ?? words.popFirst() else { throw .missingArgument(spelled) }
            try builder.apply(option, spelled: spelled, argument: argument)
        } else {
            guard inline == nil else { throw .unexpectedArgument(spelled) }
            try builder.apply(option, spelled: spelled, argument: nil, negated: negated)
        }
    }

    /// `-s`, `-sSL`, `-XPOST`, `-H value`, `-sH value`.
    private static func readShortOptions(
        _ word: String, words: inout ArraySlice<String>, into builder: inout CurlRequestBuilder
    ) throws(CurlParseError) {
        var rest = word.dropFirst()
        while let letter = rest.first {
            rest = rest.dropFirst()
            guard let option = CurlOption.short(letter) else { throw .unknownOption("-\(letter)") }
            let spelled = "-\(letter)"
            guard option.takesArgument else {
                try builder.apply(option, spelled: spelled, argument: nil)
                continue
            }
            if !rest.isEmpty {
                try builder.apply(option, spelled: spelled, argument: String(rest))
            } else if let argument = words.popFirst() {
                try builder.apply(option, spelled: spelled, argument: argument)
            } else {
                throw .missingArgument(spelled)
            }
            return
        }
    }

    /// `curl`, `curl.exe`, `/usr/bin/curl`, `C:\tools\curl.exe`.
    private static func isCurl(_ word: String) -> Bool {
        let last = word.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? word
        return last == "curl" || last.lowercased() == "curl.exe"
    }

    /// A command copied for Windows `cmd.exe`: lines continued with a separate `^` (and none
    /// with `\`), a command word `curl.exe`, or `^"` quoting right after the command word.
    private static func isWindowsStyle(_ text: String) -> Bool {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).dropLast().map { line in
            String(line.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
        }
        let caret = lines.contains { $0 == "^" || $0.hasSuffix(" ^") || $0.hasSuffix("\t^") }
        let backslash = lines.contains { $0.hasSuffix("\\") }
        if caret && !backslash { return true }
        // Only the command word counts: a URL or header may well mention curl.exe.
        let words = text.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" || $0.isNewline })
        guard let command = words.first, isCurl(String(command)) else { return false }
        let rest = words.count > 1 ? words[1].drop { $0 == " " || $0 == "\t" } : ""
        return command.lowercased().hasSuffix("curl.exe") || rest.hasPrefix("^\"")
    }
}
