import HTTPCore
import TestSupport
import Testing

@Suite("a text/event-stream reads into the events the WHATWG standard says it holds")
struct ServerSentEventParserTests {
    /// Events of `text` fed in one piece, then the end of the stream.
    private func events(_ text: String, maximumEventSize: Int = ServerSentEventParser.defaultMaximumEventSize)
        -> [ServerSentEvent]
    {
        var parser = ServerSentEventParser(maximumEventSize: maximumEventSize)
        return parser.feed(Array(text.utf8)) + parser.finish()
    }

    /// Events of `pieces` fed one after another, then the end of the stream.
    private func events(pieces: [[UInt8]], parser: inout ServerSentEventParser) -> [ServerSentEvent] {
        pieces.flatMap { parser.feed($0) } + parser.finish()
    }

    @Test("data lines join with line feeds into one event of type message")
    func multilineData() {
        #expect(events("data: YHOO\ndata: +2\ndata: 10\n\n") == [ServerSentEvent(data: "YHOO\n+2\n10")])
    }

    @Test("comments fire nothing, an id stays in force, an empty id resets it, one leading space is removed")
    func commentsAndIDs() {
        var parser = ServerSentEventParser()
        let stream = ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n"
        let result = parser.feed(Array(stream.utf8))
        #expect(
            result == [
                ServerSentEvent(data: "first event", id: "1"),
                ServerSentEvent(data: "second event", id: nil),
                ServerSentEvent(data: " third event", id: nil),
            ])
        #expect(parser.lastEventID == "")
    }

    @Test("a lone data field gives empty data, two give a line feed, a block without a blank line is discarded")
    func emptyDataBlocks() {
        var parser = ServerSentEventParser()
        let fed = parser.feed(Array("data\n\ndata\ndata\n\ndata:".utf8))
        #expect(fed == [ServerSentEvent(data: ""), ServerSentEvent(data: "\n")])
        #expect(parser.finish().isEmpty)
    }

    @Test("the space after the colon is optional; only one is removed")
    func optionalSpace() {
        #expect(
            events("data:test\n\ndata: test\n\n") == [ServerSentEvent(data: "test"), ServerSentEvent(data: "test")])
        #expect(events("data:  test\n\n") == [ServerSentEvent(data: " test")])
        #expect(events("data:\ttest\n\n") == [ServerSentEvent(data: "\ttest")])
        #expect(events("data:a:b\n\n") == [ServerSentEvent(data: "a:b")])
    }

    @Test("lines end with CR, LF or CRLF", arguments: ["\r", "\n", "\r\n"])
    func lineEndings(ending: String) {
        let stream = ["event: add", "data: 1", "data: 2", "", "data: 3", "", ""].joined(separator: ending)
        #expect(events(stream) == [ServerSentEvent(type: "add", data: "1\n2"), ServerSentEvent(data: "3")])
    }

    @Test("a CR ending one piece and an LF starting the next are one line end")
    func carriageReturnLineFeedAcrossPieces() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array("data: a\r".utf8)).isEmpty)
        #expect(parser.feed(Array("\ndata: b\r".utf8)).isEmpty)
        #expect(parser.feed(Array("\n\r".utf8)) == [ServerSentEvent(data: "a\nb")])
        #expect(parser.feed(Array("\ndata: c\r\r".utf8)) == [ServerSentEvent(data: "c")])
        #expect(parser.feed(Array("\n".utf8)).isEmpty)
    }

    @Test("a CR followed later by a CR and LF still reads as two line ends")
    func carriageReturnThenCRLF() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array("data: a\r".utf8)).isEmpty)
        #expect(parser.feed(Array("\r\n".utf8)) == [ServerSentEvent(data: "a")])
    }

    @Test("any split of a stream into pieces gives the same events as feeding it whole")
    func splitsDoNotMatter() {
        var corpus: [UInt8] = [0xEF, 0xBB, 0xBF]
        corpus += Array("retry: 2500\n: keep-alive\r\nid: 42\r\nevent: update\rdata: {\"a\": 1}\r\n".utf8)
        corpus += Array("data: größe 𝄞 ✓\n\ndata\ndata\n\n: c\rid: x\0y\ndata: z\r\r\n".utf8)
        corpus += [UInt8](Array("data: bad ".utf8)) + [0xFF, 0xE2, 0x82] + Array(" end\r\n\r\n".utf8)
        corpus += Array("event: gone\n\nevent\ndata: last\nid:\n\ndata: unfinished".utf8)

        var whole = ServerSentEventParser()
        let expected = events(pieces: [corpus], parser: &whole)
        #expect(
            expected == [
                ServerSentEvent(type: "update", data: "{\"a\": 1}\ngröße 𝄞 ✓", id: "42"),
                ServerSentEvent(data: "\n", id: "42"), ServerSentEvent(data: "z", id: "42"),
                ServerSentEvent(data: "bad \u{FFFD}\u{FFFD} end", id: "42"), ServerSentEvent(data: "last"),
            ])

        var bytewise = ServerSentEventParser()
        #expect(events(pieces: corpus.map { [$0] }, parser: &bytewise) == expected)
        #expect(bytewise.retry == 2500)

        var generator = SeededRandom(seed: 0x5EED)
        for _ in 0..<300 {
            var pieces: [[UInt8]] = []
            var start = 0
            while start < corpus.count {
                let length = Int(generator.next() % 9)
                let end = min(corpus.count, start + length)
                pieces.append(Array(corpus[start..<end]))
                start = end
            }
            var parser = ServerSentEventParser()
            let result = events(pieces: pieces, parser: &parser)
            #expect(result == expected, "pieces: \(pieces.map(\.count))")
            #expect(parser.retry == 2500 && parser.lastEventID == "")
        }
    }

    @Test("one byte order mark at the start of the stream is dropped, even split across pieces")
    func byteOrderMark() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        var parser = ServerSentEventParser()
        #expect(events(pieces: [bom + Array("data: x\n\n".utf8)], parser: &parser) == [ServerSentEvent(data: "x")])
        #expect(
            events(pieces: [[0xEF], [0xBB], [0xBF, 0x64], Array("ata: y\n\n".utf8)], parser: &parser)
                == [ServerSentEvent(data: "y")])
        // A second mark is part of the field name, which is then unknown.
        #expect(events(pieces: [bom + bom + Array("data: z\n\n".utf8)], parser: &parser).isEmpty)
        // A mark after the start of the stream is not dropped either.
        #expect(events(pieces: [Array("\n".utf8) + bom + Array("data: w\n\n".utf8)], parser: &parser).isEmpty)
        #expect(
            events(pieces: [Array("data: ".utf8) + bom + Array("v\n\n".utf8)], parser: &parser)
                == [ServerSentEvent(data: "\u{FEFF}v")])
    }

    @Test("invalid UTF-8 reads as U+FFFD; a character split across pieces reads whole")
    func invalidUTF8() {
        var parser = ServerSentEventParser()
        let invalid = Array("data: a".utf8) + [0xFF] + Array("b".utf8) + [0xE2, 0x82] + Array("\n\n".utf8)
        #expect(events(pieces: [invalid], parser: &parser) == [ServerSentEvent(data: "a\u{FFFD}b\u{FFFD}")])
        let euro = Array("data: €\n\n".utf8)
        #expect(
            events(pieces: [Array(euro[..<7]), Array(euro[7...])], parser: &parser) == [ServerSentEvent(data: "€")])
        #expect(
            events(pieces: [[0x65, 0x76, 0x65, 0x6E, 0x74, 0x3A, 0xC3], Array("\ndata: x\n\n".utf8)], parser: &parser)
                == [ServerSentEvent(type: "\u{FFFD}", data: "x")])
    }

    @Test("an id holding NUL is ignored; the previous id stays")
    func idWithNUL() {
        var parser = ServerSentEventParser()
        let result = parser.feed(Array("id: 1\n\ndata: x\nid: a\0b\n\n".utf8))
        #expect(result == [ServerSentEvent(data: "x", id: "1")])
        #expect(parser.lastEventID == "1")
    }

    @Test("the last event ID carries to later events and across streams until an empty id resets it")
    func idPersists() {
        var parser = ServerSentEventParser()
        #expect(
            parser.feed(Array("id: 7\ndata: a\n\ndata: b\n\n".utf8))
                == [ServerSentEvent(data: "a", id: "7"), ServerSentEvent(data: "b", id: "7")])
        #expect(parser.finish().isEmpty)
        #expect(parser.lastEventID == "7")
        #expect(
            parser.feed(Array("data: c\n\nid:\ndata: d\n\n".utf8))
                == [ServerSentEvent(data: "c", id: "7"), ServerSentEvent(data: "d", id: nil)])
        #expect(parser.lastEventID == "")

        var resumed = ServerSentEventParser(lastEventID: "99")
        #expect(resumed.feed(Array("data: e\n\n".utf8)) == [ServerSentEvent(data: "e", id: "99")])
    }

    @Test("an event type applies to its block only; a block without data fires nothing but forgets it")
    func eventTypeReset() {
        #expect(
            events("event: add\ndata: 1\n\ndata: 2\n\nevent: gone\n\ndata: 3\n\nevent\ndata: 4\n\n")
                == [
                    ServerSentEvent(type: "add", data: "1"), ServerSentEvent(data: "2"), ServerSentEvent(data: "3"),
                    ServerSentEvent(data: "4"),
                ])
    }

    @Test("retry is taken only when it is all ASCII digits and is not an event")
    func retryField() {
        var parser = ServerSentEventParser()
        #expect(parser.retry == nil)
        #expect(parser.feed(Array("retry: 3000\n\n".utf8)).isEmpty)
        #expect(parser.retry == 3000)
        for invalid in [
            "retry: 3s", "retry: -1", "retry:", "retry: 1.5", "retry:  40", "retry: ٣",
            "retry: 99999999999999999999999",
        ] {
            _ = parser.feed(Array((invalid + "\n").utf8))
            #expect(parser.retry == 3000, "\(invalid)")
        }
        _ = parser.feed(Array("retry:0500\n".utf8))
        #expect(parser.retry == 500)
        #expect(parser.finish().isEmpty)
        #expect(parser.retry == 500)
    }

    @Test("unknown fields and field names in another case are ignored")
    func unknownFields() {
        #expect(events("foo: bar\nDATA: no\nData: no\ndata: yes\nid : no\n\n") == [ServerSentEvent(data: "yes")])
    }

    @Test("the end of the stream discards an event not followed by a blank line")
    func finishDiscards() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array("event: add\ndata: partial\n".utf8)).isEmpty)
        #expect(parser.finish().isEmpty)
        #expect(parser.feed(Array("\n".utf8)).isEmpty)
        #expect(parser.feed(Array("data: half a line".utf8)).isEmpty)
        #expect(parser.finish().isEmpty)
        #expect(parser.feed(Array("data: next\n\n".utf8)) == [ServerSentEvent(data: "next")])
    }

    @Test("a line or an event larger than the limit is dropped and counted, and the stream goes on")
    func sizeLimit() {
        var parser = ServerSentEventParser(maximumEventSize: 16)
        let longLine = "data: " + String(repeating: "x", count: 20) + "\n"
        #expect(parser.feed(Array("data: a\n\(longLine)id: 5\ndata: b\n\n".utf8)).isEmpty)
        #expect(parser.droppedEventCount == 1)
        #expect(parser.lastEventID == "5")

        let growing = String(repeating: "data: 123456\n", count: 3) + "\n"
        #expect(parser.feed(Array(growing.utf8)).isEmpty)
        #expect(parser.droppedEventCount == 2)

        let fits = "data: 1234567\ndata: 12345678\n\n"
        #expect(parser.feed(Array(fits.utf8)) == [ServerSentEvent(data: "1234567\n12345678", id: "5")])

        let longComment = ":" + String(repeating: "c", count: 1000) + "\n"
        #expect(parser.feed(Array("\(longComment)data: ok\n\n".utf8)) == [ServerSentEvent(data: "ok", id: "5")])
        #expect(parser.droppedEventCount == 2)

        let exactLine = "data:" + String(repeating: "y", count: 11) + "\n\n"
        #expect(
            parser.feed(Array(exactLine.utf8)) == [ServerSentEvent(data: String(repeating: "y", count: 11), id: "5")])

        var pieces = ServerSentEventParser(maximumEventSize: 1024)
        #expect(pieces.feed(Array("data: ".utf8)).isEmpty)
        for _ in 0..<1000 { #expect(pieces.feed([UInt8](repeating: 0x41, count: 1000)).isEmpty) }
        #expect(pieces.feed(Array("\n\ndata: after\n\n".utf8)) == [ServerSentEvent(data: "after")])
        #expect(pieces.droppedEventCount == 1)
    }
}
