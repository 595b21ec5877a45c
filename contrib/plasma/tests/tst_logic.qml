// SPDX-License-Identifier: GPL-3.0-or-later
// The widget's logic (logic.js) under qmltestrunner, Qt 5 and Qt 6: run.sh puts this file beside the
// variant's logic.js and a fixtures.js made from the Swift tests' goldens (`nitnem status --format
// json`, `--format polybar` and `nitnem mark --list --format json` for the demo group).
import QtQuick 2.15
import QtTest 1.15
import "logic.js" as Logic
import "fixtures.js" as Fixtures

TestCase {
    name: "NitnemPlasmaLogic"

    function test_shellQuoteKeepsEveryWordOneWord() {
        compare(Logic.shellQuote("japji"), "'japji'")
        compare(Logic.shellQuote("a'b"), "'a'\\''b'")
        compare(Logic.shellQuote("$(rm -rf ~) `x` \"y\""), "'$(rm -rf ~) `x` \"y\"'")
        compare(Logic.shellQuote(""), "''")
    }

    function test_commandQuotesEveryWordAndCountsRuns() {
        compare(Logic.command(["nitnem", "mark", "rehras/taksal", "--day", "2026-11-29"], 7),
                "PATH=\"${PATH:+$PATH:}$HOME/.local/bin\"; exec 'nitnem' 'mark' 'rehras/taksal' '--day' '2026-11-29' # 7")
        verify(Logic.command(["nitnem"], 1) !== Logic.command(["nitnem"], 2), "each run its own source")
        verify(Logic.isChecklistCommand(Logic.command(Logic.checklistArgv(), 3)))
        verify(!Logic.isChecklistCommand(Logic.command(Logic.statusArgv(null), 3)))
    }

    function test_statusArgvPassesOnlyAToken_data() {
        return [
            {tag: "first run", token: null, expected: "new"},
            {tag: "a token", token: "0123456789abcdef", expected: "0123456789abcdef"},
            {tag: "not a token", token: "--follow", expected: "new"},
            {tag: "upper case", token: "0123456789ABCDEF", expected: "new"},
        ]
    }
    function test_statusArgvPassesOnlyAToken(data) {
        compare(Logic.statusArgv(data.token), ["nitnem", "status", "--format", "json", "--changed-from", data.expected])
    }

    function test_theLabelIsWhatStatusShows() {
        compare(Logic.parseStatus(Fixtures.statusMorning).label, Fixtures.polybarMorning)
        var evening = Logic.parseStatus(Fixtures.statusEvening)
        compare(evening.label, "Rehras Sahib · 2/7")
        compare(evening.tooltip, "Evening · Nitnem day 2026-11-29\nNext: Rehras Sahib (ਰਹਰਾਸਿ ਸਾਹਿਬ)\nToday: 2 of 7 read")
        compare(evening.token, null, "plain status has no token")
        compare(Logic.readArgv(evening), ["nitnem", "open", "sggs://bani/rehras?variant=taksal"])
    }

    function test_titlesFromTheChecklist() {
        // titles = gurmukhi: the checklist nitnem prints with it says so; the list, the label and
        // the tooltip follow it.
        var c = Logic.parseChecklist(Fixtures.checklistGurmukhi)
        compare(c.titles, "gurmukhi")
        compare(c.banis[0].label, "✓ ਜਪੁ ਜੀ ਸਾਹਿਬ")
        compare(c.banis[2].label, "○ ਤ੍ਵ ਪ੍ਰਸਾਦਿ ਸਵੱਯੇ · next")
        var evening = Logic.parseStatus(Fixtures.statusEvening, c.titles)
        compare(evening.label, "ਰਹਰਾਸਿ ਸਾਹਿਬ · 2/7")
        compare(evening.tooltip.split("\n")[1], "Next: ਰਹਰਾਸਿ ਸਾਹਿਬ")
        // A status shown before the checklist came is made again in its form.
        var again = Logic.withTitles(Logic.parseStatus(Fixtures.statusEvening), "both")
        compare(again.label, "Rehras Sahib (ਰਹਰਾਸਿ ਸਾਹਿਬ) · 2/7")
        compare(again.titles, "both")
        // An older nitnem (no titles, no title) and the default: English.
        var old = JSON.parse(Fixtures.checklistEvening)
        delete old.titles
        old.banis.forEach(function (b) { delete b.title })
        var parsed = Logic.parseChecklist(JSON.stringify(old))
        compare(parsed.titles, "english")
        compare(parsed.banis[0].label, "✓ Japji Sahib")
        compare(Logic.parseChecklist(Fixtures.checklistEvening).titles, "english")
        var bad = JSON.parse(Fixtures.checklistEvening)
        bad.titles = "klingon"
        var refused = ""
        try {
            Logic.parseChecklist(JSON.stringify(bad))
        } catch (e) {
            refused = e.message
        }
        verify(refused.indexOf("$.titles") === 0, "an unknown form is refused: " + refused)
    }

    function test_theTokenIsKeptAndACompleteDayOpensHome() {
        var done = JSON.parse(Fixtures.statusEvening)
        done.next = null
        done.today.done = 7
        done.dayComplete = true
        done.changeToken = "00ff00ff00ff00ff"
        var s = Logic.parseStatus(JSON.stringify(done))
        compare(s.label, "Nitnem complete · 7/7")
        compare(s.token, "00ff00ff00ff00ff")
        compare(Logic.statusArgv(s.token)[5], "00ff00ff00ff00ff")
        compare(Logic.readArgv(s), ["nitnem", "open"])
    }

    function test_aTitleCannotAddALine() {
        var s = JSON.parse(Fixtures.statusEvening)
        s.next.titleEn = "Re\n\n\u2028hras\u0007"
        compare(Logic.parseStatus(JSON.stringify(s)).label, "Re hras  · 2/7")
    }

    function test_anUnreadableGroupIsShownAsAWarning() {
        var s = Logic.parseStatus('{"error":"/g/nitnem-progress.json: not JSON","changeToken":"0000000000000001"}')
        compare(s.label, "Nitnem ⚠")
        compare(s.error, "/g/nitnem-progress.json: not JSON")
        compare(s.token, "0000000000000001")
    }

    function test_badStatusOutputIsNamed_data() {
        return [
            {tag: "empty", text: "", message: "the status is empty"},
            {tag: "not JSON", text: "Rehras Sahib · 2/7", message: "the status is not JSON"},
            {tag: "no band", text: '{"dayKey":"2026-11-29","today":{"done":1,"total":7}}', message: "$.band: expected an object"},
        ]
    }
    function test_badStatusOutputIsNamed(data) {
        try {
            Logic.parseStatus(data.text)
            fail("no error")
        } catch (e) {
            verify(e.message.indexOf(data.message) === 0, e.message)
        }
    }

    function test_theChecklistMarksAndUnmarksForItsDay() {
        var c = Logic.parseChecklist(Fixtures.checklistEvening)
        compare(c.dayKey, "2026-11-29")
        compare(c.banis.length, 7)
        compare(c.banis.map(function (b) { return b.label }), [
            "✓ Japji Sahib", "✓ Jaap Sahib", "○ Tav-Prasad Savaiye", "○ Benti Chaupai", "○ Anand Sahib",
            "○ Rehras Sahib · next", "○ Kirtan Sohila"])
        compare(c.banis[0].argv, ["nitnem", "mark", "japji", "--day", "2026-11-29", "--undo"])
        compare(c.banis[5].argv, ["nitnem", "mark", "rehras/taksal", "--day", "2026-11-29"])
        compare(Logic.markNextArgv(), ["nitnem", "mark", "--next"])
    }

    function test_anIdThatLooksLikeAnOptionIsRefused() {
        var c = JSON.parse(Fixtures.checklistEvening)
        c.banis[2].id = "--undo"
        try {
            Logic.parseChecklist(JSON.stringify(c))
            fail("no error")
        } catch (e) {
            compare(e.message, "$.banis[2].id: expected a bani id like japji or rehras/taksal")
        }
    }

    function test_aFailedRunSaysWhy() {
        compare(Logic.result({"exit code": 0, "stdout": "{}\n", "stderr": ""}), {ok: true, stdout: "{}\n", error: null})
        compare(Logic.result({"exit code": 2, "stdout": "", "stderr": "mark: no bani matches \"x\"\nDid you mean…\n"}).error,
                "mark: no bani matches \"x\"")
        compare(Logic.result({"exit code": 127, "stdout": "", "stderr": ""}).error, "nitnem was not found on PATH or in ~/.local/bin")
        compare(Logic.result({"exit code": 1, "stdout": "", "stderr": ""}).error, "nitnem exited with status 1")
    }

    function test_failuresBackOffAndSuccessDoesNotWait() {
        compare([0, 1, 2, 3, 20].map(Logic.retryDelay), [0, 2000, 4000, 8000, 300000])
    }

    function test_onlyDeepLinksAreOpened() {
        compare(Logic.safeUrl("sggs://bani/japji"), "sggs://bani/japji")
        compare(Logic.safeUrl("file:///etc/passwd"), null)
        compare(Logic.safeUrl("sggs://bani/japji --x y"), null)
    }
}
