// SPDX-License-Identifier: GPL-3.0-or-later
// The widget's logic (logic.js) under qmltestrunner, Qt 5 and Qt 6: run.sh puts this file beside the
// variant's logic.js and a fixtures.js made from the Swift tests' goldens (`nitnem status --format
// json` and `--format polybar` for the demo group, and the display goldens of fixtures/golden/display
// the GNOME Shell extension's tests read too: English, Punjabi, Gurmukhi titles, a resume point,
// Listen, an empty evening set).
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
        var raw = JSON.parse(Fixtures.statusEvening).display
        compare(evening.label, raw.label)
        compare(evening.tooltip, raw.lines.join("\n"))
        compare(evening.token, null, "plain status has no token")
    }

    // Each display golden is shown as nitnem words it: the label, the lines, the banis and the
    // actions with their argv, nothing added or changed.
    function test_theDisplayIsRenderedAsIs_data() {
        return [
            {tag: "English", text: Fixtures.enEvening},
            {tag: "Punjabi", text: Fixtures.paEvening},
            {tag: "Punjabi, Gurmukhi titles", text: Fixtures.paGurmukhiMorning},
            {tag: "resume and Listen", text: Fixtures.resumeListen},
            {tag: "an empty evening set", text: Fixtures.emptyEvening},
        ]
    }
    function test_theDisplayIsRenderedAsIs(data) {
        var s = Logic.parseStatus(data.text)
        var d = JSON.parse(data.text).display
        compare(s.label, d.label)
        compare(s.lines, d.lines)
        compare(s.tooltip, d.lines.join("\n"))
        compare(s.items.map(function (b) { return [b.label, b.next, b.argv] }),
                d.items.map(function (b) { return [b.label, b.next, b.argv] }))
        compare(s.actions.map(function (a) { return [a.id, a.label, a.argv] }),
                d.actions.map(function (a) { return [a.id, a.label, a.argv] }))
    }

    function test_theWordsAreTheUsers() {
        var pa = Logic.parseStatus(Fixtures.paEvening)
        var en = Logic.parseStatus(Fixtures.enEvening)
        verify(pa.lines.every(function (l) { return en.lines.indexOf(l) < 0 }), "no English line: " + pa.tooltip)
        verify(pa.actions[0].label !== en.actions[0].label, "Read now in Punjabi")
        compare(Logic.parseStatus(Fixtures.paGurmukhiMorning).items[0].label, "✓ ਜਪੁ ਜੀ ਸਾਹਿਬ")
        verify(Logic.parseStatus(Fixtures.resumeListen).tooltip.indexOf("(29%)") > 0, "the resume percent")
        compare(Logic.parseStatus(Fixtures.resumeListen).actions.map(function (a) { return a.id }), ["read", "mark", "listen"])
        verify(Logic.parseStatus(Fixtures.emptyEvening).tooltip.indexOf("your evening set is empty") > 0, "the empty set")
    }

    function test_theChecklistMarksAndUnmarksForItsDay() {
        var s = Logic.parseStatus(Fixtures.enEvening)
        compare(s.items.length, 7)
        compare(s.items[0].argv, ["nitnem", "mark", "japji", "--day", "2026-11-29", "--undo"])
        compare(s.items[5].argv, ["nitnem", "mark", "rehras/taksal", "--day", "2026-11-29"])
        compare(s.items[5].next, true)
    }

    function test_theTokenIsKept() {
        var withToken = JSON.parse(Fixtures.statusEvening)
        withToken.changeToken = "00ff00ff00ff00ff"
        var s = Logic.parseStatus(JSON.stringify(withToken))
        compare(s.token, "00ff00ff00ff00ff")
        compare(Logic.statusArgv(s.token)[5], "00ff00ff00ff00ff")
    }

    function test_anUnreadableGroupIsShownAsItsDisplay() {
        var s = Logic.parseStatus('{"error":"/g/nitnem-progress.json: not JSON","changeToken":"0000000000000001",'
            + '"display":{"label":"Nitnem ⚠","lines":["/g/nitnem-progress.json: not JSON"],"items":[],"actions":[]}}')
        compare(s.label, "Nitnem ⚠")
        compare(s.error, "/g/nitnem-progress.json: not JSON")
        compare(s.tooltip, "/g/nitnem-progress.json: not JSON")
        compare(s.token, "0000000000000001")
    }

    function test_badStatusOutputIsNamed_data() {
        return [
            {tag: "empty", text: "", message: "the status is empty"},
            {tag: "not JSON", text: "Rehras Sahib · 2/7", message: "the status is not JSON"},
            {tag: "an older nitnem", text: '{"dayKey":"2026-11-29","today":{"done":1,"total":7}}', message: "$.display: missing"},
            {tag: "no lines", text: '{"display":{"label":"x","items":[],"actions":[]}}', message: "$.display.lines: expected an array"},
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

    function test_onlyNitnemMarkOpenAndListenAreRun_data() {
        return [
            {tag: "another program", argv: ["sh", "-c", "x"]},
            {tag: "another command", argv: ["nitnem", "config", "set", "reader", "x"]},
            {tag: "an option", argv: ["nitnem", "mark", "--group=/tmp/x"]},
            {tag: "a file", argv: ["nitnem", "open", "file:///etc/passwd"]},
            {tag: "not words", argv: "nitnem open"},
        ]
    }
    function test_onlyNitnemMarkOpenAndListenAreRun(data) {
        verify(!Logic.isCommand(data.argv))
        var s = JSON.parse(Fixtures.enEvening)
        s.display.items[2].argv = data.argv
        try {
            Logic.parseStatus(JSON.stringify(s))
            fail("no error")
        } catch (e) {
            compare(e.message, "$.display.items[2].argv: expected a nitnem mark, open or listen command")
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
        verify(Logic.isCommand(["nitnem", "open", "sggs://bani/rehras?variant=taksal"]))
        verify(Logic.isCommand(["nitnem", "open"]))
    }

    // The journey: the month as nitnem words it, each day named; blank cells before the 1st only.
    function test_theJourneyIsNitnemsMonthLaidOutInWeeks() {
        var raw = JSON.parse(Fixtures.enEvening).display.journey
        var j = Logic.parseStatus(Fixtures.enEvening).journey
        compare(j.title, raw.title)
        compare(j.streaks, raw.streaks)
        compare(j.weekdays, raw.weekdays)
        compare(j.cells.length, raw.offset + raw.days.length)
        for (var b = 0; b < raw.offset; b++)
            verify(j.cells[b].blank, "cell " + b + " is blank")
        var named = j.cells.filter(function (c) { return !c.blank })
        compare(named.map(function (c) { return c.name }), raw.days.map(function (d) { return d.name }))
        compare(named.map(function (c) { return c.mark }), raw.days.map(function (d) { return d.mark }))
        compare(named[0].number, "1")
        compare(named.filter(function (c) { return c.today }).length, 1, "one today")
        var pa = Logic.parseStatus(Fixtures.paEvening).journey
        verify(pa.title !== j.title, "the Punjabi month is nitnem's words")
    }

    function test_aBadJourneyIsAnErrorAndNoneIsNull() {
        var c = JSON.parse(Fixtures.enEvening)
        c.display.journey.offset = 9
        var message = ""
        try { Logic.parseStatus(JSON.stringify(c)) } catch (e) { message = e.message }
        compare(message, "$.display.journey.offset: expected a whole number from 0 to 6")
        var d = JSON.parse(Fixtures.enEvening)
        delete d.display.journey
        compare(Logic.parseStatus(JSON.stringify(d)).journey, null)
    }
}
