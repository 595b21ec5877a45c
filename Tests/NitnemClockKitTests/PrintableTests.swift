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

    /// Bidi controls and invisible format characters turn text around or hide it on screen: each
    /// is a control, escaped by name and folded to a space.
    @Test(
        arguments: [
            0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0xFEFF,
            0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x206A, 0x206F, 0xFFF9, 0xFFFB,
        ] as [UInt32])
    func bidiAndInvisibleFormatCharactersAreControls(_ value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        #expect(Printable.isControl(scalar))
        let text = "Japji" + String(Character(scalar)) + "Sahib"
        #expect(Printable.escaped(text) == "Japji\\u{\(String(value, radix: 16, uppercase: true))}Sahib")
        #expect(Printable.folded(text) == "Japji Sahib")
    }

    @Test func aTitleTurnedAroundIsEscapedAndFolded() {
        let title = "Japji\u{202E}7/7\u{2066}x\u{FEFF}\n\u{1B}[2J"
        #expect(Printable.escaped(title) == #"Japji\u{202E}7/7\u{2066}x\u{FEFF}\n\u{1B}[2J"#)
        #expect(Printable.folded(title) == "Japji 7/7 x [2J")
    }

    /// ZWJ and ZWNJ shape Gurmukhi (and other scripts') letters: a title holding them is shown as it
    /// is, on every surface. So is the soft hyphen.
    @Test func joinersInAGurmukhiTitlePassUnchanged() {
        let title = "ਤ੍\u{200D}ਵ ਪ੍ਰਸਾਦਿ\u{200C} ਸਵੱਯੇ"
        #expect(!Printable.isControl("\u{200C}") && !Printable.isControl("\u{200D}"))
        #expect(Printable.escaped(title) == title)
        #expect(Printable.folded(title) == title)
        #expect(Printable.bounded(title) == title)
        #expect(Printable.escaped("soft\u{AD}hyphen") == "soft\u{AD}hyphen")
    }

    @Test func aBoundedValueIsShortAndSaysItsLength() {
        #expect(Printable.bounded("Asia/Kolkata") == "Asia/Kolkata")
        #expect(Printable.bounded("x\n\u{1B}") == #"x\n\u{1B}"#)
        let long = String(repeating: "A", count: 10_240)
        #expect(Printable.bounded(long) == String(repeating: "A", count: 200) + "… (10240 characters)")
        #expect(Printable.bounded(long, limit: 5) == "AAAAA… (10240 characters)")
        // An escape is never cut in two: it is left out whole.
        let edge = String(repeating: "A", count: 199) + "\u{1B}B"
        #expect(Printable.bounded(edge) == String(repeating: "A", count: 199) + "… (201 characters)")
        // A letter with ten thousand marks is not one short character here.
        let stacked = "a" + String(repeating: "\u{0301}", count: 10_000)
        #expect(Printable.bounded(stacked).unicodeScalars.count < 230)
        #expect(Printable.bounded(stacked).hasSuffix("… (10001 characters)"))
    }

    @Test func firstFewKeepsTheFirstAndCountsTheRest() {
        var made = 0
        var few = FirstFew<String>(limit: 3)
        for i in 0..<10 {
            few.append(
                {
                    made += 1
                    return "line \(i)"
                }())
        }
        #expect(few.items == ["line 0", "line 1", "line 2"])
        #expect(few.more == 7 && few.count == 10)
        #expect(made == 3, "what is not kept is never made")
        #expect(few.lines { "… and \($0) more" } == ["line 0", "line 1", "line 2", "… and 7 more"])
        #expect(FirstFew(["a"], limit: 3).lines { "… and \($0) more" } == ["a"])
    }

    /// A 10 KB `TZ` is one short line naming the variable and the length.
    @Test func aHugeValueGivesOneShortLine() {
        let value = String(repeating: "A", count: 10_240)
        let error = ClockError(.unknownZone, variable: "TZ", value: value, problem: "is not a known time zone")
        #expect(error.description.utf8.count < 400)
        #expect(error.description.hasPrefix("TZ: 'AAAA"))
        #expect(error.description.contains("… (10240 characters)' is not a known time zone"))
    }

    @Test func clockErrorsUseTheSameEscapes() {
        let error = ClockError(.badTime, variable: "SGGS_CLOCK_NOW", value: "x\n\u{1B}", problem: "is not a time")
        #expect(error.description == #"SGGS_CLOCK_NOW: 'x\n\u{1B}' is not a time"#)
    }
}
