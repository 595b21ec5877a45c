// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Testing

@testable import Snapshot

/// Listen templates (config `listen`): the reader's words and placeholders, always a command, `~`
/// in the home folder.
@Suite struct ListenTemplateTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let template: String
        let link: DeepLink
        var home: String? = "/home/amrit"
        let argv: [String]
        var testDescription: String { "\(template) ← \(link.url)" }
    }

    @Test(arguments: [
        Case(
            template: "mpv --no-video ~/Music/Nitnem/{key}.mp3", link: .bani(key: "japji", variant: nil),
            argv: ["mpv", "--no-video", "/home/amrit/Music/Nitnem/japji.mp3"]),
        Case(
            template: "mpv ~/Music/Nitnem/{key}-{variant}.mp3", link: .bani(key: "rehras", variant: "taksal"),
            argv: ["mpv", "/home/amrit/Music/Nitnem/rehras-taksal.mp3"]),
        // A word holding only an empty placeholder is left out; quotes group, `~` alone is home.
        Case(
            template: "play '~/My Paath/{key}.ogg' {variant} ~", link: .composition(key: "sukhmani", variant: nil),
            argv: ["play", "/home/amrit/My Paath/sukhmani.ogg", "/home/amrit"]),
        // `~` only at a word's start, and only `~/`: `~user` is not expanded (no passwd look-ups).
        Case(
            template: "player --file=~/x/{banidb}.mp3 ~other/{key}", link: .bani(key: "jaap", variant: nil),
            argv: ["player", "--file=~/x/4.mp3", "~other/jaap"]),
        Case(
            template: "player {url}", link: .bani(key: "japji", variant: nil),
            argv: ["player", "https://www.sikhitothemax.org/sundar-gutka/2"]),
        Case(
            template: "mpv ~/Music/{key}.mp3", link: .bani(key: "japji", variant: nil), home: nil,
            argv: ["mpv", "~/Music/japji.mp3"]),
    ])
    func resolvesToArgv(_ c: Case) throws {
        let launch = try ListenTemplate(parsing: c.template).resolve(c.link, home: c.home)
        #expect(launch.argv == c.argv)
        #expect(launch.via == .listen && launch.target == c.link.url && launch.note == nil)
    }

    @Test(arguments: [
        ("", ReaderTemplateError.Code.empty, "the listen command is empty"),
        ("mpv 'x", .unterminatedQuote, "the listen command has an unterminated ' quote"),
        ("mpv {title}", .unknownPlaceholder, "unknown placeholder {title} in the listen command"),
        ("https://example.org/{key}.mp3", .notACommand, "the listen command is a program and its arguments"),
    ])
    func refusesWhatIsNoCommand(_ text: String, _ code: ReaderTemplateError.Code, _ says: String) {
        #expect {
            try ListenTemplate(parsing: text)
        } throws: { error in
            guard let error = error as? ReaderTemplateError else { return false }
            return error.code == code && error.description.hasPrefix(says)
        }
    }
}
