// SPDX-License-Identifier: GPL-3.0-or-later
// The widget's settings pages (Configure Nitnem…): each runs nitnem's own commands (NitnemSettings.qml).
import QtQuick 2.15
import org.kde.plasma.configuration 2.0

ConfigModel {
    ConfigCategory {
        name: "Reminders"
        icon: "preferences-desktop-notification-bell"
        source: "configReminders.qml"
    }
    ConfigCategory {
        name: "Reading"
        icon: "accessories-dictionary"
        source: "configReading.qml"
    }
    ConfigCategory {
        name: "Your Nitnem"
        icon: "view-list-details"
        source: "configSets.qml"
    }
}
