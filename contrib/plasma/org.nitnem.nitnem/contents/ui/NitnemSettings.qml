// SPDX-License-Identifier: GPL-3.0-or-later
// The widget's settings pages for KDE Plasma 6 (one section each: reminders, reading, sets and the
// practices). Every control runs a nitnem command as argv through the executable data source (each
// word quoted, logic.js) — `nitnem config set|unset`, `nitnem sets …`, `nitnem reminders
// pause|resume`, `nitnem practice start|stop|restart` — and shows what it reported, or its one-line
// error for a refused value; then the page is read again from nitnem. The values each key takes, its
// default, what it does, which page shows it and every word here (labels, buttons, the pause line)
// are nitnem's, in the user's language (`config --format json`, `sets --format json`, `sets available
// --format json`, `practice --format json`); widget.js, the logic the GNOME Shell extension loads too
// (contrib/shared/widget.js, put here by gen-5.sh), is the pure half. (The pages' names in the
// settings window's sidebar are contents/config/config.qml's, which runs nothing: nitnem's
// words.pages taken from nitnem's own catalogue, tests/page_names.py.)
//
// The delegates take their model's data as required properties and reach the page and each other by
// id, which the ComponentBehavior pragma binds: so qmllint resolves every name
// (contrib/plasma/tests/qmllint.sh) where a delegate's context property would be a guess.
//
// gen-5.sh makes the Plasma 5.27 copy: a line ending in a `plasma5:` comment becomes its text, and
// the ComponentBehavior pragma is left out (Qt 5.15 has none).
pragma ComponentBehavior: Bound
import QtQuick // plasma5: import QtQuick 2.15
import QtQuick.Controls as QQC2 // plasma5: import QtQuick.Controls 2.15 as QQC2
import QtQuick.Layouts // plasma5: import QtQuick.Layouts 1.15
import org.kde.kcmutils as KCM // plasma5: // (no KCM module: Plasma 5.27 scrolls a page itself)
import org.kde.plasma.plasma5support as P5Support // plasma5: import org.kde.plasma.core 2.0 as P5Support
import "logic.js" as Logic
import "widget.js" as Widget

KCM.SimpleKCM { // plasma5: ColumnLayout {
    // Plasma 6's settings window shows the page as it is (a SimpleKCM scrolls, and takes the page's
    // title the window sets); Plasma 5.27's puts each page in a scrolling page of its own.
    property alias section: page.section

    ColumnLayout {
        id: page
        Layout.fillWidth: true

        /** reminders, reading or sets. */
        property string section: "reminders"
        /** The keys of this section and nitnem's words (Widget.parseConfig, Widget.pageKeys), the sets in
         * nitnem's order and their words (Widget.parseSets), the banis to add (Widget.parseAvailable). */
        property var keys: []
        property var words: ({pages: {}, pause: {}, default: "", report: ""})
        property var sets: []
        property var setWords: ({})
        property var available: []
        /** The practices, their group's words and what starting one takes (Widget.parsePractice); null
         * until nitnem has said (or when it could not). */
        property var practice: null
        /** What the last command reported, or its error. */
        property string report: ""
        property bool reportOk: true
        property int runs: 0
        property var handlers: ({})

        function run(argv, handler) {
            runs += 1
            var name = Logic.command(argv, runs)
            handlers[name] = handler
            source.connectSource(name)
        }

        function say(ok, text) {
            reportOk = ok
            report = text
        }

        /** Runs a command that changes something, says what it reported, then reads the page again. */
        function change(argv) {
            if (argv === null)
                return
            run(argv, function (r) {
                page.say(r.ok, r.ok ? Widget.reportLine(r.stdout) || argv.slice(1).join(" ") : r.error)
                page.reload()
            })
        }

        function reload() {
            if (section === "sets") {
                run(Widget.argv.sets(Logic.PROGRAM), function (r) {
                    if (!r.ok)
                        return page.say(false, r.error)
                    try {
                        var parsed = Widget.parseSets(r.stdout)
                        page.setWords = parsed.words
                        page.sets = Widget.SETS.map(function (set) { return parsed.sets[set] })
                    } catch (e) {
                        page.say(false, e.message)
                    }
                })
                run(Widget.argv.available(Logic.PROGRAM), function (r) {
                    try {
                        page.available = r.ok ? Widget.parseAvailable(r.stdout) : []
                    } catch (e) {
                        page.say(false, e.message)
                    }
                })
                run(Widget.argv.practice(Logic.PROGRAM), function (r) {
                    if (!r.ok)
                        return page.say(false, r.error)
                    try {
                        page.practice = Widget.parsePractice(r.stdout, Logic.PROGRAM)
                    } catch (e) {
                        page.say(false, e.message)
                    }
                })
                return
            }
            run(Widget.argv.config(Logic.PROGRAM), function (r) {
                try {
                    var parsed = Widget.parseConfig(r.stdout)
                    page.words = parsed.words
                    page.keys = Widget.pageKeys(parsed, page.section)
                } catch (e) {
                    page.say(false, r.ok ? e.message : r.error)
                }
            })
        }

        Component.onCompleted: reload()

        P5Support.DataSource {
            id: source
            engine: "executable"
            connectedSources: []
            onNewData: function (sourceName, data) {
                disconnectSource(sourceName)
                var handler = page.handlers[sourceName]
                delete page.handlers[sourceName]
                if (handler)
                    handler(Logic.result(data))
            }
        }

        // A key: its choices as a drop-down, or a field for any other value (Enter applies); Default unsets it.
        Repeater {
            model: page.section === "sets" ? [] : page.keys
            delegate: ColumnLayout {
                id: keyColumn
                required property var modelData
                Layout.fillWidth: true
                RowLayout {
                    Layout.fillWidth: true
                    QQC2.Label {
                        text: keyColumn.modelData.label
                        Layout.preferredWidth: 160
                    }
                    QQC2.ComboBox {
                        visible: keyColumn.modelData.choicesOnly
                        model: keyColumn.modelData.choices
                        currentIndex: keyColumn.modelData.choices.indexOf(keyColumn.modelData.value)
                        Accessible.name: keyColumn.modelData.label
                        onActivated: function (index) {
                            if (keyColumn.modelData.choices[index] !== keyColumn.modelData.value)
                                page.change(Widget.argv.set(Logic.PROGRAM, keyColumn.modelData.name, keyColumn.modelData.choices[index]))
                        }
                    }
                    QQC2.TextField {
                        visible: !keyColumn.modelData.choicesOnly
                        Layout.fillWidth: true
                        text: keyColumn.modelData.value
                        placeholderText: keyColumn.modelData.defaultText
                        Accessible.name: keyColumn.modelData.label
                        Accessible.description: keyColumn.modelData.help
                        onAccepted: page.change(Widget.argv.set(Logic.PROGRAM, keyColumn.modelData.name, text))
                        // Enter applies the field (onAccepted) and ends there: the settings window would take it as OK and close.
                        Keys.priority: Keys.AfterItem
                        Keys.onReturnPressed: function (event) { event.accepted = true }
                        Keys.onEnterPressed: function (event) { event.accepted = true }
                    }
                    QQC2.Button {
                        text: page.words.default
                        Accessible.name: keyColumn.modelData.reset
                        enabled: keyColumn.modelData.source === "file"
                        onClicked: page.change(Widget.argv.unset(Logic.PROGRAM, keyColumn.modelData.name))
                    }
                }
                QQC2.Label {
                    Layout.fillWidth: true
                    wrapMode: Text.Wrap
                    opacity: 0.7
                    text: keyColumn.modelData.problem !== "" ? "⚠ " + keyColumn.modelData.problem : keyColumn.modelData.help
                }
            }
        }

        // Pause and resume (the reminders page): nitnem's words, the pause as nitnem says it.
        QQC2.Label {
            visible: page.section === "reminders"
            text: page.words.pause.state || ""
            font.bold: true
        }
        RowLayout {
            visible: page.section === "reminders"
            QQC2.Label {
                text: page.words.pause.until || ""
            }
            QQC2.TextField {
                id: pauseUntil
                Layout.fillWidth: true
                placeholderText: page.words.pause.forms || ""
                Accessible.name: page.words.pause.until || ""
                Accessible.description: page.words.pause.forms || ""
                onAccepted: page.change(Widget.argv.pause(Logic.PROGRAM, text.trim()))
                // Enter applies the field (onAccepted) and ends there: the settings window would take it as OK and close.
                Keys.priority: Keys.AfterItem
                Keys.onReturnPressed: function (event) { event.accepted = true }
                Keys.onEnterPressed: function (event) { event.accepted = true }
            }
            QQC2.Button {
                text: page.words.pause.button || ""
                onClicked: page.change(Widget.argv.pause(Logic.PROGRAM, pauseUntil.text.trim()))
            }
            QQC2.Button {
                text: page.words.pause.resume || ""
                onClicked: page.change(Widget.argv.resume(Logic.PROGRAM))
            }
        }

        // Your Nitnem: each daily set, its banis in order with a reminder time, move, remove; add; reset.
        Repeater {
            model: page.section === "sets" ? page.sets : []
            delegate: ColumnLayout {
                id: setColumn
                required property var modelData
                readonly property var set: modelData
                Layout.fillWidth: true
                QQC2.Label {
                    text: setColumn.set.heading
                    font.bold: true
                }
                Repeater {
                    model: setColumn.set.banis
                    delegate: RowLayout {
                        id: bani
                        required property var modelData
                        required property int index
                        Layout.fillWidth: true
                        QQC2.Label {
                            Layout.fillWidth: true
                            text: bani.modelData.title
                        }
                        QQC2.TextField {
                            Layout.preferredWidth: 70
                            text: bani.modelData.remind
                            placeholderText: page.setWords.off || ""
                            Accessible.name: bani.modelData.labels.remind
                            onAccepted: page.change(Widget.argv.remind(Logic.PROGRAM, bani.modelData.id, text.trim()))
                            // Enter applies the field (onAccepted) and ends there: the settings window would take it as OK and close.
                            Keys.priority: Keys.AfterItem
                            Keys.onReturnPressed: function (event) { event.accepted = true }
                            Keys.onEnterPressed: function (event) { event.accepted = true }
                        }
                        QQC2.Button {
                            text: "↑"
                            Accessible.name: bani.modelData.labels.up
                            enabled: bani.index > 0
                            onClicked: page.change(Widget.argv.move(Logic.PROGRAM, setColumn.set.set, setColumn.set.banis, bani.index, -1))
                        }
                        QQC2.Button {
                            text: "↓"
                            Accessible.name: bani.modelData.labels.down
                            enabled: bani.index < setColumn.set.banis.length - 1
                            onClicked: page.change(Widget.argv.move(Logic.PROGRAM, setColumn.set.set, setColumn.set.banis, bani.index, 1))
                        }
                        QQC2.Button {
                            text: page.setWords.remove || ""
                            Accessible.name: bani.modelData.labels.remove
                            onClicked: page.change(Widget.argv.remove(Logic.PROGRAM, bani.modelData.id, setColumn.set.set))
                        }
                    }
                }
                RowLayout {
                    QQC2.ComboBox {
                        id: toAdd
                        Layout.fillWidth: true
                        model: page.available.map(function (a) { return a.title })
                        Accessible.name: setColumn.set.choose
                    }
                    QQC2.Button {
                        text: page.setWords.add || ""
                        Accessible.name: setColumn.set.add
                        onClicked: {
                            var a = page.available[toAdd.currentIndex]
                            if (a)
                                page.change(Widget.argv.add(Logic.PROGRAM, a.id, setColumn.set.set))
                        }
                    }
                    QQC2.Button {
                        text: page.setWords.reset || ""
                        Accessible.name: setColumn.set.reset
                        onClicked: page.change(Widget.argv.reset(Logic.PROGRAM, setColumn.set.set))
                    }
                }
            }
        }

        // The practices (Your Nitnem): each one's line with its Stop and Begin again; a bani and days to start one.
        QQC2.Label {
            visible: page.section === "sets" && page.practice !== null
            text: page.practice ? page.practice.words.title : ""
            font.bold: true
        }
        Repeater {
            model: page.section === "sets" && page.practice ? page.practice.practices : []
            delegate: RowLayout {
                id: practiceRow
                required property var modelData
                Layout.fillWidth: true
                QQC2.Label {
                    Layout.fillWidth: true
                    wrapMode: Text.Wrap
                    text: practiceRow.modelData.text
                }
                QQC2.Button {
                    visible: practiceRow.modelData.stop !== null
                    text: page.practice ? page.practice.words.stop : ""
                    Accessible.name: practiceRow.modelData.labels.stop
                    onClicked: page.change(practiceRow.modelData.stop)
                }
                QQC2.Button {
                    visible: practiceRow.modelData.restart !== null
                    text: page.practice ? page.practice.words.restart : ""
                    Accessible.name: practiceRow.modelData.labels.restart
                    onClicked: page.change(practiceRow.modelData.restart)
                }
            }
        }
        RowLayout {
            visible: page.section === "sets" && page.practice !== null
            QQC2.ComboBox {
                id: toPractise
                Layout.fillWidth: true
                model: page.practice ? page.practice.start.banis.map(function (b) { return b.title }) : []
                Accessible.name: page.practice ? page.practice.words.choose : ""
            }
            QQC2.Label {
                text: page.practice ? page.practice.words.days : ""
            }
            QQC2.SpinBox {
                id: practiceDays
                editable: true
                from: page.practice ? page.practice.start.days.min : 1
                to: page.practice ? page.practice.start.days.max : 1
                value: page.practice ? page.practice.start.days.default : 1
                Accessible.name: page.practice ? page.practice.words.days : ""
                // Enter takes the number typed and ends there: the settings window would take it as OK and close.
                Keys.priority: Keys.AfterItem
                Keys.onReturnPressed: function (event) { event.accepted = true }
                Keys.onEnterPressed: function (event) { event.accepted = true }
            }
            QQC2.Button {
                text: page.practice ? page.practice.words.start : ""
                Accessible.name: text
                onClicked: {
                    var b = page.practice ? page.practice.start.banis[toPractise.currentIndex] : null
                    if (b)
                        page.change(Widget.argv.start(page.practice.start, b.id, practiceDays.value))
                }
            }
        }

        QQC2.Label {
            objectName: "nitnemReport"
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            visible: page.report !== ""
            text: (page.reportOk ? "" : "⚠ ") + page.report
            Accessible.name: text
            Accessible.description: page.words.report
        }

        Item {
            Layout.fillHeight: true
        }
    }
}
