// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import TestSupport
import Testing

@testable import Snapshot

/// Reader templates (config `reader`): splitting, placeholders, and what a link resolves to.
@Suite struct ReaderTemplateTests {
    static let opener = ["xdg-open"]

    /// The BaniDB ids, transcribed from shared/reference/reader-links.json.
    static let banidb: [(String, Int)] = [
        ("japji", 2), ("jaap", 4), ("savaiye", 6), ("chaupai", 9), ("anand", 10), ("rehras", 21), ("aarti", 22),
        ("kirtan_sohila", 23), ("sukhmani", 31), ("asa_di_vaar", 90),
        // From shared/reference/more-banis.json (the same BaniDB list).
        ("salok_m9", 30), ("raag_mala", 38), ("laavan", 11), ("anand_6", 1000), ("sidh_gosht", 34),
        ("bavan_akhri", 33), ("baarah_maha", 27), ("shabad_hazare", 3), ("shabad_hazare_p10", 5), ("akal_ustat", 29),
        ("chandi_di_vaar", 13), ("savaiye_deenan", 7), ("ardaas", 24), ("dukh_bhanjani", 36), ("funhe_m5", 17),
        ("chaubole", 18), ("dakhni_oankar", 35),
    ]

    @Test func factsMatchTheReference() {
        #expect(ReaderLinks.banidb == Dictionary(uniqueKeysWithValues: Self.banidb))
        #expect(ReaderLinks.baniTemplate == "https://www.sikhitothemax.org/sundar-gutka/{banidb}")
        #expect(ReaderLinks.home == "https://www.sikhitothemax.org/sundar-gutka")
        // Every bani of the embedded registry has an id, but Ramkali Sadu (none in more-banis.json).
        for bani in EmbeddedRegistry.snapshot.banis {
            #expect((ReaderLinks.banidb[bani.key] != nil) == (bani.key != "ramkali_sadu"), "\(bani.key)")
        }
    }

    @Test(arguments: banidb)
    func everyKeyOpensItsSundarGutkaPage(_ key: String, _ id: Int) {
        let page = "https://www.sikhitothemax.org/sundar-gutka/\(id)"
        for link in [DeepLink.bani(key: key, variant: nil), .composition(key: key, variant: nil)] {
            let launch = ReaderTemplate.default.resolve(link, opener: Self.opener)
            #expect(launch == ReaderLaunch(argv: ["xdg-open", page], via: .opener, target: page, note: nil))
        }
        // Keys are matched case-insensitively; a variant has no id of its own.
        #expect(ReaderLinks.banidbID(key: key.uppercased(), variant: nil) == id)
        #expect(ReaderLinks.banidbID(key: key, variant: "") == id)
        #expect(ReaderLinks.banidbID(key: key, variant: "taksal") == nil)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let template: String
        let link: DeepLink
        let opener: [String]
        let argv: [String]
        let note: String?
        var testDescription: String { "\(template) ← \(link.url)" }

        init(
            _ template: String, _ link: DeepLink, opener: [String] = ["xdg-open"], _ argv: [String], note: String? = nil
        ) {
            self.template = template
            self.link = link
            self.opener = opener
            self.argv = argv
            self.note = note
        }
    }

    static let home = "https://www.sikhitothemax.org/sundar-gutka"
    static let noteTaksal = "no BaniDB id for 'rehras' (variant taksal): opening the reader's home"
    static let noteUnknown = "no BaniDB id for 'bara_maha': opening the reader's home"

    static let cases: [Case] = [
        // The default reader.
        Case(ReaderLinks.baniTemplate, .nitnem, ["xdg-open", home]),
        Case(ReaderLinks.baniTemplate, .bani(key: "rehras", variant: "taksal"), ["xdg-open", home], note: noteTaksal),
        Case(
            ReaderLinks.baniTemplate, .composition(key: "bara_maha", variant: nil), ["xdg-open", home],
            note: noteUnknown),
        Case(ReaderLinks.baniTemplate, .bani(key: "JAAP", variant: nil), ["xdg-open", home + "/4"]),
        Case(
            ReaderLinks.baniTemplate, .bani(key: "jaap", variant: nil), opener: ["firefox", "--new-tab"],
            ["firefox", "--new-tab", home + "/4"]),
        Case(ReaderLinks.baniTemplate, .bani(key: "jaap", variant: nil), opener: [], ["xdg-open", home + "/4"]),
        // Web templates: placeholders percent-encoded.
        Case(
            "https://example.org/read/{key}?v={variant}", .bani(key: "rehras", variant: "taksal"),
            ["xdg-open", "https://example.org/read/rehras?v=taksal"]),
        Case(
            "https://example.org/read/{key}?v={variant}", .bani(key: "a b", variant: "c&d"),
            ["xdg-open", "https://example.org/read/a%20b?v=c%26d"]),
        Case("https://example.org/read/{key}", .nitnem, ["xdg-open", "https://example.org/read/"]),
        Case(
            "https://proxy.example/?u={url}", .bani(key: "japji", variant: nil),
            ["xdg-open", "https://proxy.example/?u=https%3A%2F%2Fwww.sikhitothemax.org%2Fsundar-gutka%2F2"]),
        Case("HTTP://example.org/{banidb}", .bani(key: "anand", variant: nil), ["xdg-open", "HTTP://example.org/10"]),
        // {banidb} without an id: the template cut before the part holding it.
        Case(
            "https://example.org/gutka?lang=en&id={banidb}", .nitnem, ["xdg-open", "https://example.org/gutka?lang=en"]),
        Case("https://example.org/gutka?id={banidb}&lang=en", .nitnem, ["xdg-open", "https://example.org/gutka"]),
        Case(
            "https://example.org/b/{banidb}/read", .bani(key: "x", variant: nil),
            ["xdg-open", "https://example.org/b"], note: "no BaniDB id for 'x': opening the reader's home"),
        Case("https://{banidb}.example.org/", .nitnem, ["xdg-open", "https://.example.org/"]),
        Case("https://example.org/{key}", .bani(key: "x", variant: nil), ["xdg-open", "https://example.org/x"]),
        // Commands: argv as split, placeholders substituted raw inside words.
        Case("/opt/rec {url}", .bani(key: "jaap", variant: nil), ["/opt/rec", home + "/4"]),
        Case("/opt/rec {url}", .bani(key: "rehras", variant: "taksal"), ["/opt/rec", home], note: noteTaksal),
        Case("/opt/rec {url}", .nitnem, ["/opt/rec", home]),
        Case(
            "my-gutka --bani={key} --variant {variant}", .bani(key: "rehras", variant: "taksal"),
            ["my-gutka", "--bani=rehras", "--variant", "taksal"]),
        Case("my-gutka --bani={key} {variant}", .bani(key: "japji", variant: nil), ["my-gutka", "--bani=japji"]),
        Case("my-gutka '{key} {variant}'", .bani(key: "a b", variant: "c;d"), ["my-gutka", "a b c;d"]),
        Case("my-gutka {key}", .bani(key: "$(touch x) `y` *", variant: nil), ["my-gutka", "$(touch x) `y` *"]),
        Case("my-gutka '' {banidb}", .bani(key: "jaap", variant: nil), ["my-gutka", "", "4"]),
        Case("my-gutka --id {banidb}", .nitnem, ["my-gutka", "--id"]),
        Case(
            "my-gutka --id={banidb}", .bani(key: "x", variant: nil), ["my-gutka", "--id="],
            note: "no BaniDB id for 'x': opening the reader's home"),
        Case("firefox https://www.sikhitothemax.org/sundar-gutka/{banidb}", .nitnem, ["firefox", home]),
        Case("{key}-reader {key}", .bani(key: "japji", variant: nil), ["japji-reader", "japji"]),
        Case(
            "\"/opt/My Reader/bin/read\" \"{url}\"", .bani(key: "japji", variant: nil),
            ["/opt/My Reader/bin/read", home + "/2"]),
        Case("read {Key} {} {a-b} {", .nitnem, ["read", "{Key}", "{}", "{a-b}", "{"]),
    ]

    @Test(arguments: cases)
    func resolves(_ c: Case) throws {
        let template = try ReaderTemplate(parsing: c.template)
        let launch = template.resolve(c.link, opener: c.opener)
        #expect(launch.argv == c.argv)
        #expect(launch.note == c.note)
        #expect(launch.via == (c.template.lowercased().hasPrefix("http") ? .opener : .command))
        #expect(launch.target == (launch.via == .opener ? c.argv.last! : c.link.url))
    }

    struct Split: Sendable, CustomTestStringConvertible {
        let text: String
        let words: [String]
        var testDescription: String { text }
    }

    static let splits: [Split] = [
        Split(text: "a b  c", words: ["a", "b", "c"]),
        Split(text: "  a\tb  ", words: ["a", "b"]),
        Split(text: "'a b' \"c d\"", words: ["a b", "c d"]),
        Split(text: "a'b c'd", words: ["ab cd"]),
        Split(text: "'it\"s' \"it's\"", words: ["it\"s", "it's"]),
        Split(text: "'' \"\" x", words: ["", "", "x"]),
        Split(text: #"a\ b"#, words: [#"a\"#, "b"]),
        Split(text: "a;b|c&&d $(e) `f` > g", words: ["a;b|c&&d", "$(e)", "`f`", ">", "g"]),
        Split(text: "", words: []),
    ]

    @Test(arguments: splits)
    func splitsWords(_ c: Split) throws {
        #expect(try ReaderTemplate.words(c.text) == c.words)
    }

    /// `fixtures/cases/reader-refused.tsv`; `OpenCommandTests.aBadReaderInTheConfigNamesFileAndLine`
    /// puts every template a config line can hold in a config file for the binary.
    @Test(arguments: try CaseTable.rows("reader-refused", columns: ["template", "code", "message"]))
    func refuses(_ c: CaseTable.Row) {
        #expect("\(c)") { try ReaderTemplate(parsing: c["template"]) } throws: {
            ReaderTemplateError.matches($0, code: c["code"], problem: c["message"])
        }
    }

    @Test func defaultIsTheSundarGutkaByID() {
        #expect(ReaderTemplate.default.text == ReaderLinks.baniTemplate)
        #expect(ReaderTemplate.default.form == .web([.literal(Self.home + "/"), .placeholder(.banidb)]))
        #expect(ReaderTemplate.default.uses(.banidb) && !ReaderTemplate.default.uses(.key))
    }
}
