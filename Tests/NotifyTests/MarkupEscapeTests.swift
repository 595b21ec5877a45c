import Notify
import Testing

@Suite struct MarkupEscapeTests {
    @Test(arguments: [
        ("Rehras Sahib", "Rehras Sahib"), ("a & b", "a &amp; b"), ("<b>x</b>", "&lt;b&gt;x&lt;/b&gt;"),
        ("ਜਪੁ ਜੀ ਸਾਹਿਬ", "ਜਪੁ ਜੀ ਸਾਹਿਬ"), ("\"q\" 'a'", "&quot;q&quot; &apos;a&apos;"),
    ])
    func escapes(_ input: String, _ expected: String) {
        #expect(Markup.escape(input) == expected)
    }
}
