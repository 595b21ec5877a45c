// SPDX-License-Identifier: GPL-3.0-or-later
// The "Reading" settings page: NitnemSettings.qml showing its reading section.
import QtQuick 2.15

NitnemSettings {
    section: "reading"
}
