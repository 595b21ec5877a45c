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
            snapshot: snapshot, progress: [:], at: RFC3339.parseAbsolute("2026-11-29T18:00:00Z")!,
            calendar: NitnemCalendar(timeZone: TimeZone(identifier: "UTC")!))
        #expect(
            StatusView(state: s, source: .snapshot, warnings: []).text.hasPrefix(
                "Nitnem not available in this database"))
    }

    static let state = TodayState(
        snapshot: {
            var s = EmbeddedRegistry.snapshot
            s.banis[0].titleEn = "Japji <Sahib> & co"
            return s
        }(), progress: [:], at: RFC3339.parseAbsolute("2026-11-29T04:00:00Z")!,
        calendar: NitnemCalendar(timeZone: TimeZone(identifier: "UTC")!))

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
            snapshot: s, progress: [:], at: RFC3339.parseAbsolute("2026-11-29T04:00:00Z")!,
            calendar: NitnemCalendar(timeZone: TimeZone(identifier: "UTC")!))
        #expect(!StatusView(state: tagged, source: .embedded, warnings: []).render(.polybar).contains("%{"))
    }
}
