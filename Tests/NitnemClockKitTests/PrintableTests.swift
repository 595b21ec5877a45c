// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import NitnemClockKit

@Suite struct PrintableTests {
    @Test func escapesEveryControlCharacter() {
        #expect(Printable.escaped("a\nb\rc\td") == #"a\nb\rc\td"#)
        #expect(Printable.escaped("\u{1B}[31mred\u{0}") == #"\u{1B}[31mred\u{0}"#)
        #expect(Printable.escaped("del\u{7F} csi\u{9B} ls\u{2028}") == #"del\u{7F} csi\u{9B} ls\u{2028}"#)
        // Everything else, Gurmukhi too, is kept as it is.
        #expect(Printable.escaped("ਜਪੁ ਜੀ ਸਾਹਿਬ · 5/7") == "ਜਪੁ ਜੀ ਸਾਹਿਬ · 5/7")
    }

    @Test func foldsEachRunOfControlCharactersToOneSpace() {
        #expect(Printable.folded("Japji\n#ff0000") == "Japji #ff0000")
        #expect(Printable.folded("a\r\n\u{1B}b\u{2029}c") == "a b c")
        #expect(Printable.folded("ਜਪੁ ਜੀ") == "ਜਪੁ ਜੀ")
        #expect(!Printable.folded("\u{85}x\u{0}").unicodeScalars.contains(where: Printable.isControl))
    }

    @Test func clockErrorsUseTheSameEscapes() {
        let error = ClockError(.badTime, variable: "SGGS_CLOCK_NOW", value: "x\n\u{1B}", problem: "is not a time")
        #expect(error.description == #"SGGS_CLOCK_NOW: 'x\n\u{1B}' is not a time"#)
    }
}
