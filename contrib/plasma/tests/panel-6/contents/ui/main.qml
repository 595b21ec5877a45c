// SPDX-License-Identifier: GPL-3.0-or-later
// A bare Plasma 6 containment for the widget's tests (../../panel-5 is the Plasma 5 one):
// plasmoidviewer shows an applet inside a containment (org.kde.desktopcontainment by default, from
// plasma-desktop), and this one only puts each applet in a 40 px strip along its top (plasmoidviewer
// draws its own buttons at the bottom), so the test needs no desktop shell's packages.
import QtQuick
import QtQuick.Layouts
import org.kde.plasma.plasmoid

ContainmentItem {
    id: root
    Layout.minimumWidth: 480
    Layout.minimumHeight: 120
    Layout.preferredWidth: 480
    Layout.preferredHeight: 120

    Rectangle {
        anchors.fill: parent
        color: "#eff0f1" // a light panel, so the screenshot reads as one
    }

    function add(applet) {
        var item = root.itemFor(applet)
        if (!item)
            return
        item.parent = root
        item.anchors.left = root.left
        item.anchors.right = root.right
        item.anchors.top = root.top
        item.height = 40
        item.visible = true
    }

    Containment.onAppletAdded: function (applet, geometry) { add(applet) }
    Component.onCompleted: Plasmoid.applets.forEach(add)
}
