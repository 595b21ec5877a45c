// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler
import Snapshot
import TestSupport
import Testing

/// `nitnem reminders pause --until …`: when a pause ends, its file, and when it is over.
@Suite struct PauseTests {
    /// `fixtures/cases/pause-until.tsv`; `ReminderPauseTests.untilFromTheCaseFile` holds the binary
    /// to it.
    @Test(arguments: try CaseTable.rows("pause-until", columns: ["zone", "now", "until?", "instant"]))
    func untilResolvesOnTheWallClock(_ c: CaseTable.Row) throws {
        let calendar = Fixture.calendar(c["zone"])
        let until = try Pause.until(c.optional("until"), now: Fixture.instant(c["now"]), calendar: calendar)
        #expect(until == Fixture.instant(c["instant"]), "\(c): \(RFC3339.format(until, in: calendar))")
    }

    /// `fixtures/cases/pause-refused.tsv`: a bad text, a day begun, a pause past the range's end.
    @Test(arguments: try CaseTable.rows("pause-refused", columns: ["zone", "now", "until?", "message"]))
    func badUntilIsSaid(_ c: CaseTable.Row) {
        #expect("\(c)") {
            try Pause.until(c.optional("until"), now: Fixture.instant(c["now"]), calendar: Fixture.calendar(c["zone"]))
        } throws: { error in
            (error as? PauseUntilError)?.description == c["message"]
        }
    }

    @Test func aSkippedDateHasNoStart() {
        // Samoa skipped 2011-12-30 entirely.
        #expect {
            try Pause.until(
                "2011-12-30", now: Fixture.instant("2011-12-28T12:00:00-10:00"),
                calendar: Fixture.calendar("Pacific/Apia"))
        } throws: { error in
            (error as? PauseUntilError)?.problem == "2011-12-30 has no 03:00 in Pacific/Apia"
        }
    }

    @Test func theFileRoundTripsAndAPastPauseIsOver() throws {
        let calendar = Fixture.calendar("Asia/Kolkata")
        let pause = Pause(
            until: Fixture.instant("2026-11-30T03:00:00+05:30"), since: Fixture.instant("2026-11-29T13:00:00+05:30"))
        let text = pause.json(calendar: calendar).compact
        #expect(text == #"{"schema":1,"until":"2026-11-30T03:00:00+05:30","since":"2026-11-29T13:00:00+05:30"}"#)
        let read = try Pause.decode(try JSONParser.parse(Array(text.utf8)), path: "/s/pause.json")
        #expect(read == pause)
        #expect(read.active(at: Fixture.instant("2026-11-30T02:59:59+05:30")) == pause.until)
        #expect(read.active(at: Fixture.instant("2026-11-30T03:00:00+05:30")) == nil)
    }

    @Test(arguments: [
        ("[]", "/s/pause.json: expected an object"),
        (#"{"schema":1}"#, "/s/pause.json: $.until: expected an RFC 3339 instant"),
        (#"{"until":17}"#, "/s/pause.json: $.until: expected an RFC 3339 instant"),
        (
            #"{"until":"2026-11-30T03:00"}"#,
            "/s/pause.json: $.until: '2026-11-30T03:00' is not an RFC 3339 instant with an offset"
        ),
        (
            #"{"until":"9999-06-01T00:00:00Z"}"#,
            "/s/pause.json: $.until: '9999-06-01T00:00:00Z' is outside the range nitnem computes, 0002-01-01 to 9998-12-31 (UTC)"
        ),
    ])
    func aBadFileNamesWhatIsWrong(_ text: String, _ message: String) {
        #expect {
            try Pause.decode(try JSONParser.parse(Array(text.utf8)), path: "/s/pause.json")
        } throws: { error in
            (error as? GroupFileError)?.description == message
        }
    }
}

/// Config `rehras = sgpc|taksal`: the Rehras the evening set counts, over the snapshot's preference.
@Suite struct RehrasConfigTests {
    /// The embedded registry with a Taksal Rehras beside the default, as an exported snapshot has.
    static func bothForms(prefer: String? = nil) -> NitnemSnapshot {
        var snapshot = EmbeddedRegistry.snapshot
        snapshot.banis.append(
            NitnemSnapshot.Bani(
                id: "rehras/taksal", key: "rehras", variant: "taksal", isDefault: false,
                titleEn: "Rehras Sahib (Taksal)",
                titleGurmukhi: nil, source: "mixed", nLines: 501))
        snapshot.preferences.rehrasVariant = prefer
        return snapshot
    }

    static func config(_ text: String) throws -> AgentConfig { try AgentConfig.parse(text, path: "/c") }

    @Test func theKeyIsReadAndABadValueNamed() throws {
        #expect(try Self.config("rehras = taksal").rehras == .taksal)
        #expect(try Self.config("rehras = sgpc").rehras == .sgpc)
        #expect(try Self.config("").rehras == nil)
        #expect {
            try Self.config("rehras = nihang")
        } throws: { error in
            (error as? ConfigError)?.description == "/c:1: rehras must be sgpc or taksal, not 'nihang'"
        }
    }

    @Test func theConfigOverridesTheSnapshotWhenItHasBothForms() throws {
        // An exported snapshot has no preference: the default counts, unless the config says taksal.
        #expect(Self.bothForms().ids(in: .evening) == ["rehras"])
        #expect(Self.bothForms().choosingRehras("taksal").ids(in: .evening) == ["rehras/taksal"])
        // The app's preference is overridden either way.
        #expect(Self.bothForms(prefer: "taksal").choosingRehras("sgpc").ids(in: .evening) == ["rehras"])
        #expect(Self.bothForms(prefer: "taksal").choosingRehras("sgpc").lookup("rehras")?.id == "rehras")
        // The SGPC form named by its variant (an exported registry says `sgpc`).
        var exported = Self.bothForms(prefer: "taksal")
        exported.banis = exported.banis.map { bani in
            var b = bani
            if b.id == "rehras" { b.variant = "sgpc" }
            return b
        }
        #expect(exported.choosingRehras("sgpc").ids(in: .evening) == ["rehras"])
        #expect(exported.rehras(variant: "sgpc")?.id == "rehras")
    }

    @Test func withOneRehrasTheSettingChangesNothing() {
        let embedded = EmbeddedRegistry.snapshot
        #expect(embedded.rehras(variant: "taksal") == nil)
        #expect(embedded.rehras(variant: "sgpc") == nil)
        #expect(embedded.choosingRehras("taksal") == embedded)
    }

    @Test func todayAndTheCoreCountTheConfiguredRehras() throws {
        let calendar = Fixture.calendar("UTC")
        let at = Fixture.instant("2026-11-29T17:30:00Z")
        let files = GroupFiles(
            snapshot: Self.bothForms(), source: .snapshot,
            progress: NitnemProgress(
                schema: 1, banis: Fixture.completed(["rehras/taksal"], on: "2026-11-29"), warnings: [], raw: .object([])
            ),
            warnings: [])
        // Recorded by `mark rehras/taksal`, but not counted without the setting.
        let plain = files.configured(AgentConfig())
        #expect(
            !TodayState(snapshot: plain.snapshot, progress: plain.progress.banis, at: at, calendar: calendar)
                .bandComplete)
        var config = AgentConfig()
        config.rehras = .taksal
        let taksal = files.configured(config)
        let state = TodayState(snapshot: taksal.snapshot, progress: taksal.progress.banis, at: at, calendar: calendar)
        #expect(state.bandComplete)
        #expect(state.done == 1)

        // The core: the evening is complete, so its reminder is skipped; a reload to sgpc reopens it.
        var core = AgentCore(calendar: calendar, config: config)
        _ = core.handle(.start(.success(files)), now: at)
        #expect(core.files?.snapshot.ids(in: .evening) == ["rehras/taksal"])
        let skipped = core.handleSaving(.timer, now: Fixture.instant("2026-11-29T18:00:00Z"))
        #expect(
            ReminderCoreTests.reminders(skipped).contains {
                if case .skip(_, .evening, .bandComplete) = $0 { true } else { false }
            })
        config.rehras = .sgpc
        let step = core.handle(
            .configRead(.success(ConfigReading(settings: config))), now: Fixture.instant("2026-11-29T18:01:00Z"))
        #expect(core.files?.snapshot.ids(in: .evening) == ["rehras"])
        let written = step.actions.compactMap { if case .writeTimeline(let t) = $0 { t } else { nil } }
        #expect(written.first?.entries[0].state.next?.bani.id == "rehras")
    }
}
