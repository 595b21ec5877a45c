// SPDX-License-Identifier: GPL-3.0-or-later
// The "Sets" settings page: NitnemSettings.qml showing its sets section.
import QtQuick 2.15

NitnemSettings {
    section: "sets"
}
