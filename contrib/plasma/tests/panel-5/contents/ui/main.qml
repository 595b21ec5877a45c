// SPDX-License-Identifier: GPL-3.0-or-later
// A bare Plasma 5 containment for the widget's tests: plasmoidviewer shows an applet inside a
// containment (org.kde.desktopcontainment by default, from plasma-desktop), and this one only puts
// each applet in a 40 px strip along its top (plasmoidviewer draws its own buttons at the bottom), so
// the test needs no desktop shell's packages.
import QtQuick 2.15
import QtQuick.Layouts 1.15
import org.kde.plasma.plasmoid 2.0

Rectangle {
    id: root
    color: "#eff0f1" // a light panel, so the screenshot reads as one
    Layout.minimumWidth: 480
    Layout.minimumHeight: 120
    Layout.preferredWidth: 480
    Layout.preferredHeight: 120

    function add(applet) {
        applet.parent = root
        applet.anchors.left = root.left
        applet.anchors.right = root.right
        applet.anchors.top = root.top
        applet.height = 40
        applet.visible = true
    }

    Containment.onAppletAdded: add(applet)
    Component.onCompleted: plasmoid.applets.forEach(add)
}
