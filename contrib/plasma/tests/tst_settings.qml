// SPDX-License-Identifier: GPL-3.0-or-later
// The settings pages' pure half (settings.js) under qmltestrunner, Qt 5 and Qt 6: run.sh puts this
// file beside the variant's settings.js and a fixtures.js holding what the built nitnem printed in a
// temp home (config --format json with reminder.evening = 18:30 in the file, sets --format json,
// sets available), so a change in nitnem's output fails here.
import QtQuick 2.15
import QtTest 1.15
import "settings.js" as Settings
import "fixtures.js" as Fixtures

TestCase {
    name: "NitnemPlasmaSettings"

    function test_theKeysAreNitnemsWithTheirChoicesAndSource() {
        var reminders = Settings.parseConfig(Fixtures.configJson, Settings.REMINDER_KEYS)
        compare(reminders.map(function (k) { return k.name }), Settings.REMINDER_KEYS)
        var evening = reminders[2]
        compare([evening.name, evening.value, evening.source, evening.form], ["reminder.evening", "18:30", "file", "H:MM"])
        compare(evening.choicesOnly, false, "a time is typed")
        compare([evening.label, evening.reset], ["Evening reminder", "Reset Evening reminder to its default (18:00)"],
            "the field's and its reset button's accessible names are nitnem's")
        compare(reminders[0].choices, ["on", "off"])
        compare(reminders[0].choicesOnly, true, "reminders is a drop-down")
        compare(reminders[0].source, "default")
        var reading = Settings.parseConfig(Fixtures.configJson, Settings.READING_KEYS)
        compare(reading.map(function (k) { return k.name }), Settings.READING_KEYS)
        compare(reading[0].choices, ["english", "gurmukhi", "both"])
        verify(reading[0].help.indexOf("Titles are names") >= 0, "help is nitnem's: " + reading[0].help)
    }

    function test_theSetsAndTheBanisToAdd() {
        var sets = Settings.parseSets(Fixtures.setsJson)
        compare(sets.map(function (s) { return s.set }), ["morning", "evening", "night"])
        compare(sets[1].banis.map(function (b) { return b.id }), ["rehras"])
        compare(sets[1].banis[0].title, "Rehras Sahib")
        compare(sets[1].banis[0].labels.up, "Move up: Rehras Sahib", "the controls' accessible names are nitnem's")
        compare(sets[1].choose, "Bani to add to Evening")
        var available = Settings.parseAvailable(Fixtures.availableText)
        var ids = available.map(function (a) { return a.id })
        verify(ids.indexOf("sukhmani") >= 0, "sukhmani is offered")
        verify(available[ids.indexOf("sukhmani")].label.indexOf("Sukhmani Sahib") >= 0)
    }

    function test_eachControlRunsItsArgv() {
        compare(Settings.setArgv("reminder.evening", "18:45"), ["nitnem", "config", "set", "reminder.evening", "18:45"])
        compare(Settings.unsetArgv("snooze"), ["nitnem", "config", "unset", "snooze"])
        compare(Settings.pauseArgv(""), ["nitnem", "reminders", "pause"])
        compare(Settings.pauseArgv("2026-12-24"), ["nitnem", "reminders", "pause", "--until", "2026-12-24"])
        compare(Settings.addArgv("sukhmani", "evening"), ["nitnem", "sets", "add", "sukhmani", "--to", "evening"])
        compare(Settings.remindArgv("japji", ""), ["nitnem", "sets", "remind", "japji", "off"])
        var morning = Settings.parseSets(Fixtures.setsJson)[0].banis
        compare(Settings.moveArgv("morning", morning, 0, -1), null, "the first cannot go up")
        compare(Settings.moveArgv("morning", morning, 0, 1), ["nitnem", "sets", "move", morning[0].id, "--to", "morning", "--at", "2"])
        compare(Settings.moveArgv("morning", morning, morning.length - 1, 1), null, "the last cannot go down")
    }

    function test_whatIsNotNitnemsOutputIsAnError() {
        var message = ""
        try { Settings.parseConfig("{}", Settings.REMINDER_KEYS) } catch (e) { message = e.message }
        compare(message, "nitnem config --format json: no keys (is nitnem older than this widget?)")
        message = ""
        try { Settings.parseSets("{\"sets\":{}}") } catch (e) { message = e.message }
        compare(message, "nitnem sets --format json: no morning set")
    }
}
