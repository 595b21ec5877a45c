// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import NitnemClockKit
import TestSupport
import Testing

/// Control characters in a title, an argument or a config value never reach a line-based output
/// raw: folded to a space in the bar formats, the widgets' display and notifications, escaped
/// (`\n`, `\u{1B}`, `\u{202E}`) in text and error lines, written `\uXXXX` in JSON. Bidi controls and
/// invisible format characters are controls too; ZWJ and ZWNJ, which shape Gurmukhi, are not.
@Suite struct ControlCharacterTests {
    /// What every English title ends with: a right-to-left override (which would show what follows
    /// backwards), a bar's count, a left-to-right isolate, a byte order mark, a line break, an
    /// i3blocks colour line, a carriage return and a terminal escape.
    static let injected = "\u{202E}7/7\u{2066}x\u{FEFF}\n#ff0000\r\u{1B}[2J"
    /// `injected` folded, as a bar shows it.
    static let folded = " 7/7 x #ff0000 [2J"
    /// `injected` escaped, as a terminal shows it.
    static let escaped = #"\u{202E}7/7\u{2066}x\u{FEFF}\n#ff0000\r\u{1B}[2J"#
    /// The controls of `injected`: none may be in any output raw.
    static let controls: [Unicode.Scalar] = ["\u{202E}", "\u{2066}", "\u{FEFF}", "\r", "\u{1B}"]

    /// The demo group with every English title ending in `injected`, and every Gurmukhi title with a
    /// ZWJ after each virama and a ZWNJ at its end (which must pass unchanged).
    static func injectedGroup() throws -> TempGroup {
        let group = try TempGroup(copying: StatusCommandTests.demo)
        let path = group.path + "/nitnem-snapshot.json"
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        var banis = try #require(object["banis"] as? [[String: Any]])
        for index in banis.indices {
            banis[index]["titleEn"] = (banis[index]["titleEn"] as? String ?? "") + injected
            if let gurmukhi = banis[index]["titleGurmukhi"] as? String {
                banis[index]["titleGurmukhi"] = Self.joined(gurmukhi)
            }
        }
        object["banis"] = banis
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        return group
    }

    /// A Gurmukhi title with a ZWJ after each virama and a ZWNJ at its end.
    static func joined(_ gurmukhi: String) -> String {
        Printable.replacing("\u{0A4D}", with: "\u{0A4D}\u{200D}", in: gurmukhi) + "\u{200C}"
    }

    /// `text` holds none of `controls` raw (a line break is a line of the output, not a title's).
    static func clean(_ text: String) -> Bool {
        !text.unicodeScalars.contains { controls.contains($0) }
    }

    static let env = ["TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T13:00"]

    static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    }

    @Test func barFormatsFoldThemAndTextEscapesThem() throws {
        let group = try Self.injectedGroup()
        defer { group.remove() }
        func status(_ format: String) throws -> NitnemBinary.Result {
            let r = try NitnemBinary.run(["status", "--format", format, "--group", group.path], environment: Self.env)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(Self.clean(r.stdout + r.stderr), "\(format): \(r.stdout.debugDescription)")
            return r
        }
        let title = "Tav-Prasad Savaiye" + Self.folded
        #expect(Self.lines(try status("i3blocks").stdout) == ["\(title) · 2/7", "\(title) 2/7", "#ebdbb2"])
        #expect(Self.lines(try status("polybar").stdout) == ["\(title) · 2/7"])
        let text = Self.lines(try status("text").stdout)
        #expect(text.count == 2)
        #expect(text.first?.hasPrefix("Morning · next: Tav-Prasad Savaiye\(Self.escaped) (") == true, "\(text)")
        // ZWJ and ZWNJ shape the Gurmukhi title: shown as they are.
        #expect(text.first?.contains(Self.joined("ਤ੍ਵ ਪ੍ਰਸਾਦਿ ਸਵੱਯੇ")) == true, "\(text)")
        // waybar's JSON: one line, the label and each tooltip line folded.
        let waybar = try status("waybar").stdout
        #expect(Self.lines(waybar).count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(waybar.utf8)) as? [String: Any])
        #expect(object["text"] as? String == "\(title) · 2/7")
        let tooltip = try #require(object["tooltip"] as? String).split(separator: "\n")
        #expect(tooltip.count == 3, "a title's line break made a tooltip line: \(tooltip)")
        #expect(tooltip.dropFirst().first?.hasPrefix("Next: \(title) (") == true, "\(tooltip)")
    }

    /// What a widget shows (`status --format json`'s `display`, each entry of the timeline, the
    /// settings' lists and the checklist) is folded; the data beside it keeps the title as the
    /// snapshot gives it, each control written `\uXXXX`, so no byte of it is raw.
    @Test func displayJSONFoldsThemAndDataEscapesThem() throws {
        let group = try Self.injectedGroup()
        defer { group.remove() }
        func json(_ arguments: [String]) throws -> [String: Any] {
            let r = try NitnemBinary.run(arguments + ["--group", group.path], environment: Self.env)
            #expect(r.status == 0, "\(arguments): \(r.stderr)")
            #expect(Self.clean(r.stdout + r.stderr), "\(arguments): \(r.stdout.debugDescription)")
            return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        }
        let title = "Tav-Prasad Savaiye" + Self.folded
        let status = try json(["status", "--format", "json"])
        let display = try #require(status["display"] as? [String: Any])
        #expect(display["label"] as? String == "\(title) · 2/7")
        let lines = try #require(display["lines"] as? [String])
        #expect(lines.count == 3 && lines[1].hasPrefix("Next: \(title) ("), "\(lines)")
        let items = try #require(display["items"] as? [[String: Any]])
        #expect(items.compactMap { $0["label"] as? String }.allSatisfy { !$0.contains("\n") && Self.clean($0) })
        // The data is the snapshot's title, whole.
        let next = try #require(status["next"] as? [String: Any])
        #expect(next["titleEn"] as? String == "Tav-Prasad Savaiye" + Self.injected)

        let timeline = try json(["timeline"])
        let entries = try #require(timeline["entries"] as? [[String: Any]])
        let first = try #require(entries.first?["display"] as? [String: Any])
        #expect(first["label"] as? String == "\(title) · 2/7")

        let sets = try json(["sets", "list", "--format", "json"])
        let morning = try #require((sets["sets"] as? [String: Any])?["morning"] as? [String: Any])
        let banis = try #require(morning["banis"] as? [[String: Any]])
        #expect(banis.compactMap { $0["title"] as? String }.contains(title))
        let available = try json(["sets", "available", "--format", "json"])
        #expect(
            try #require(available["banis"] as? [[String: Any]]).compactMap { $0["title"] as? String }.contains(title))
        let checklist = try json(["mark", "--list", "--format", "json"])
        #expect(
            try #require(checklist["banis"] as? [[String: Any]]).compactMap { $0["title"] as? String }.contains(title))
    }

    /// The commands a person reads on a terminal escape a title's controls: `sets`, `sets available`,
    /// `mark --list`, `reminders list` (a per-bani reminder names its bani), `doctor`; `clock` and
    /// `journey` show no title, and say nothing raw either.
    @Test func terminalTextEscapesThem() throws {
        let group = try Self.injectedGroup()
        defer { group.remove() }
        let home = Support.tempFolder()
        defer { Support.cleanup(home) }
        try Support.write(#"{"schema":1,"reminders":{"sukhmani":"10:00"}}"#, to: group.path + "/nitnem-mynitnem.json")
        let env = Self.env.merging([
            "HOME": home, "XDG_STATE_HOME": home + "/state", "XDG_CONFIG_HOME": home + "/config",
            "XDG_RUNTIME_DIR": home + "/run",
        ]) { $1 }
        for arguments in [
            ["sets"], ["sets", "available"], ["mark", "--list"], ["reminders", "list"], ["doctor"], ["clock"],
            ["journey"],
        ] {
            let r = try NitnemBinary.run(arguments + ["--group", group.path], environment: env)
            #expect(r.status == 0 || arguments == ["doctor"], "\(arguments): \(r.stderr)")
            #expect(Self.clean(r.stdout + r.stderr), "\(arguments): \(r.stdout.debugDescription)")
            if !["clock", "journey"].contains(arguments[0]) {
                #expect(r.stdout.contains(Self.escaped), "\(arguments): \(r.stdout)")
            }
        }
    }

    @Test(arguments: ["text", "i3blocks", "polybar", "waybar"])
    func followPrintsOneLinePerState(_ format: String) throws {
        let group = try Self.injectedGroup()
        defer { group.remove() }
        let follow = try NitnemProcess(
            ["status", "--follow", "--format", format, "--group", group.path], environment: Self.env,
            stderrPath: group.path + "/../follow.log")
        let first = try #require(follow.readLine(timeout: 5), "no first line: \(follow.stderr)")
        let title = "Tav-Prasad Savaiye" + Self.folded
        let expected =
            switch format {
            case "text": "Morning · next: \(title) ("
            case "waybar": #"{"text":"\#(title) · 2/7","#
            default: "\(title) · 2/7"
            }
        #expect(first.hasPrefix(expected), "\(first)")
        #expect(Self.clean(first))
        // Nothing changed: no second line (a title's line break made one before).
        #expect(follow.readLine(timeout: 0.5) == nil)
        #expect(follow.terminate(timeout: 5) == 0)
    }

    @Test func errorLinesEscapeWhatTheyEcho() throws {
        let r = try Support.run(["st\u{1B}[2Jatus\nx"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix(#"nitnem: unknown command 'st\u{1B}[2Jatus\nx'"# + "\nusage: "), "\(r.stderr)")
        #expect(!r.stderr.contains("\u{1B}"))

        let group = try TempGroup(copying: nil)
        defer { group.remove() }
        let (config, bad) = try group.remindersList(config: "reminders = o\u{1B}[2Jn\u{0}\n")
        #expect(bad.status == 2)
        #expect(
            bad.stderr
                == "nitnem: \(config):1: reminders must be on or off (also yes/no, true/false), not 'o\\u{1B}[2Jn\\u{0}'\n"
        )
    }
}
