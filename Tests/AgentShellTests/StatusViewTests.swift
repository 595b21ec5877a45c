// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import Foundation
import NitnemClockKit
import Posix
import Scheduler
import Snapshot
import TestSupport
import Testing

@Suite struct StatusViewTests {
    @Test func registryUnavailable() {
        var snapshot = EmbeddedRegistry.snapshot
        snapshot.banisAvailable = false
        let s = TodayState(
            snapshot: snapshot, progress: [:], at: Fixture.instant("2026-11-29T18:00:00Z"),
            calendar: ZoneFiles.calendar("UTC"))
        #expect(
            StatusView(state: s, source: .snapshot, warnings: []).text.hasPrefix(
                "Nitnem not available in this database"))
    }

    static let state = TodayState(
        snapshot: {
            var s = EmbeddedRegistry.snapshot
            s.banis[0].titleEn = "Japji <Sahib> & co"
            return s
        }(), progress: [:], at: Fixture.instant("2026-11-29T04:00:00Z"),
        calendar: ZoneFiles.calendar("UTC"))

    @Test func waybarEscapesMarkupAndHasTheFields() throws {
        let line = StatusView(state: Self.state, source: .embedded, warnings: []).render(.waybar)
        #expect(!line.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["text"] as? String == "Japji &lt;Sahib&gt; &amp; co · 0/7")
        #expect(object["alt"] as? String == "amritVela")
        #expect(object["class"] as? [String] == ["amritVela", "pending"])
        #expect(object["percentage"] as? Int == 0)
        #expect((object["tooltip"] as? String)?.contains("Japji &lt;Sahib&gt;") == true)
    }

    @Test func i3blocksAndPolybarConventions() {
        let view = StatusView(state: Self.state, source: .embedded, warnings: [])
        #expect(view.render(.i3blocks).split(separator: "\n").count == 3)
        #expect(!view.render(.polybar).contains("\n"))
        var s = EmbeddedRegistry.snapshot
        s.banis[0].titleEn = "50%{F#f00}"
        let tagged = TodayState(
            snapshot: s, progress: [:], at: Fixture.instant("2026-11-29T04:00:00Z"),
            calendar: ZoneFiles.calendar("UTC"))
        #expect(!StatusView(state: tagged, source: .embedded, warnings: []).render(.polybar).contains("%{"))
    }
}

@Suite struct StatusViewControlCharacterTests {
    /// A title with a line break, a carriage return and ESC: it tries to inject an i3blocks colour
    /// line and a terminal escape.
    static let view: StatusView = {
        var s = EmbeddedRegistry.snapshot
        s.banis[0].titleEn = "Japji\n#ff0000\r\u{1B}[2J"
        let state = TodayState(
            snapshot: s, progress: [:], at: Fixture.instant("2026-11-29T04:00:00Z"),
            calendar: ZoneFiles.calendar("UTC"))
        return StatusView(state: state, source: .embedded, warnings: [])
    }()

    @Test func barFormatsFoldThemToASpace() {
        let i3 = Self.view.render(.i3blocks).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(i3 == ["Japji #ff0000 [2J · 0/7", "Japji #ff0000 [2J 0/7", "#ebdbb2"])
        #expect(Self.view.render(.polybar) == "Japji #ff0000 [2J · 0/7")
        #expect(Self.view.label == "Japji #ff0000 [2J · 0/7")
    }

    @Test func textEscapesThem() {
        let lines = Self.view.render(.text).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix(#"Amrit Vela · next: Japji\n#ff0000\r\u{1B}[2J"#))
        #expect(!Self.view.render(.text).contains("\u{1B}"))
        #expect(!Self.view.render(.text).contains("\r"))
    }

    @Test func unavailableLineIsOneLine() {
        #expect(
            StatusView.unavailable(error: "/g/x.json: bad\nline", format: .i3blocks) == "Nitnem ⚠ /g/x.json: bad line")
    }
}
