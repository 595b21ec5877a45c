// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import Testing

/// `nitnem practice reset` without `--yes` says what `--yes` would do: every entry it would remove,
/// read or skipped, and the same refusal for a file it cannot read.
@Suite(.serialized) struct PracticeResetTests {
    @Test func withoutYesItCountsWhatYesWouldRemove() throws {
        let dir = try Support.demoGroup()
        defer { Support.cleanup(dir) }
        let path = dir + "/nitnem-mynitnem.json"
        _ = try Support.run(["practice", "start", "japji", "--group", dir])
        _ = try Support.run(["practice", "start", "jaap", "--group", dir])
        // The first entry unreadable: skipped with a warning, and still the file's (--yes removes it).
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let from = try #require(text.range(of: #""from": *"[0-9-]+""#, options: .regularExpression))
        try text.replacingCharacters(in: from, with: #""from": "bad""#).write(
            toFile: path, atomically: true, encoding: .utf8)
        let r = try Support.run(["practice", "reset", "--group", dir])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "Would forget 2 practices (nothing written); to forget them: nitnem practice reset --yes\n")
        #expect(r.stderr.contains(#"$.practices[0].from: expected a day YYYY-MM-DD, found "bad""#), "\(r.stderr)")
    }

    @Test func withoutYesAFileYesWouldRefuseIsRefused() throws {
        let dir = try Support.demoGroup()
        defer { Support.cleanup(dir) }
        let path = dir + "/nitnem-mynitnem.json"
        try "{broken".write(toFile: path, atomically: true, encoding: .utf8)
        for arguments in [["practice", "reset"], ["practice", "reset", "--yes"]] {
            let r = try Support.run(arguments + ["--group", dir])
            #expect(r.status == 2, "\(arguments)")
            #expect(r.stdout.isEmpty, "\(r.stdout)")
            #expect(
                r.stderr.hasSuffix(
                    "nitnem-mynitnem.json: not valid JSON: line 1, column 2: unexpected character 'b', expected a member name in double quotes; nothing written (to fix: nitnem sets reset)\n"
                ), "\(r.stderr)")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{broken")
    }
}
