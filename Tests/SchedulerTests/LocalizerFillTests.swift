// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import Scheduler

/// `Localizer.fill` finds braces by their bytes in a text below U+0300 and by characters in any
/// other: both give what the rule written plainly (by characters) gives.
@Suite struct LocalizerFillTests {
    static let values = ["title": "Sukhmani Sahib", "day": "12", "days": "40", "": "empty", "a{b": "odd"]

    /// Each `{name}` of `values` replaced, an unknown one kept; from an unclosed `{` on, the text as it is.
    static func plain(_ text: String, _ values: [String: String]) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            out += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            out += values[name] ?? String(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    @Test(arguments: [
        "", "plain", "{title} · day {day} of {days}", "{title}{day}", "{unknown} {title}", "{", "}{", "a {title",
        "{title} {", "{}", "{a{b}", "{{title}}", "café {title} ñ", "\u{2FF} {day}", "ਸ਼ਾਮ · {title}",
        "{title}\u{301}", "e\u{301}{day}", "{day}\n{days}",
    ])
    func fillsAsThePlainRuleDoes(_ text: String) {
        #expect(Localizer.english.fill(text, Self.values) == Self.plain(text, Self.values), "\(text)")
    }

    /// A stray `{` (a translation's typo) is printed as it is, once: it used to repeat the text before it.
    @Test(arguments: [
        ("a {title", "a {title"), ("{title} · a {day", "Sukhmani Sahib · a {day"), ("ਸ਼ਾਮ {", "ਸ਼ਾਮ {"),
        ("{day} {", "12 {"), ("x {title}{", "x Sukhmani Sahib{"),
    ])
    func keepsAStrayBraceOnce(_ text: String, _ expected: String) {
        #expect(Localizer.english.fill(text, Self.values) == expected)
    }
}
