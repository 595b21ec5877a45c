// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import TestSupport
import Testing

/// Control characters in a title, an argument or a config value never reach a line-based output
/// raw: folded to a space in the bar formats, escaped (`\n`, `\u{1B}`) in text and error lines.
@Suite struct ControlCharacterTests {
    /// The demo group with every English title ending in a line break, an i3blocks colour line, a
    /// carriage return and a terminal escape.
    static func injectedGroup() throws -> TempGroup {
        let group = try TempGroup(copying: StatusCommandTests.demo)
        let path = group.path + "/nitnem-snapshot.json"
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        var banis = try #require(object["banis"] as? [[String: Any]])
        for index in banis.indices {
            banis[index]["titleEn"] = (banis[index]["titleEn"] as? String ?? "") + "\n#ff0000\r\u{1B}[2J"
        }
        object["banis"] = banis
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        return group
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
            #expect(!r.stdout.contains("\r") && !r.stdout.contains("\u{1B}"), "\(format): \(r.stdout.debugDescription)")
            return r
        }
        #expect(
            Self.lines(try status("i3blocks").stdout)
                == ["Tav-Prasad Savaiye #ff0000 [2J · 2/7", "Tav-Prasad Savaiye #ff0000 [2J 2/7", "#ebdbb2"])
        #expect(Self.lines(try status("polybar").stdout) == ["Tav-Prasad Savaiye #ff0000 [2J · 2/7"])
        let text = Self.lines(try status("text").stdout)
        #expect(text.count == 2)
        #expect(text.first?.hasPrefix(#"Morning · next: Tav-Prasad Savaiye\n#ff0000\r\u{1B}[2J ("#) == true)
        // waybar's JSON escapes its own: one line.
        #expect(Self.lines(try status("waybar").stdout).count == 1)
    }

    @Test(arguments: ["text", "i3blocks", "polybar"])
    func followPrintsOneLinePerState(_ format: String) throws {
        let group = try Self.injectedGroup()
        defer { group.remove() }
        let follow = try NitnemProcess(
            ["status", "--follow", "--format", format, "--group", group.path], environment: Self.env,
            stderrPath: group.path + "/../follow.log")
        let first = try #require(follow.readLine(timeout: 5), "no first line: \(follow.stderr)")
        let expected =
            format == "text"
            ? "Morning · next: Tav-Prasad Savaiye #ff0000 [2J (" : "Tav-Prasad Savaiye #ff0000 [2J · 2/7"
        #expect(first.hasPrefix(expected), "\(first)")
        #expect(!first.contains("\r") && !first.contains("\u{1B}"))
        // Nothing changed: no second line (a title's line break made one before).
        #expect(follow.readLine(timeout: 0.5) == nil)
        follow.send(SIGTERM)
        #expect(follow.waitForExit(timeout: 5) == 0)
    }

    @Test func errorLinesEscapeWhatTheyEcho() throws {
        let r = try Support.run(["st\u{1B}[2Jatus\nx"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix(#"nitnem: unknown command 'st\u{1B}[2Jatus\nx'"# + "\nusage: "), "\(r.stderr)")
        #expect(!r.stderr.contains("\u{1B}"))

        let group = try TempGroup(copying: nil)
        defer { group.remove() }
        let config = group.path + "/config"
        try Support.write("reminders = o\u{1B}[2Jn\u{0}\n", to: config)
        let bad = try Support.run(["reminders", "list", "--config", config, "--group", group.path])
        #expect(bad.status == 2)
        #expect(
            bad.stderr
                == "nitnem: \(config):1: reminders must be on or off (also yes/no, true/false), not 'o\\u{1B}[2Jn\\u{0}'\n"
        )
    }
}
