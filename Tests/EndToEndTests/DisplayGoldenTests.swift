// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import Testing

/// The `display` a widget renders (`WidgetDisplay`), through the real binary: `status --format json`
/// and `timeline` for the demo group in English and Punjabi, with Gurmukhi titles, an empty evening
/// set, a resume point and Listen. The goldens in `fixtures/golden/display/` (re-recorded with
/// `NITNEM_RECORD_GOLDEN=1`) are read by the GNOME Shell extension's gjs tests and the Plasma
/// widget's qmltestrunner tests too: all three check the same words.
@Suite struct DisplayGoldenTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let golden: String
        let arguments: [String]
        var config = ""
        var punjabi = false
        var now = "2026-11-29T17:00"
        /// `<group>/nitnem-mynitnem.json`, when the case has your own sets.
        var mine: String? = nil
        var testDescription: String { golden }
    }

    static let status = ["status", "--format", "json"]

    static let cases = [
        Case(golden: "en-evening.status.json", arguments: status),
        Case(golden: "pa-evening.status.json", arguments: status, punjabi: true),
        Case(
            golden: "pa-gurmukhi-morning.status.json", arguments: status, config: "titles = gurmukhi\n", punjabi: true,
            now: "2026-11-29T13:00"),
        Case(
            golden: "en-resume-listen.status.json", arguments: status,
            config: "listen = mpv ~/Music/Nitnem/{key}.mp3\n", now: "2026-11-29T13:00"),
        Case(
            golden: "en-empty-evening.status.json", arguments: status, now: "2026-11-29T18:00",
            mine: #"{"schema":1,"sets":{"evening":[]}}"#),
        Case(golden: "en-evening.timeline.json", arguments: ["timeline"]),
        Case(
            golden: "pa-gurmukhi.timeline.json", arguments: ["timeline"], config: "titles = gurmukhi\n", punjabi: true),
    ]

    @Test(arguments: cases) func displayMatchesGolden(_ c: Case) throws {
        let home = try LanguageTests.Home(config: c.config)
        if let mine = c.mine {
            try mine.write(toFile: home.group + "/nitnem-mynitnem.json", atomically: true, encoding: .utf8)
        }
        let out = try home.run(c.arguments, c.punjabi ? LanguageTests.punjabi : [:], now: c.now)
        #expect(out == (try Golden.expected("display/\(c.golden)", actual: out)))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let top = try #require(object["display"] as? [String: Any])
        let displays =
            (object["entries"] as? [[String: Any]]).map { $0.compactMap { $0["display"] as? [String: Any] } } ?? [top]
        #expect(!displays.isEmpty)
        for display in displays {
            #expect(display["label"] is String)
            #expect((display["lines"] as? [String])?.isEmpty == false)
            let argvs =
                ((display["items"] as? [[String: Any]]) ?? []) + ((display["actions"] as? [[String: Any]]) ?? [])
            for argv in argvs.map({ $0["argv"] as? [String] ?? [] }) { #expect(argv.first == "nitnem") }
        }
    }

    /// The words are the user's: in Punjabi the lines are not the English ones, and the titles
    /// follow config `titles`.
    @Test func punjabiAndGurmukhiAreNotEnglish() throws {
        let read = { (name: String) in
            try String(contentsOfFile: NitnemBinary.fixture("golden/display/\(name)"), encoding: .utf8)
        }
        let pa = try read("pa-evening.status.json")
        #expect(!pa.contains("\"Today: ") && !pa.contains("\"Read now\""), "\(pa)")
        let gurmukhi = try read("pa-gurmukhi-morning.status.json")
        #expect(!gurmukhi.contains("\"label\":\"Tav-Prasad Savaiye"), "\(gurmukhi)")
        #expect(try read("en-resume-listen.status.json").contains("(29%)"))
        #expect(try read("en-empty-evening.status.json").contains("your evening set is empty"))
    }
}
