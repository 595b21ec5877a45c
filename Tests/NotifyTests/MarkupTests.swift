// SPDX-License-Identifier: GPL-3.0-or-later
import Notify
import Testing

@Suite struct MarkupTests {
    @Test(arguments: [
        ("5 of 7 today", "5 of 7 today"),
        ("a & b", "a &amp; b"),
        ("<b>bold</b>", "&lt;b&gt;bold&lt;/b&gt;"),
        ("&amp;", "&amp;amp;"),
        ("say \"hi\" it's", "say &quot;hi&quot; it&apos;s"),
        ("Amrit Vela · ਜਪੁ ਜੀ ਸਾਹਿਬ", "Amrit Vela · ਜਪੁ ਜੀ ਸਾਹਿਬ"),
        ("", ""),
        // A combining mark after '<' makes one Character of the two; the '<' is still escaped.
        ("<\u{301}b>x", "&lt;\u{301}b&gt;x"),
    ])
    func escapes(input: String, expected: String) {
        #expect(Markup.escape(input) == expected)
    }
}
