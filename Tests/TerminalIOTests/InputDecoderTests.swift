// The decoder against the byte sequences terminals send: keys, text, Esc against Alt, and
// SGR and X10 mouse reports, whole and cut across reads.
import Testing
@testable import TerminalIO

@Suite("Input decoding")
struct InputDecoderTests {
    private func keys(_ text: String) -> [InputEvent] {
        var decoder = InputDecoder()
        return decoder.decode(Array(text.utf8)) + decoder.flush()
    }

    @Test("arrows, paging, Home and End decode in their CSI, SS3, VT220 and rxvt spellings", arguments: [
        ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}OA", .up), ("\u{1B}OD", .left), ("\u{1B}[1;5C", .right),
        ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
        ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}[7~", .home), ("\u{1B}[8~", .end),
        ("\u{1B}[3~", .delete), ("\u{1B}[Z", .backTab),
    ])
    func specialKeys(sequence: String, key: Key) {
        #expect(keys(sequence) == [.key(key)])
    }

    @Test("Tab, Enter, Backspace and Ctrl with a letter are single bytes")
    func controlBytes() {
        #expect(keys("\t\r\n\u{7F}\u{08}") == [.key(.tab), .key(.enter), .key(.enter), .key(.backspace), .key(.backspace)])
        #expect(keys("\u{04}\u{15}\u{03}\u{1A}") == [.key(.control("d")), .key(.control("u")), .key(.control("c")), .key(.control("z"))])
    }

    @Test("text in any script arrives as characters, even when a character is split across reads")
    func text() {
        #expect(keys("jk/ニュース") == "jk/ニュース".map { .key(.character($0)) })
        var decoder = InputDecoder()
        let bytes = Array("ス".utf8)
        #expect(decoder.decode(bytes.prefix(2)).isEmpty)
        #expect(decoder.decode(bytes.suffix(1)) == [.key(.character("ス"))])
    }

    @Test("a bracketed paste is text, line breaks, letters and escapes included, however the reads cut it")
    func bracketedPaste() {
        let pasted = "anime movie\nAy\u{1B}[A ニュース"
        let whole = "j\u{1B}[200~" + pasted + "\u{1B}[201~k"
        #expect(keys(whole) == [.key(.character("j")), .paste(pasted), .key(.character("k"))])
        let bytes = Array(whole.utf8)
        let pasteBegun = Array("j\u{1B}[200~".utf8).count
        for cut in 1..<bytes.count {
            var decoder = InputDecoder()
            var events = decoder.decode(bytes.prefix(cut))
            // A pause (the caller's flush) anywhere after the start marker, the end marker's
            // own bytes included; a pause inside an escape sequence makes it Esc, as before.
            if cut >= pasteBegun { events += decoder.flush() }
            events += decoder.decode(bytes.dropFirst(cut)) + decoder.flush()
            #expect(events == [.key(.character("j")), .paste(pasted), .key(.character("k"))], "cut at \(cut)")
        }
        // A paste goes on past a pause: only its end marker ends it.
        var decoder = InputDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~abc".utf8)).isEmpty)
        #expect(decoder.hasPending && decoder.flush().isEmpty)
        #expect(decoder.decode(Array("\u{1B}[201~".utf8)) == [.paste("abc")])
        #expect(!decoder.hasPending)
    }

    @Test("a paste keeps its first 64 KiB and drops the rest up to its end")
    func longPaste() {
        let long = String(repeating: "x", count: InputDecoder.pasteLimit + 10)
        #expect(keys("\u{1B}[200~" + long + "\u{1B}[201~q") == [.paste(String(long.prefix(InputDecoder.pasteLimit))), .key(.character("q"))])
    }

    @Test("the Linux console's F1 to F5 are one ignored key each, not a letter")
    func linuxConsoleFunctionKeys() {
        #expect(keys("\u{1B}[[A\u{1B}[[Ej").map { $0 } == [.key(.character("j"))])
        var decoder = InputDecoder()
        #expect(decoder.decode(Array("\u{1B}[[".utf8)).isEmpty)
        #expect(decoder.decode(Array("Aq".utf8)) == [.key(.character("q"))])
    }

    @Test("a lone Esc waits for what follows, and is Esc once nothing does")
    func loneEscape() {
        var decoder = InputDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.flush() == [.key(.escape)])
        #expect(!decoder.hasPending)
    }

    @Test("Esc followed by a character is Alt with it; Esc Esc is Esc then whatever follows")
    func altKeys() {
        #expect(keys("\u{1B}x") == [.key(.alt("x"))])
        #expect(keys("\u{1B}\u{1B}[A") == [.key(.escape), .key(.up)])
    }

    @Test("a sequence cut between two reads decodes once complete")
    func splitSequence() {
        var decoder = InputDecoder()
        #expect(decoder.decode(Array("\u{1B}[".utf8)).isEmpty)
        #expect(decoder.decode(Array("6~j".utf8)) == [.key(.pageDown), .key(.character("j"))])
    }

    @Test("unknown sequences and invalid bytes are dropped without losing the keys around them")
    func junk() {
        #expect(keys("a\u{1B}[99~b\u{1B}[?1;2cc") == [.key(.character("a")), .key(.character("b")), .key(.character("c"))])
        var decoder = InputDecoder()
        #expect(decoder.decode([0x61, 0xFF, 0xE3, 0x62]) == [.key(.character("a")), .key(.character("b"))])
    }

    @Test("SGR mouse: press and release of each button, at 0-based cells, with modifiers")
    func sgrButtons() {
        #expect(keys("\u{1B}[<0;10;3M") == [.mouse(MouseEvent(action: .press(.left), column: 9, row: 2))])
        #expect(keys("\u{1B}[<0;10;3m") == [.mouse(MouseEvent(action: .release(.left), column: 9, row: 2))])
        #expect(keys("\u{1B}[<2;1;1M") == [.mouse(MouseEvent(action: .press(.right), column: 0, row: 0))])
        #expect(keys("\u{1B}[<32;5;6M") == [.mouse(MouseEvent(action: .drag(.left), column: 4, row: 5))])
        #expect(keys("\u{1B}[<20;300;90M") == [.mouse(MouseEvent(action: .press(.left), column: 299, row: 89,
                                                                        shift: true, control: true))])
    }

    @Test("SGR mouse: the wheel in four directions, and Shift+wheel", arguments: [
        ("\u{1B}[<64;2;4M", WheelDirection.up, false), ("\u{1B}[<65;2;4M", .down, false),
        ("\u{1B}[<66;2;4M", .left, false), ("\u{1B}[<67;2;4M", .right, false),
        ("\u{1B}[<68;2;4M", .up, true), ("\u{1B}[<69;2;4M", .down, true),
    ])
    func wheel(sequence: String, direction: WheelDirection, shift: Bool) {
        #expect(keys(sequence) == [.mouse(MouseEvent(action: .wheel(direction), column: 1, row: 3, shift: shift))])
    }

    @Test("X10 mouse reports from a terminal without SGR mode decode too")
    func legacyMouse() {
        let press: [UInt8] = [0x1B, 0x5B, 0x4D, 32, 33 + 4, 33 + 1]
        let release: [UInt8] = [0x1B, 0x5B, 0x4D, 35, 33 + 4, 33 + 1]
        var decoder = InputDecoder()
        #expect(decoder.decode(press + release) == [
            .mouse(MouseEvent(action: .press(.left), column: 4, row: 1)),
            .mouse(MouseEvent(action: .release(.left), column: 4, row: 1)),
        ])
    }

    @Test("a mouse report and keys arriving in one read all decode in order")
    func mixed() {
        #expect(keys("j\u{1B}[<65;1;1Mq") == [
            .key(.character("j")), .mouse(MouseEvent(action: .wheel(.down), column: 0, row: 0)), .key(.character("q")),
        ])
    }
}
