import Foundation
import Testing

@testable import OrderedJSON

@Suite("JSONPath selects nodes of a JSONDocument")
struct JSONPathTests {
    /// The raw texts of what `expression` selects in `json`.
    func texts(_ expression: String, _ json: String) throws -> [String] {
        let document = try JSONDocument(json)
        return try JSONPath(expression).select(in: document).map { document.rawText($0.entry) }
    }

    /// The normalized paths of what `expression` selects in `json`.
    func paths(_ expression: String, _ json: String) throws -> [String] {
        let document = try JSONDocument(json)
        return try JSONPath(expression).select(in: document).map(\.normalizedPath)
    }

    func error(_ expression: String) -> JSONPathSyntaxError? {
        do {
            _ = try JSONPath(expression)
            return nil
        } catch {
            return error
        }
    }

    @Test("the example of the documentation: a filter, then a name")
    func example() throws {
        let json = #"{"items": [{"id": 1, "price": 12}, {"id": 2, "price": 9.5}, {"id": 3, "price": 1e0}]}"#
        #expect(try texts("$.items[?@.price < 10].id", json) == ["2", "3"])
        #expect(try paths("$.items[?@.price < 10].id", json) == ["$['items'][1]['id']", "$['items'][2]['id']"])
    }

    @Test("errors give the byte offset, the column and a sentence")
    func errors() throws {
        let filter = try #require(error("$.items[?@.price <]"))
        #expect(filter.offset == 18)
        #expect(filter.column == 19)
        #expect(
            filter.description
                == "Invalid JSONPath at column 19: expected a literal, a query or a function after \"<\" but found \"]\""
        )
        #expect(error(" $")?.reason == "blank space is not allowed before \"$\"")
        #expect(error("$ ")?.offset == 1)
        #expect(error("$ ")?.reason == "blank space is not allowed at the end of the query")
        #expect(error("")?.reason == "a query starts with \"$\" but found end of input")
        #expect(error("$. a")?.reason == "blank space is not allowed after \".\"")
        #expect(error("$[01]")?.reason == "integers must not start with 0")
        #expect(error("$[-0]")?.reason == "-0 is not allowed here; write 0")
        #expect(error("$[9007199254740992]")?.offset == 2)
        #expect(
            error("$[9007199254740992]")?.reason
                == "9007199254740992 is outside the integer range -9007199254740991...9007199254740991")
        #expect(error("$['a\\x']")?.reason == "\\x is not an escape in a string")
        #expect(error("$['a")?.reason == "this string has no closing quote")
        #expect(
            error("$[?@.a == 1 ")?.reason
                == "expected \",\" or \"]\" to close the \"[\" at column 2 but found end of input")
        #expect(error("$[?@.*==1]")?.offset == 3)
        #expect(
            error("$[?@.*==1]")?.reason
                == "only a singular query (names and indexes, as in @.a[0]) can be compared; this one can select "
                + "several nodes")
        #expect(
            error("$[?length(@)]")?.reason == "length() gives a value, not a test: compare it, as in length(…) == 1")
        #expect(
            error("$[?match(@, 'a') == true]")?.reason == "match() gives a logical result, which cannot be compared")
        #expect(error("$[?count(1) > 0]")?.reason == "the argument of count() must be a query, such as @.* or $..a")
        #expect(
            error("$[?size(@) > 0]")?.reason
                == "unknown function size(); the functions are length, count, match, search and value")
        #expect(error("$[?search(@)]")?.reason == "search() takes 2 arguments but was given 1")
        #expect(error("$[?true]")?.reason == "a literal alone is not a test: compare it with something, as in @ == 1")
        #expect(error("$[?!@.a == 1]")?.reason == "\"!\" applies to a test, not to a comparison: write !(… == …)")
        #expect(
            error("$[?count (@.*) == 1]")?.reason
                == "expected \"(\" right after the function name count but found a space")
    }

    @Test("columns count characters while offsets count bytes")
    func columns() throws {
        let failure = try #require(error("$.café.x["))
        #expect(failure.offset == 10)
        #expect(failure.column == 10)
        #expect(failure.reason == "expected a selector but found end of input")
    }

    @Test("blank space only where the grammar has it")
    func blankSpace() throws {
        let json = #"{"a": {"b": [1, 2]}}"#
        #expect(try texts("$ .a\t['b'] [ 0 , 1 ]", json) == ["1", "2"])
        #expect(try texts("$.a[?@ [0] == 1]", #"{"a": [[1], [2]]}"#) == ["[1]"])
        // The singular-query grammar has no blank space inside its brackets (RFC 9535 §2.3.5.1).
        #expect(error("$[?@[ 0 ] == 1]") != nil)
        #expect(error("$[?length(@[ 'a' ]) == 1]") != nil)
        #expect(error("$..\na") != nil)
    }

    @Test("normalized paths escape names exactly as RFC 9535 §2.7 says")
    func normalizedPaths() throws {
        let json =
            #"{"it's": 1, "back\\slash": 2, "\b\f\n\r\t": 3, "\u0001\u001f": 4, "\"quoted\"": 5, "\u007f": 6, "é😀": 7, "": 8}"#
        #expect(
            try paths("$.*", json) == [
                "$['it\\'s']", "$['back\\\\slash']", "$['\\b\\f\\n\\r\\t']", "$['\\u0001\\u001f']", "$['\"quoted\"']",
                "$['\u{7F}']", "$['é😀']", "$['']",
            ])
        let document = try JSONDocument(#"[[0, {"a": [true]}], 1]"#)
        #expect(document.normalizedPath(of: document.root) == "$")
        #expect(document.normalizedPath(of: 5) == "$[0][1]['a'][0]")
        // A closing bracket has the path of its container.
        #expect(document.normalizedPath(of: 6) == "$[0][1]['a']")
        #expect(document.normalizedPath(of: 9) == "$[1]")
        #expect(document.normalizedPath(of: 10) == "$")
        // Positions come from whichever end of the container is nearer, in small and large arrays.
        for count in [3, 64, 1000] {
            let array = "[" + (0..<count).map { #"{"id": [\#($0)]}"# }.joined(separator: ", ") + "]"
            #expect(try paths("$[*].id[0]", array) == (0..<count).map { "$[\($0)]['id'][0]" })
        }
    }

    @Test("a repeated member name: every member with the name is selected, the first one is compared")
    func duplicateKeys() throws {
        let json = #"[{"a": 1, "b": 0, "a": 2}]"#
        #expect(try texts("$[0].a", json) == ["1", "2"])
        #expect(try texts("$[0]['a', 'a']", json) == ["1", "2", "1", "2"])
        #expect(try paths("$..a", json) == ["$[0]['a']", "$[0]['a']"])
        #expect(try texts("$[?@.a == 1].b", json) == ["0"])
        #expect(try texts("$[?@.a == 2].b", json).isEmpty)
        #expect(try texts("$[?count(@.a) == 2].b", json) == ["0"])
        #expect(try texts("$[?value(@.a) == 1].b", json).isEmpty)
        #expect(try texts("$[?@[0].a == @[0].a]", "[\(json)]").count == 1)
    }

    @Test("numbers compare by value and are shown as sent")
    func numbers() throws {
        let json = "[1, 1.0, 1e0, 10e-1, 0.1e1, 1.10, 2, -0, 0, 9007199254740993, 9007199254740992, 1E400]"
        #expect(try texts("$[?@ == 1]", json) == ["1", "1.0", "1e0", "10e-1", "0.1e1"])
        #expect(try texts("$[?@ == 1.1]", json) == ["1.10"])
        #expect(try texts("$[?@ == 0]", json) == ["-0", "0"])
        #expect(try texts("$[?@ == 9007199254740993]", json) == ["9007199254740993"])
        #expect(try texts("$[?@ > 9007199254740992]", json) == ["9007199254740993", "1E400"])
        #expect(try texts("$[?@ < -0.5]", "[-1, -0.5, 0, 1e-1]") == ["-1"])
        #expect(try texts("$[?@ >= 1e2]", "[99, 100, 100.0, 1e2, 101]") == ["100", "100.0", "1e2", "101"])
        #expect(try texts(#"$[?@.x == @.y]"#, #"[{"x": [1, {"a": 1.0}], "y": [1.0, {"a": 1}]}]"#).count == 1)
    }

    @Test("comparisons across types and with Nothing follow §2.3.5.2.2")
    func comparisons() throws {
        let json = #"[{"a": "b"}, {"a": 1}, {"a": null}, {"a": true}, {"a": [1]}, {"a": {}}, {}]"#
        #expect(try texts("$[?@.a == null]", json) == [#"{"a": null}"#])
        #expect(try texts("$[?@.a != 1]", json).count == 6)
        #expect(try texts("$[?@.a < 'c']", json) == [#"{"a": "b"}"#])
        #expect(try texts("$[?@.a <= true]", json) == [#"{"a": true}"#])
        #expect(try texts("$[?@.missing == @.other]", json).count == 7)
        #expect(try texts("$[?@.a == @.missing]", json) == ["{}"])
        #expect(try texts("$[?@ < 'é']", #"["e", "z", "é", "😀"]"#) == [#""e""#, #""z""#])
    }

    @Test("results come in the RFC's order, duplicates kept")
    func order() throws {
        #expect(try texts("$[1, 0, 1]", "[10, 20]") == ["20", "10", "20"])
        #expect(try texts("$[::-1]", "[1, 2, 3]") == ["3", "2", "1"])
        #expect(try texts("$[5:0:-2]", "[0, 1, 2, 3, 4, 5, 6]") == ["5", "3", "1"])
        #expect(try texts("$[-2:]", "[0, 1, 2, 3]") == ["2", "3"])
        #expect(try texts("$[:2:0]", "[0, 1, 2, 3]").isEmpty)
        #expect(try texts("$[-9007199254740991:9007199254740991:3]", "[0, 1, 2, 3, 4]") == ["0", "3"])
        #expect(try texts("$..b", #"{"x": {"b": 1}, "b": 2}"#) == ["2", "1"])
        #expect(try texts("$..[0]", "[[1], [2]]") == ["[1]", "1", "2"])
        #expect(try texts("$..*", #"{"a": [1, {"b": 2}]}"#) == [#"[1, {"b": 2}]"#, "1", #"{"b": 2}"#, "2"])
    }

    @Test("indexes reach elements from either end of small and large arrays")
    func indexes() throws {
        for count in [1, 5, 64, 1001] {
            let document = try JSONDocument("[" + (0..<count).map { "[\($0), {}]" }.joined(separator: ",") + "]")
            for index in [0, 1, count / 2, count / 2 + 1, count - 2, count - 1] where index >= 0 && index < count {
                let forward = try JSONPath("$[\(index)][0]").select(in: document).map { document.rawText($0.entry) }
                let backward = try JSONPath("$[\(index - count)][0]").select(in: document).map {
                    document.rawText($0.entry)
                }
                #expect(forward == ["\(index)"] && backward == ["\(index)"], "\(index) of \(count)")
            }
            #expect(try JSONPath("$[\(count)]").select(in: document).isEmpty)
            #expect(try JSONPath("$[-\(count + 1)]").select(in: document).isEmpty)
        }
    }

    @Test("names are compared as decoded text, escaped or not")
    func names() throws {
        let json = #"{"caf\u00e9": 1, "café": 2, "a\"b": 3, "a\\b": 4, "a\"": 5}"#
        #expect(try texts("$['café']", json) == ["1", "2"])
        #expect(try texts(#"$["caf\u00e9"]"#, json) == ["1", "2"])
        #expect(try texts(#"$['a"b']"#, json) == ["3"])
        #expect(try texts(#"$['a\\b']"#, json) == ["4"])
        // A name that would reach past the key's closing quote in the raw bytes does not match.
        #expect(try texts(#"$['a":']"#, #"{"a":"b"}"#).isEmpty)
        // Canonically equivalent but different scalars are different names.
        #expect(try texts("$['e\u{301}']", #"{"é": 1}"#).isEmpty)
    }

    @Test("match and search take I-Regexp")
    func regularExpressions() throws {
        let json = #"["abc", "a\nc", "ABC", "x abc y", "Жж", "é"]"#
        #expect(try texts("$[?match(@, 'a.c')]", json) == [#""abc""#])
        #expect(try texts("$[?search(@, 'a.c')]", json) == [#""abc""#, #""x abc y""#])
        #expect(try texts("$[?match(@, '\\\\p{Lu}\\\\p{Ll}')]", json) == [#""Жж""#])
        #expect(try texts("$[?match(@, '[a-c]{3}')]", json) == [#""abc""#])
        #expect(try texts("$[?match(@, '[^a-z]+')]", json) == [#""ABC""#, #""Жж""#, #""é""#])
        #expect(try texts("$[?match(@, 'e')]", #"["e\u0301"]"#).isEmpty)
        // Not I-Regexp: false, never an error.
        for pattern in ["a{2,1}", "(?:a)", "\\\\d", "a**", "[]", "\\\\p{Xx}", "(a", "a)"] {
            #expect(try texts("$[?match(@, '\(pattern)')]", json).isEmpty, "\(pattern)")
            #expect(try texts("$[?!search(@, '\(pattern)')]", json).count == 6, "\(pattern)")
        }
        #expect(IRegexp.compile("a.b")?.instructions == [.scalar("a"), .set(0), .scalar("b"), .match])
        #expect(IRegexp.compile("[-a-c\\]]")?.classes == [.init(ranges: [0x2D...0x2D, 0x5D...0x5D, 0x61...0x63])])
        #expect(IRegexp.compile("a{1001}") == nil)
    }

    @Test("length, count and value")
    func functions() throws {
        let json = #"[{"a": "h\u00e9😀"}, {"a": [1, 2]}, {"a": {"x": 1}}, {"a": 5}, {"a": {}}]"#
        #expect(try texts("$[?length(@.a) == 3].a", json) == [#""h\u00e9😀""#])
        #expect(try texts("$[?length(@.a) == 2].a", json) == ["[1, 2]"])
        #expect(try texts("$[?length(@.a) == 0].a", json) == ["{}"])
        #expect(try texts("$[?count(@..*) == 3]", json) == [#"{"a": [1, 2]}"#])
        #expect(try texts("$[?value(@..x) == 1]", json) == [#"{"a": {"x": 1}}"#])
        #expect(try texts("$[?length('abc') == 3]", "[0]") == ["0"])
    }

    @Test("forEachMatch stops when the body says so")
    func stops() throws {
        let document = try JSONDocument("[1, 2, 3, 4]")
        var seen: [String] = []
        let finished = try JSONPath("$[*]").forEachMatch(in: document) { node in
            seen.append(document.rawText(node.entry))
            return seen.count < 2
        }
        #expect(!finished)
        #expect(seen == ["1", "2"])
        #expect(try JSONPath("$[*]").forEachMatch(in: document) { _ in true })
    }

    @Test("forEachMatch stops soon after its task is cancelled")
    func cancellation() async throws {
        let json = "[" + (0..<200_000).map { #"{"id": \#($0), "x": [1, 2]}"# }.joined(separator: ",") + "]"
        let document = try JSONDocument(json)
        let path = try JSONPath("$..id")
        let result = await Task {
            var count = 0
            let finished = path.forEachMatch(in: document) { _ in
                count += 1
                if count == 10 { withUnsafeCurrentTask { $0?.cancel() } }
                return true
            }
            return (finished, count)
        }.value
        #expect(!result.0)
        #expect(result.1 >= 10 && result.1 < 20_000)
        // Already cancelled: nothing at all.
        let none = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var count = 0
            let finished = path.forEachMatch(in: document) { _ in
                count += 1
                return true
            }
            return (finished, count)
        }.value
        #expect(!none.0 && none.1 == 0)
        #expect(path.select(in: document).count == 200_000)
    }

    @Test("filters nest, with parentheses, && before ||, and !")
    func logic() throws {
        let json = #"[{"a": 1, "b": 1}, {"a": 1}, {"b": 1}, {"c": [{"d": 2}]}]"#
        #expect(try texts("$[?@.a && @.b]", json) == [#"{"a": 1, "b": 1}"#])
        #expect(try texts("$[?@.a || @.b && @.c]", json).count == 2)
        #expect(try texts("$[?(@.a || @.b) && !@.c]", json).count == 3)
        #expect(try texts("$[?@.c[?@.d > 1]]", json) == [#"{"c": [{"d": 2}]}"#])
        #expect(try texts("$[?!(@.a == 1)]", json).count == 2)
        let deep = "$" + String(repeating: "[?@", count: 64) + String(repeating: "]", count: 64)
        #expect(error(deep) == nil)
        let deeper = "$" + String(repeating: "[?@", count: 65) + String(repeating: "]", count: 65)
        #expect(error(deeper)?.reason == "filters, parentheses and functions nest more than 64 deep")
    }

    @Test("a long query runs without deep recursion")
    func longQuery() throws {
        let depth = 20_000
        let json = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let expression = "$" + String(repeating: "[0]", count: depth)
        #expect(try texts(expression, json) == ["1"])
        #expect(try texts("$..[?@ == 1]", json) == ["1"])
    }

    @Test("fuzzing: nested filters are tested once per node, so they do not take exponential time")
    func nestedFilters() throws {
        // Found by scripts/fuzz.sh jsonpath: it ran for minutes before filter results were
        // remembered.
        let json = #"""
            {"store": {"book": [{"title": "Sayings", "price": 8.95, "tags": ["a", "b"]},
                                {"title": "ok", "price": 12, "x": {"y": [1, [2, [3]]]}}],
                       "bicycle": {"color": "red", "price": 19.95, "empty": {}, "none": []}},
             "numbers": [1, 1.0, 10e-1, -3], "words": ["abc", "axc", "a\nc", "ABC"]}
            """#
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try texts("$..[?$[?$..*[?$[?$[?$..*[?$[?$]..e]]]..e]]]", json).isEmpty)
        func nested(_ levels: Int) -> String {
            "$..[?" + String(repeating: "@..[?", count: levels) + "@ == 3" + String(repeating: "]", count: levels + 1)
        }
        // Each level needs one more container between a node and the 3 in [1, [2, [3]]].
        #expect(
            try paths(nested(2), json) == [
                "$['store']", "$['store']['book']", "$['store']['book'][1]", "$['store']['book'][1]['x']",
                "$['store']['book'][1]['x']['y']", "$['store']['book'][1]['x']['y'][1]",
            ])
        #expect(try paths(nested(6), json) == ["$['store']", "$['store']['book']"])
        #expect(try paths(nested(40), json).isEmpty)
        #expect(clock.now - start < .seconds(30))
    }

    @Test("a work limit cuts short queries whose results grow exponentially")
    func workLimit() throws {
        // Duplicates are kept, so each segment multiplies the nodes by 8: 8^8 results.
        let document = try JSONDocument(String(repeating: "[", count: 8) + "1" + String(repeating: "]", count: 8))
        let path = try JSONPath("$" + String(repeating: "[*,*,*,*,*,*,*,*]", count: 8))
        var count = 0
        let finished = path.run(in: document, checksCancellation: false, workLimit: 100_000) { _ in
            count += 1
            return true
        }
        #expect(!finished)
        #expect(count > 0 && count < 200_000)
        #expect(
            try JSONPath("$[*,*][*,*]").run(in: document, checksCancellation: false, workLimit: 100_000) { _ in true })
    }
}
