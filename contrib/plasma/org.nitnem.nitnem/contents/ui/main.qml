// SPDX-License-Identifier: GPL-3.0-or-later
// The nitnem widget for KDE Plasma 6. The Plasma 5.27 variant is made from this file by
// contrib/plasma/gen-5.sh, into the build folder (.build/contrib/org.nitnem.nitnem-5): a line ending
// in a `plasma5:` comment becomes the text after it there, the ComponentBehavior pragma is left out
// (Qt 5.15 has none), every other line is the same; logic.js and widget.js are the same. Edit here:
// make install, make deb and the tests make the copy anew.
//
// It renders the `display` of `nitnem status --format json`, worded there in the user's language:
// compact, its label (the lines in the tooltip); expanded, its lines, today's banis (activating one
// marks it read, or unread) and its actions (open the reader, mark read, listen), each running the
// argv nitnem gave, through the executable data source, each word quoted (logic.js). What nitnem
// printed is read by widget.js, the logic the GNOME Shell extension loads too (contrib/shared/widget.js,
// which gen-5.sh puts beside this file).
// No polling: `nitnem status --format json --changed-from TOKEN` blocks until what it shows
// changes, prints once and exits, and the widget runs it again with the new token.
//
// The delegates take their model's data as required properties and reach the widget's objects by id
// (root, commands), which the ComponentBehavior pragma binds: so qmllint resolves every name
// (contrib/plasma/tests/qmllint.sh) where a delegate's context property would be a guess.
pragma ComponentBehavior: Bound
import QtQuick // plasma5: import QtQuick 2.15
import QtQuick.Layouts // plasma5: import QtQuick.Layouts 1.15
import org.kde.plasma.plasmoid // plasma5: import org.kde.plasma.plasmoid 2.0
import org.kde.plasma.components as PlasmaComponents3 // plasma5: import org.kde.plasma.components 3.0 as PlasmaComponents3
import org.kde.plasma.plasma5support as P5Support // plasma5: import org.kde.plasma.core 2.0 as P5Support
import "logic.js" as Logic
import "widget.js" as Widget

PlasmoidItem { // plasma5: Item {
    id: root

    /** The last status printed (Widget.parseStatus: its display, warning, token), null before the first. */
    property var shown: null
    /** Why the status could not be read, or a command failed; "" when all is well. */
    property string problem: ""
    /** Failed status runs in a row (the retry waits longer each time). */
    property int failures: 0
    /** Each run gets its own source name (see Logic.command). */
    property int runs: 0

    readonly property string shownLabel: shown ? shown.display.label : (problem ? Widget.PROBLEM_LABEL : "Nitnem …")
    readonly property string shownLines: shown ? shown.display.lines.join("\n") : problem

    preferredRepresentation: compactRepresentation // plasma5: Plasmoid.preferredRepresentation: Plasmoid.compactRepresentation
    toolTipMainText: shownLabel // plasma5: Plasmoid.toolTipMainText: shownLabel
    toolTipSubText: shownLines // plasma5: Plasmoid.toolTipSubText: shownLines

    function toggle() {
        root.expanded = !root.expanded // plasma5: plasmoid.expanded = !plasmoid.expanded
    }

    function run(source, argv) {
        runs += 1
        source.connectSource(Logic.command(argv, runs))
    }

    /** Waits for the next change (at once for the first run or a changed output). */
    function watch() {
        run(watcher, Widget.statusArgv(Logic.PROGRAM, shown ? shown.token : null))
    }

    P5Support.DataSource {
        id: watcher
        engine: "executable"
        connectedSources: []
        onNewData: function (sourceName, data) {
            disconnectSource(sourceName)
            var r = Logic.result(data)
            var parsed = null
            if (r.ok) {
                try {
                    parsed = Widget.parseStatus(r.stdout)
                } catch (e) {
                    r.error = e.message
                }
            }
            if (parsed) {
                root.shown = parsed
                root.problem = parsed.warning || ""
                root.failures = 0
                root.watch()
            } else {
                root.problem = r.error
                root.failures += 1
                retry.interval = Logic.retryDelay(root.failures)
                retry.restart()
            }
        }
    }

    /** The banis' marks and the actions: the status run that follows shows what they changed. */
    P5Support.DataSource {
        id: commands
        engine: "executable"
        connectedSources: []
        onNewData: function (sourceName, data) {
            disconnectSource(sourceName)
            var r = Logic.result(data)
            root.problem = r.ok ? (root.shown && root.shown.warning) || "" : r.error
        }
    }

    /** Only after a failed status run (nitnem missing, say), never while all is well. */
    Timer {
        id: retry
        repeat: false
        onTriggered: root.watch()
    }

    Component.onCompleted: watch()

    compactRepresentation: MouseArea { // plasma5: Plasmoid.compactRepresentation: MouseArea {
        id: compact
        Layout.minimumWidth: compactLabel.implicitWidth + 8
        Layout.preferredWidth: compactLabel.implicitWidth + 8
        Layout.minimumHeight: compactLabel.implicitHeight
        Layout.preferredHeight: compactLabel.implicitHeight
        hoverEnabled: true
        Accessible.role: Accessible.Button
        Accessible.name: root.shownLabel
        Accessible.description: root.shownLines
        Accessible.onPressAction: root.toggle()
        onClicked: root.toggle()

        PlasmaComponents3.Label {
            id: compactLabel
            anchors.centerIn: parent
            text: root.shownLabel
            opacity: root.shown && root.shown.complete ? 0.7 : 1
            Accessible.ignored: true
        }
    }

    fullRepresentation: ColumnLayout { // plasma5: Plasmoid.fullRepresentation: ColumnLayout {
        id: full
        Layout.minimumWidth: 280
        Layout.preferredWidth: 320
        spacing: 4

        PlasmaComponents3.Label {
            Layout.fillWidth: true
            text: root.shown ? root.shown.display.lines[0] || "" : "Nitnem"
            font.bold: true
        }
        PlasmaComponents3.Label {
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            text: root.shown ? root.shown.display.lines.slice(1).join("\n") : ""
            visible: text !== ""
        }
        Repeater {
            model: root.shown ? root.shown.display.items : []
            delegate: PlasmaComponents3.ItemDelegate {
                required property var modelData
                Layout.fillWidth: true
                text: modelData.label
                font.bold: modelData.next
                Accessible.role: Accessible.Button
                Accessible.name: modelData.label
                onClicked: root.run(commands, modelData.argv)
            }
        }
        RowLayout {
            Layout.fillWidth: true
            Repeater {
                model: root.shown ? root.shown.display.actions : []
                delegate: PlasmaComponents3.Button {
                    required property var modelData
                    text: modelData.label
                    Accessible.name: text
                    onClicked: root.run(commands, modelData.argv)
                }
            }
        }
        // The month of the journey, as nitnem words it: each day a cell named for a screen reader.
        PlasmaComponents3.Label {
            Layout.fillWidth: true
            Layout.topMargin: 6
            visible: root.shown !== null && root.shown.display.journey !== null
            text: visible ? root.shown.display.journey.title : ""
            font.bold: true
        }
        PlasmaComponents3.Label {
            Layout.fillWidth: true
            visible: root.shown !== null && root.shown.display.journey !== null
            text: visible ? root.shown.display.journey.streaks : ""
        }
        GridLayout {
            id: journeyGrid
            objectName: "journeyGrid"
            columns: 7
            rowSpacing: 2
            columnSpacing: 2
            visible: root.shown !== null && root.shown.display.journey !== null
            Accessible.role: Accessible.Table
            Accessible.name: visible ? root.shown.display.journey.title : ""
            Repeater {
                model: journeyGrid.visible ? root.shown.display.journey.weekdays : []
                delegate: PlasmaComponents3.Label {
                    required property string modelData
                    Layout.preferredWidth: 36
                    horizontalAlignment: Text.AlignHCenter
                    text: modelData
                    opacity: 0.7
                    Accessible.role: Accessible.ColumnHeader
                    Accessible.name: modelData
                }
            }
            Repeater {
                model: journeyGrid.visible ? Widget.journeyCells(root.shown.display.journey) : []
                delegate: PlasmaComponents3.Label {
                    required property var modelData
                    Layout.preferredWidth: 36
                    horizontalAlignment: Text.AlignHCenter
                    // null: a blank cell before the 1st or after the last day.
                    text: modelData ? modelData.number + "\n" + (modelData.mark || " ") : ""
                    font.bold: modelData ? modelData.today : false
                    opacity: modelData && modelData.state === "future" ? 0.5 : 1
                    Accessible.role: Accessible.Cell
                    Accessible.name: modelData ? modelData.name : ""
                    Accessible.ignored: !modelData
                }
            }
        }
        PlasmaComponents3.Label {
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            visible: root.problem !== ""
            text: "⚠ " + root.problem
        }
    }
}
