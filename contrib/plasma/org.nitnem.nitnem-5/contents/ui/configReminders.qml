// SPDX-License-Identifier: GPL-3.0-or-later
// The "Reminders" settings page: NitnemSettings.qml showing its reminders section.
import QtQuick 2.15

NitnemSettings {
    section: "reminders"
}
