// SPDX-License-Identifier: GPL-3.0-or-later
// The widget's settings pages (Configure Nitnem…): each runs nitnem's own commands (NitnemSettings.qml).
// This file runs nothing, so the pages' names come from nitnem's own catalogue (domain nitnem, which
// the installer puts in <prefix>/share/locale beside the widget's <prefix>/share/plasma); each is the
// English msgid of the words `nitnem config --format json` gives as words.pages (tests/run.sh checks).
import QtQuick 2.15
import org.kde.plasma.configuration 2.0

ConfigModel {
    ConfigCategory {
        name: i18nd("nitnem", "Reminders")
        icon: "preferences-desktop-notification-bell"
        source: "configReminders.qml"
    }
    ConfigCategory {
        name: i18nd("nitnem", "Reading")
        icon: "accessories-dictionary"
        source: "configReading.qml"
    }
    ConfigCategory {
        name: i18nd("nitnem", "Your Nitnem")
        icon: "view-list-details"
        source: "configSets.qml"
    }
}
