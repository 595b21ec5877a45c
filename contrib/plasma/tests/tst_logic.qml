// SPDX-License-Identifier: GPL-3.0-or-later
// The widget's logic (logic.js, and widget.js, the logic the GNOME Shell extension loads too) under
// qmltestrunner, Qt 5 and Qt 6: run.sh puts this file beside the variant's logic.js and widget.js
// (gen-5.sh makes it) and a fixtures.js made from the Swift tests' goldens (`nitnem status --format
// json` and `--format polybar` for the demo group, and the display goldens of fixtures/golden/display
// the GNOME Shell extension's tests read too: English, Punjabi, Gurmukhi titles, a resume point,
// Listen, an empty evening set).
import QtQuick 2.15
import QtTest 1.15
import "logic.js" as Logic
import "widget.js" as Widget
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
        compare(Widget.statusArgv(Logic.PROGRAM, data.token), ["nitnem", "status", "--format", "json", "--changed-from", data.expected])
    }

    function test_theLabelIsWhatStatusShows() {
        compare(Widget.parseStatus(Fixtures.statusMorning).display.label, Fixtures.polybarMorning)
        var evening = Widget.parseStatus(Fixtures.statusEvening)
        var raw = JSON.parse(Fixtures.statusEvening).display
        compare(evening.display.label, raw.label)
        compare(evening.display.lines, raw.lines)
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
        var s = Widget.parseStatus(data.text).display
        var d = JSON.parse(data.text).display
        compare(s.label, d.label)
        compare(s.lines, d.lines)
        compare(s.items.map(function (b) { return [b.label, b.next, b.argv] }),
                d.items.map(function (b) { return [b.label, b.next, b.argv] }))
        compare(s.actions.map(function (a) { return [a.id, a.label, a.argv] }),
                d.actions.map(function (a) { return [a.id, a.label, a.argv] }))
    }

    function test_theWordsAreTheUsers() {
        var pa = Widget.parseStatus(Fixtures.paEvening).display
        var en = Widget.parseStatus(Fixtures.enEvening).display
        verify(pa.lines.every(function (l) { return en.lines.indexOf(l) < 0 }), "no English line: " + pa.lines.join("\n"))
        verify(pa.actions[0].label !== en.actions[0].label, "Read now in Punjabi")
        compare(Widget.parseStatus(Fixtures.paGurmukhiMorning).display.items[0].label, "✓ ਜਪੁ ਜੀ ਸਾਹਿਬ")
        verify(Widget.parseStatus(Fixtures.resumeListen).display.lines.join("\n").indexOf("(29%)") > 0, "the resume percent")
        compare(Widget.parseStatus(Fixtures.resumeListen).display.actions.map(function (a) { return a.id }), ["read", "mark", "listen"])
        verify(Widget.parseStatus(Fixtures.emptyEvening).display.lines.join("\n").indexOf("your evening set is empty") > 0, "the empty set")
    }

    function test_theChecklistMarksAndUnmarksForItsDay() {
        var s = Widget.parseStatus(Fixtures.enEvening).display
        compare(s.items.length, 7)
        compare(s.items[0].argv, ["nitnem", "mark", "japji", "--day", "2026-11-29", "--undo"])
        compare(s.items[5].argv, ["nitnem", "mark", "rehras/taksal", "--day", "2026-11-29"])
        compare(s.items[5].next, true)
    }

    function test_theTokenIsKept() {
        var withToken = JSON.parse(Fixtures.statusEvening)
        withToken.changeToken = "00ff00ff00ff00ff"
        var s = Widget.parseStatus(JSON.stringify(withToken))
        compare(s.token, "00ff00ff00ff00ff")
        compare(Widget.statusArgv(Logic.PROGRAM, s.token)[5], "00ff00ff00ff00ff")
    }

    function test_anUnreadableGroupIsShownAsItsDisplay() {
        var s = Widget.parseStatus('{"error":"/g/nitnem-progress.json: not JSON","changeToken":"0000000000000001",'
            + '"display":{"label":"Nitnem ⚠","lines":["/g/nitnem-progress.json: not JSON"],"items":[],"actions":[]}}')
        compare(s.display.label, "Nitnem ⚠")
        compare(s.warning, "/g/nitnem-progress.json: not JSON")
        compare(s.display.lines, ["/g/nitnem-progress.json: not JSON"])
        compare(s.token, "0000000000000001")
    }

    function test_badStatusOutputIsNamed_data() {
        return [
            {tag: "empty", text: "", message: "the status is empty"},
            {tag: "not JSON", text: "Rehras Sahib · 2/7", message: "the status is not JSON"},
            {tag: "an older nitnem", text: '{"dayKey":"2026-11-29","today":{"done":1,"total":7}}', message: "$.display: expected an object, but it is missing"},
            {tag: "no lines", text: '{"display":{"label":"x","items":[],"actions":[]}}', message: "$.display.lines: expected an array, but it is missing"},
        ]
    }
    function test_badStatusOutputIsNamed(data) {
        try {
            Widget.parseStatus(data.text)
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
        verify(!isCommand(data.argv))
        var s = JSON.parse(Fixtures.enEvening)
        s.display.items[2].argv = data.argv
        try {
            Widget.parseStatus(JSON.stringify(s))
            fail("no error")
        } catch (e) {
            verify(e.message.indexOf("$.display.items[2].argv: expected a nitnem mark, open or listen command") === 0, e.message)
        }
    }

    /** Whether the widget runs `argv` (widget.js's rule: a nitnem mark, open or listen command). */
    function isCommand(argv) {
        return Widget.commandArgv(argv, Logic.PROGRAM) !== null
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
        compare(Widget.safeUrl("sggs://bani/japji"), "sggs://bani/japji")
        compare(Widget.safeUrl("file:///etc/passwd"), null)
        compare(Widget.safeUrl("sggs://bani/japji --x y"), null)
        verify(isCommand(["nitnem", "open", "sggs://bani/rehras?variant=taksal"]))
        verify(isCommand(["nitnem", "open"]))
    }

    // The journey: the month as nitnem words it, each day named; blank cells before the 1st only.
    function test_theJourneyIsNitnemsMonthLaidOutInWeeks() {
        var raw = JSON.parse(Fixtures.enEvening).display.journey
        var j = Widget.parseStatus(Fixtures.enEvening).display.journey
        compare(j.title, raw.title)
        compare(j.streaks, raw.streaks)
        compare(j.weekdays, raw.weekdays)
        var cells = Widget.journeyCells(j)
        compare(cells.length, Math.ceil((raw.offset + raw.days.length) / 7) * 7, "whole weeks")
        for (var b = 0; b < raw.offset; b++)
            compare(cells[b], null, "cell " + b + " is blank")
        var named = cells.filter(function (c) { return c !== null })
        compare(named.map(function (c) { return c.name }), raw.days.map(function (d) { return d.name }))
        compare(named.map(function (c) { return c.mark }), raw.days.map(function (d) { return d.mark }))
        compare(named[0].number, "1")
        compare(named.filter(function (c) { return c.today }).length, 1, "one today")
        var pa = Widget.parseStatus(Fixtures.paEvening).display.journey
        verify(pa.title !== j.title, "the Punjabi month is nitnem's words")
    }

    function test_aBadJourneyIsAnErrorAndNoneIsNull() {
        var c = JSON.parse(Fixtures.enEvening)
        c.display.journey.offset = 9
        var message = ""
        try { Widget.parseStatus(JSON.stringify(c)) } catch (e) { message = e.message }
        compare(message, "$.display.journey.offset: expected a whole number from 0 to 6, got 9")
        var d = JSON.parse(Fixtures.enEvening)
        delete d.display.journey
        compare(Widget.parseStatus(JSON.stringify(d)).display.journey, null)
    }
}
