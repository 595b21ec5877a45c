// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import Testing

/// The Punjabi interface (gettext, `po/pa.po`) and config `titles`, through the real binary: each
/// surface in Punjabi and with Gurmukhi titles (goldens in `fixtures/golden/language/`), the
/// locales that select Punjabi and those that fall back to English.
@Suite struct LanguageTests {
    static let demo = NitnemBinary.packageRoot.appendingPathComponent("fixtures/groups/demo").path
    static let po = NitnemBinary.packageRoot.appendingPathComponent("po").path

    /// Runs a tool (msgfmt, localedef…); its stdout, after checking it exited 0.
    @discardableResult
    static func tool(_ path: String, _ arguments: [String]) throws -> String {
        let r = try NitnemBinary.run(arguments, environment: ["LC_ALL": "C.UTF-8"], executable: path)
        #expect(r.status == 0, "\(path) \(arguments): \(r.stderr)")
        return r.stdout + r.stderr
    }

    /// A temp home with a copy of the demo group, `po/pa.po` compiled into `<root>/locale` (as `make
    /// install` does), and a config file.
    final class Home {
        let root: String
        let group: String
        let locale: String

        init(config: String = "") throws {
            root = Support.tempFolder()
            group = root + "/group"
            locale = root + "/locale"
            try FileManager.default.copyItem(atPath: LanguageTests.demo, toPath: group)
            try FileManager.default.createDirectory(
                atPath: locale + "/pa/LC_MESSAGES", withIntermediateDirectories: true)
            try LanguageTests.tool(
                "/usr/bin/msgfmt", ["--check", "-o", locale + "/pa/LC_MESSAGES/nitnem.mo", LanguageTests.po + "/pa.po"])
            try FileManager.default.createDirectory(atPath: root + "/config/nitnem", withIntermediateDirectories: true)
            try config.write(toFile: root + "/config/nitnem/config", atomically: true, encoding: .utf8)
        }

        /// The environment: the demo's zone and clock, `locale` as the catalogue folder, and `language`.
        func environment(_ language: [String: String], now: String) -> [String: String] {
            [
                "HOME": root, "TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": now, "XDG_CONFIG_HOME": root + "/config",
                "XDG_STATE_HOME": root + "/state", "NITNEM_LOCALEDIR": locale,
            ].merging(language) { $1 }
        }

        /// `nitnem arguments… --group <group>`; its stdout, after checking it succeeded quietly.
        func run(
            _ arguments: [String], _ language: [String: String] = LanguageTests.punjabi,
            now: String = "2026-11-29T13:00"
        ) throws -> String {
            let r = try NitnemBinary.run(arguments + ["--group", group], environment: environment(language, now: now))
            #expect(r.status == 0, "\(arguments): \(r.stderr)")
            #expect(r.stderr == "", "\(arguments)")
            return r.stdout
        }

        deinit { Support.cleanup(root) }
    }

    /// `LANGUAGE=pa` with a UTF-8 `LANG` that every glibc has (C.UTF-8): no Punjabi locale needed.
    static let punjabi = ["LANGUAGE": "pa", "LANG": "C.UTF-8"]

    struct Surface: Sendable, CustomTestStringConvertible {
        let golden: String
        let arguments: [String]
        var now = "2026-11-29T13:00"
        var testDescription: String { golden }
    }

    static let surfaces: [Surface] = [
        Surface(golden: "status.text", arguments: ["status"]),
        Surface(golden: "status.waybar", arguments: ["status", "--format", "waybar"]),
        Surface(golden: "status.i3blocks", arguments: ["status", "--format", "i3blocks"]),
        Surface(golden: "status.polybar", arguments: ["status", "--format", "polybar"]),
        Surface(golden: "status-evening.text", arguments: ["status"], now: "2026-11-29T20:00"),
        Surface(golden: "journey.text", arguments: ["journey", "--month", "2026-11"]),
        Surface(golden: "mark-list.text", arguments: ["mark", "--list"]),
        Surface(golden: "mark-list.json", arguments: ["mark", "--list", "--format", "json"]),
        Surface(golden: "sets.text", arguments: ["sets"]),
        Surface(golden: "sets.json", arguments: ["sets", "--format", "json"]),
        Surface(golden: "reminders-list.text", arguments: ["reminders", "list"], now: "2026-11-29T18:20"),
    ]

    /// Every surface in Punjabi, titles as they are by default.
    @Test(arguments: surfaces) func punjabi(_ s: Surface) throws {
        let home = try Home()
        try Self.ledger(home)
        let out = try home.run(s.arguments, now: s.now)
        #expect(out == (try Golden.expected("language/pa-\(s.golden)", actual: out)))
    }

    /// Every surface with `titles = gurmukhi`, in English words.
    @Test(arguments: surfaces) func gurmukhiTitles(_ s: Surface) throws {
        let home = try Home(config: "titles = gurmukhi\n")
        try Self.ledger(home)
        let out = try home.run(s.arguments, [:], now: s.now)
        #expect(out == (try Golden.expected("language/gurmukhi-titles-\(s.golden)", actual: out)))
        if !s.golden.hasSuffix(".json") {  // JSON keeps titleEn and titleGurmukhi; `title` is the chosen one
            #expect(!out.contains("Japji Sahib") && !out.contains("Tav-Prasad Savaiye"), "\(out)")
        }
    }

    /// `titles = both` in the bar: both titles; `english` in status text: the English one alone.
    @Test func bothAndEnglish() throws {
        let both = try Home(config: "titles = both\n")
        #expect(try both.run(["status", "--format", "polybar"], [:]) == "Tav-Prasad Savaiye (ਤ੍ਵ ਪ੍ਰਸਾਦਿ ਸਵੱਯੇ) · 2/7\n")
        let english = try Home(config: "titles = english\n")
        #expect(try english.run(["status"], [:]).hasPrefix("Morning · next: Tav-Prasad Savaiye — resume at line 12"))
    }

    /// Per-bani reminders (`nitnem sets remind`) in `reminders list`: the heading, each bani with the
    /// band of its time (padded by terminal columns), why one is skipped and the next one, in
    /// Punjabi and with Gurmukhi titles; English as `RemindersListTests` has it.
    @Test func perBaniReminders() throws {
        for (name, config, language) in [
            ("pa", "", Self.punjabi), ("gurmukhi-titles", "titles = gurmukhi\n", [:]), ("english", "", [:]),
        ] {
            let home = try Home(config: config)
            _ = try home.run(["sets", "remind", "japji", "10:00"], language)
            _ = try home.run(["sets", "remind", "kirtan_sohila", "15:00"], language)
            let out = try home.run(["reminders", "list"], language)
            #expect(out == (try Golden.expected("language/\(name)-bani-reminders-list.text", actual: out)))
        }
    }

    /// A reminded, a snoozed and a skipped slot, so `reminders list` names a bani and a reason.
    static func ledger(_ home: Home) throws {
        try FileManager.default.createDirectory(atPath: home.root + "/state/nitnem", withIntermediateDirectories: true)
        try #"""
        {"schema":1,"entries":[
        {"dayKey":"2026-11-29","band":"amritVela","at":"2026-11-29T01:12:00Z","outcome":"fired","bani":"japji","late":true,"reason":null},
        {"dayKey":"2026-11-29","band":"evening","at":"2026-11-29T12:30:00Z","outcome":"snoozed","bani":"rehras/taksal","late":false,"reason":null,"snoozedUntil":"2026-11-29T12:45:00Z","deferrals":1}
        ]}
        """#.write(toFile: home.root + "/state/nitnem/reminders.json", atomically: true, encoding: .utf8)
    }

    /// Where Punjabi is asked for and where it falls back to English, silently.
    struct Locale: Sendable, CustomTestStringConvertible {
        let name: String
        let environment: [String: String]
        let punjabi: Bool
        var testDescription: String { name }
    }

    @Test(arguments: [
        Locale(name: "LANGUAGE=pa LANG=C.UTF-8", environment: ["LANGUAGE": "pa", "LANG": "C.UTF-8"], punjabi: true),
        Locale(
            name: "LANGUAGE=pa LC_ALL=C.UTF-8", environment: ["LANGUAGE": "pa", "LC_ALL": "C.UTF-8"], punjabi: true),
        Locale(
            name: "LANGUAGE=pa:en LC_MESSAGES=C.UTF-8", environment: ["LANGUAGE": "pa:en", "LC_MESSAGES": "C.UTF-8"],
            punjabi: true),
        // glibc ignores LANGUAGE under the C locale: English.
        Locale(name: "LANGUAGE=pa alone", environment: ["LANGUAGE": "pa"], punjabi: false),
        Locale(name: "LANGUAGE=pa LANG=C", environment: ["LANGUAGE": "pa", "LANG": "C"], punjabi: false),
        // A locale that is not installed leaves C: English, and no warning.
        Locale(name: "LANG=pa_IN.UTF-8 not installed", environment: ["LANG": "pa_IN.UTF-8"], punjabi: false),
        Locale(name: "LANG=xx_YY.UTF-8", environment: ["LANGUAGE": "pa", "LANG": "xx_YY.UTF-8"], punjabi: false),
        // A language without a catalogue: English.
        Locale(name: "LANGUAGE=de LANG=C.UTF-8", environment: ["LANGUAGE": "de", "LANG": "C.UTF-8"], punjabi: false),
    ])
    func locales(_ l: Locale) throws {
        let home = try Home()
        let out = try home.run(["status"], l.environment)
        #expect(out.hasPrefix(l.punjabi ? "ਸਵੇਰ · ਅਗਲੀ: " : "Morning · next: "), "\(out)")
    }

    /// No catalogue where the binary looks (an empty NITNEM_LOCALEDIR): English, silently.
    @Test func noCatalogueIsEnglish() throws {
        let home = try Home()
        let empty = Support.tempFolder()
        defer { Support.cleanup(empty) }
        let out = try home.run(["status"], Self.punjabi.merging(["NITNEM_LOCALEDIR": empty]) { $1 })
        #expect(out.hasPrefix("Morning · next: "))
    }

    /// `LANG=pa_IN.UTF-8` alone, with the locale generated (`localedef`, as the `locales` package does;
    /// here into a private LOCPATH): Punjabi.
    @Test func aGeneratedPunjabiLocale() throws {
        let home = try Home()
        let locpath = home.root + "/locpath"
        try FileManager.default.createDirectory(atPath: locpath, withIntermediateDirectories: true)
        try Self.tool("/usr/bin/localedef", ["-i", "pa_IN", "-f", "UTF-8", locpath + "/pa_IN.UTF-8"])
        let out = try home.run(["status"], ["LANG": "pa_IN.UTF-8", "LOCPATH": locpath])
        #expect(out.hasPrefix("ਸਵੇਰ · ਅਗਲੀ: "), "\(out)")
    }

    /// Errors and help stay English, whatever the language.
    @Test func errorsAndHelpStayEnglish() throws {
        let home = try Home()
        let help = try NitnemBinary.run(
            ["status", "--help"], environment: home.environment(Self.punjabi, now: "2026-11-29T13:00"))
        #expect(help.stdout.hasPrefix("OVERVIEW: Show the next bani"), "\(help.stdout)")
        let bad = try NitnemBinary.run(
            ["mark", "no-such-bani", "--group", home.group],
            environment: home.environment(Self.punjabi, now: "2026-11-29T13:00"))
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("nitnem: "), "\(bad.stderr)")
        #expect(!bad.stderr.unicodeScalars.contains { (0x0A00...0x0A7F).contains($0.value) }, "\(bad.stderr)")
    }

    // MARK: The catalogue

    /// `po/pa.po` is clean for `msgfmt --check` (formats, plural forms, header), every message of the
    /// template is translated (none fuzzy, none missing), and merging the template changes nothing:
    /// it is not stale.
    @Test func theCatalogueIsCompleteAndCurrent() throws {
        let stats = try Self.tool(
            "/usr/bin/msgfmt", ["--check", "--statistics", "-o", "/dev/null", Self.po + "/pa.po"])
        #expect(stats.hasSuffix(" translated messages.\n"), "\(stats)")
        #expect(!stats.contains("fuzzy") && !stats.contains("untranslated"), "\(stats)")
        let merged = try Self.tool(
            "/usr/bin/msgmerge", ["--quiet", "-o", "-", Self.po + "/pa.po", Self.po + "/nitnem.pot"])
        #expect(merged == (try String(contentsOfFile: Self.po + "/pa.po", encoding: .utf8)), "run scripts/update-po.sh")
        let text = try String(contentsOfFile: Self.po + "/pa.po", encoding: .utf8)
        #expect(text.contains("\"Plural-Forms: nplurals=2; plural=(n > 1);\\n\""))
        #expect(text.contains("wants review by a native speaker"))
        for term in ["ਨਿਤਨੇਮ", "ਅੰਮ੍ਰਿਤ ਵੇਲਾ", "ਸਵੇਰ", "ਸ਼ਾਮ", "ਰਾਤ"] {
            #expect(text.contains("msgstr \"\(term)") || text.contains(term))
        }
    }
}
