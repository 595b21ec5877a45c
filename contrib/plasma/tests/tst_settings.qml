// SPDX-License-Identifier: GPL-3.0-or-later
// The settings pages' pure half (in widget.js, the logic the GNOME Shell extension loads too) under
// qmltestrunner, Qt 5 and Qt 6: run.sh puts this file beside the variant's widget.js and a fixtures.js holding what the built nitnem printed in a
// temp home (config --format json with reminder.evening = 18:30 in the file, sets --format json,
// sets available --format json, practice --format json without and with a practice), so a change in
// nitnem's output or words fails here.
import QtQuick 2.15
import QtTest 1.15
import "logic.js" as Logic
import "widget.js" as Widget
import "fixtures.js" as Fixtures

TestCase {
    name: "NitnemPlasmaSettings"

    function test_theKeysAreNitnemsWithTheirPageLabelChoicesAndSource() {
        var reminders = Widget.pageKeys(Widget.parseConfig(Fixtures.configJson), "reminders")
        compare(reminders.map(function (k) { return k.name }), ["reminders", "reminder.amritVela", "reminder.evening",
            "reminder.night", "snooze", "sound", "click", "remind-when-done"])
        var evening = reminders[2]
        compare([evening.name, evening.value, evening.source, evening.form], ["reminder.evening", "18:30", "file", "H:MM"])
        compare([evening.label, evening.reset], ["Evening reminder", "Reset Evening reminder to its default (18:00)"])
        compare(evening.choicesOnly, false, "a time is typed")
        compare(reminders[0].choices, ["on", "off"])
        compare(reminders[0].choicesOnly, true, "reminders is a drop-down")
        compare(reminders[0].source, "default")
        var reading = Widget.pageKeys(Widget.parseConfig(Fixtures.configJson), "reading")
        compare(reading.map(function (k) { return k.name }), ["open", "reader", "listen", "rehras", "titles"])
        compare(reading[4].choices, ["english", "gurmukhi", "both"])
        verify(reading[4].help.indexOf("Titles are names") >= 0, "help is nitnem's: " + reading[4].help)
    }

    function test_everyWordOfThePagesIsNitnems() {
        var words = Widget.parseConfig(Fixtures.configJson).words
        compare([words.pages.reminders, words.pages.reading, words.pages.sets], ["Reminders", "Reading", "Your Nitnem"])
        compare([words.pause.title, words.pause.state, words.pause.until, words.pause.forms, words.pause.button,
            words.pause.resume], ["Pause", "Not paused", "Pause until", "YYYY-MM-DD, HH:MM or tomorrow", "Pause",
            "Resume reminders"])
        compare([words.default, words.report], ["Default", "What nitnem reported"])
        var sets = Widget.parseSets(Fixtures.setsJson)
        var evening = sets.sets.evening
        compare([evening.heading, evening.add, evening.choose, evening.reset],
            ["Evening (the snapshot's)", "Add to Evening", "Bani to add to Evening", "Reset Evening to the snapshot's"])
        compare(evening.banis[0].labels.up, "Move up: Rehras Sahib")
        compare(evening.banis[0].labels.remove, "Remove Rehras Sahib from Evening")
        compare([sets.words.add, sets.words.reset, sets.words.remove, sets.words.off], ["Add", "Reset", "Remove", "off"])
    }

    function test_theSetsAndTheBanisToAdd() {
        var parsed = Widget.parseSets(Fixtures.setsJson).sets
        var sets = Widget.SETS.map(function (set) { return parsed[set] })
        compare(sets.map(function (s) { return s.set }), ["morning", "evening", "night"])
        compare(sets[1].banis.map(function (b) { return b.id }), ["rehras"])
        compare(sets[1].banis[0].title, "Rehras Sahib")
        var available = Widget.parseAvailable(Fixtures.availableJson)
        var ids = available.map(function (a) { return a.id })
        verify(ids.indexOf("sukhmani") >= 0, "sukhmani is offered")
        compare(available[ids.indexOf("sukhmani")].title, "Sukhmani Sahib")
        compare(available[ids.indexOf("kirtan_sohila")].sets, ["night"])
    }

    function test_eachControlRunsItsArgv() {
        var n = Logic.PROGRAM
        compare(Widget.argv.set(n, "reminder.evening", "18:45"), ["nitnem", "config", "set", "reminder.evening", "18:45"])
        compare(Widget.argv.unset(n, "snooze"), ["nitnem", "config", "unset", "snooze"])
        compare(Widget.argv.pause(n, ""), ["nitnem", "reminders", "pause"])
        compare(Widget.argv.pause(n, "2026-12-24"), ["nitnem", "reminders", "pause", "--until", "2026-12-24"])
        compare(Widget.argv.add(n, "sukhmani", "evening"), ["nitnem", "sets", "add", "sukhmani", "--to", "evening"])
        compare(Widget.argv.remind(n, "japji", ""), ["nitnem", "sets", "remind", "japji", "off"])
        var morning = Widget.parseSets(Fixtures.setsJson).sets.morning.banis
        compare(Widget.argv.move(n, "morning", morning, 0, -1), null, "the first cannot go up")
        compare(Widget.argv.move(n, "morning", morning, 0, 1), ["nitnem", "sets", "move", morning[0].id, "--to", "morning", "--at", "2"])
        compare(Widget.argv.move(n, "morning", morning, morning.length - 1, 1), null, "the last cannot go down")
    }

    function test_aPracticeItsButtonsAndTheBanisToPractise() {
        var none = Widget.parsePractice(Fixtures.practiceNoneJson, Logic.PROGRAM)
        compare(none.practices.length, 0)
        compare([none.words.title, none.words.choose, none.words.days, none.words.start, none.words.stop,
            none.words.restart], ["Practice", "Bani to practise", "Days", "Start", "Stop", "Begin again"])
        compare([none.start.days.min, none.start.days.max, none.start.days.default], [1, 1000, 40])
        var offered = Widget.parseAvailable(Fixtures.availableJson).map(function (a) { return a.id })
        compare(none.start.banis.map(function (b) { return b.id }), offered, "the banis sets available lists")
        compare(Widget.argv.start(none.start, "sukhmani", 21), ["nitnem", "practice", "start", "sukhmani", "--days", "21"])
        var one = Widget.parsePractice(Fixtures.practiceJson, Logic.PROGRAM)
        compare(one.practices.length, 1)
        var p = one.practices[0]
        compare([p.bani, p.running, p.text], ["sukhmani", true, "Sukhmani Sahib · day 1 of 21 · today: still to read"])
        compare(p.stop, ["nitnem", "practice", "stop", "sukhmani"])
        compare(p.restart, ["nitnem", "practice", "restart", "sukhmani"])
        compare([p.labels.stop, p.labels.restart], ["Stop the practice of Sukhmani Sahib",
            "Begin the practice of Sukhmani Sahib again"])
        verify(one.start.banis.map(function (b) { return b.id }).indexOf("sukhmani") < 0, "a running one is not offered")
        compare(Widget.practiceArgv(["nitnem", "practice", "reset"], Logic.PROGRAM), null)
        compare(Widget.practiceArgv(["nitnem", "practice", "stop", "--group", "/tmp"], Logic.PROGRAM), null)
    }

    function test_whatIsNotNitnemsOutputIsAnError() {
        var message = ""
        try { Widget.parseConfig("{}") } catch (e) { message = e.message }
        compare(message, "nitnem config --format json: no keys (is nitnem older than this widget?)")
        message = ""
        try { Widget.parseConfig("{\"keys\":[]}") } catch (e) { message = e.message }
        compare(message, "nitnem config --format json: no words (is nitnem older than this widget?)")
        message = ""
        try { Widget.parseSets("{\"sets\":{}}") } catch (e) { message = e.message }
        compare(message, "nitnem sets --format json: no morning set with its words")
        message = ""
        try { Widget.parseAvailable("japji  Japji Sahib") } catch (e) { message = e.message }
        verify(message.indexOf("nitnem sets available --format json is not JSON") === 0, message)
        message = ""
        try { Widget.parsePractice("{\"practices\":[]}", Logic.PROGRAM) } catch (e) { message = e.message }
        compare(message, "nitnem practice --format json: no words or banis (is nitnem older than this widget?)")
    }
}
