// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Notify
import Scheduler
import Snapshot
import Testing

@testable import AgentShell

/// Doctor's judgement: tables of facts (as the probe would collect them) → findings, with no temp
/// folder, no program and no bus.
@Suite struct DoctorDiagnosisTests {
    static let calendar = NitnemCalendar(zone: .fixed(secondsFromGMT: 19_800, abbreviation: "IST"))
    static let now = RFC3339.parseAbsolute("2026-11-29T13:00:00+05:30")!
    static let group = AppGroup(path: "/g")

    /// A My Nitnem file listing 20,000 unknown ids: ten findings and one that counts the rest.
    @Test func manyUnknownIDsAreTenFindingsAndACount() throws {
        let ids = (0..<20_000).map { "\"bad\($0)\"" }.joined(separator: ",")
        let text = #"{"schema":1,"sets":{"morning":[\#(ids)]}}"#
        let mine = try MyNitnem.decode(try JSONParser.parse(Array(text.utf8)), path: Self.group.mynitnemPath)
        let files = GroupFiles(
            snapshot: EmbeddedRegistry.snapshot, source: .embedded, progress: .empty, warnings: []
        ).applying(.success(mine), path: Self.group.mynitnemPath)
        let unknown = Doctor.sets(files, group: Self.group).filter { $0.code == .setsUnknownID }
        #expect(unknown.count == 11)
        #expect(unknown.first?.detail == "/g/nitnem-mynitnem.json: morning: unknown bani id 'bad0'; skipped")
        #expect(unknown.last?.detail == "… and 19990 more unknown ids in /g/nitnem-mynitnem.json; skipped")
    }

    @Test func everyCodeIsOneStableNameUnderItsSubject() {
        let raw = Finding.Code.allCases.map(\.rawValue)
        #expect(Set(raw).count == raw.count)
        for code in Finding.Code.allCases {
            let subject = code.subject.name.replacingOccurrences(of: " ", with: "-")
            #expect(code.rawValue.hasPrefix(subject) || code == .paused, "\(code)")
        }
    }

    static let fonts: [(Doctor.FontFacts, Finding.Code, Finding.Level)] = [
        (.noFcList, .fontNoFcList, .warn),
        (.failed(status: 1), .fontFcListFailed, .warn),
        (.cannotRun("ENOENT"), .fontFcListFailed, .warn),
        (.listed(""), .fontNone, .warn),
        (.listed("Noto Sans Gurmukhi,Noto Sans Gurmukhi UI\nLohit Gurmukhi\n"), .font, .ok),
    ]

    /// Row `i` of a table of facts, diagnosed, gives that row's code and level.
    static func expectRow<Facts>(
        _ table: [(Facts, Finding.Code, Finding.Level)], _ i: Int, _ diagnose: (Facts) -> Finding,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let (facts, code, level) = table[i]
        let finding = diagnose(facts)
        #expect((finding.code, finding.level) == (code, level), sourceLocation: sourceLocation)
    }

    @Test(arguments: fonts.indices) func font(_ i: Int) {
        Self.expectRow(Self.fonts, i) { Doctor.diagnose($0) }
    }

    @Test func fontFamiliesAreNamedOnceInOrderAndAtMostThree() {
        let listed = "Lohit Gurmukhi\nNoto Sans Gurmukhi,Other\nNoto Sans Gurmukhi\nA\nB\n"
        #expect(Doctor.diagnose(.listed(listed)).detail == "Gurmukhi: A, B, Lohit Gurmukhi, … (fc-list :lang=pa)")
    }

    static let handlers: [(Doctor.HandlerFacts, Finding.Code, Finding.Level)] = [
        (.noXdgMime, .handlerNoXdgMime, .warn),
        (.cannotAsk("EACCES"), .handlerCannotAsk, .warn),
        (.answer("nitnem.desktop\n"), .handler, .ok),
        (.answer("\n"), .handlerNone, .warn),
        (.answer("firefox.desktop\n"), .handlerOther, .warn),
    ]

    @Test(arguments: handlers.indices) func handler(_ i: Int) {
        Self.expectRow(Self.handlers, i) { Doctor.diagnose($0) }
    }

    @Test func readerProgram() {
        let web = Doctor.ReaderFacts(reader: "https://r/{banidb}", viaOpener: true, program: "xdg-open", located: nil)
        #expect(
            Doctor.diagnose(web)
                == Finding(
                    .warn, .readerNotFound,
                    "https://r/{banidb} with xdg-open: program 'xdg-open' not found on PATH (config key `open`)"))
        let command = Doctor.ReaderFacts(reader: "mpv {url}", viaOpener: false, program: "mpv", located: "/usr/bin/mpv")
        #expect(Doctor.diagnose(command) == Finding(.ok, .reader, "mpv {url} (/usr/bin/mpv)"))
    }

    static let agents: [(Doctor.AgentFacts, Finding.Code, Finding.Level)] = [
        (.free(unit: nil, enabled: false), .agentNotRunning, .warn),
        (.free(unit: "/u/nitnem.service", enabled: false), .agentInstalled, .warn),
        (.free(unit: "/u/nitnem.service", enabled: true), .agentEnabled, .warn),
        (.held(pid: 7, record: nil), .agentUnrecorded, .ok),
        (.held(pid: 7, record: AgentRecord(pid: 7, group: "/g")), .agentRunning, .ok),
        (.held(pid: 7, record: AgentRecord(pid: 7, group: "/other")), .agentOtherGroup, .warn),
        (.held(pid: 7, record: AgentRecord(pid: 8, group: "/g")), .agentUnrecorded, .ok),
        (.unknown("agent.lock: EACCES"), .agentLock, .fail),
    ]

    @Test(arguments: agents.indices) func agent(_ i: Int) {
        Self.expectRow(Self.agents, i) { Doctor.diagnose($0, group: Self.group) }
    }

    @Test func notificationServer() {
        #expect(Doctor.diagnoseNotify(.success(["actions"]), banisAvailable: true).code == .notify)
        #expect(Doctor.diagnoseNotify(.success([]), banisAvailable: true).code == .notifyNoActions)
        let none = NotifyError(.noServer, "no notification server")
        #expect(Doctor.diagnoseNotify(.failure(none), banisAvailable: true).level == .fail)
        // Nothing to remind of: a missing server is only a warning.
        #expect(Doctor.diagnoseNotify(.failure(none), banisAvailable: false).level == .warn)
    }

    @Test func ledgerAndPause() {
        #expect(
            Doctor.diagnose(Doctor.LedgerFacts(path: "/s/r.json", entries: 1, problem: nil))
                == Finding(.ok, .ledger, "/s/r.json: 1 entry"))
        #expect(
            Doctor.diagnose(Doctor.LedgerFacts(path: "/s/r.json", entries: 0, problem: "bad")).code == .ledgerUnreadable
        )
        #expect(Doctor.diagnosePause(until: nil, problem: nil, wall: { _ in "" }).isEmpty)
        #expect(
            Doctor.diagnosePause(until: Self.now, problem: nil, wall: { _ in "18:00" }).map(\.sentence)
                == ["reminders paused until 18:00 (nitnem reminders resume)"])
    }

    @Test func timeline() {
        let later = Self.now.addingTimeInterval(3600)
        func codes(_ facts: Doctor.TimelineFacts) -> [Finding.Code] {
            Doctor.diagnose(facts, now: Self.now).map(\.code)
        }
        #expect(codes(.init(path: "/t", validUntil: nil, olderThan: nil)) == [.timelineMissing])
        #expect(codes(.init(path: "/t", validUntil: ("x", later), olderThan: nil)) == [.timeline])
        #expect(codes(.init(path: "/t", validUntil: ("x", Self.now), olderThan: nil)) == [.timelineStale])
        #expect(codes(.init(path: "/t", validUntil: ("x", later), olderThan: "/p")) == [.timeline, .timelineBehind])
    }

    @Test func sync() {
        func codes(_ facts: Doctor.SyncFacts) -> [Finding.Code] { Doctor.diagnose(facts).map(\.code) }
        let alone = Doctor.SyncFacts(
            root: nil, ignorePath: "/g/.stignore", missing: [], waiting: [], recent: [], mergedFolder: "/m")
        #expect(codes(alone).isEmpty)
        var synced = alone
        synced.root = "/s"
        #expect(codes(synced) == [.syncFolder, .syncIgnored])
        synced.missing = ["widgets/"]
        synced.waiting = ["a.sync-conflict.json"]
        synced.recent = ["x merged into \(AppGroup.mynitnemName): yours"]
        #expect(codes(synced) == [.syncFolder, .syncNotIgnored, .syncWaiting, .syncMerged, .syncSetsMerged])
    }

    @Test func theTimeAndTheDay() {
        let facts = Doctor.TimeFacts(now: Self.now, calendar: Self.calendar, zoneSource: "TZ=IST-5:30", pinned: true)
        #expect(
            Doctor.diagnose(facts).map(\.sentence) == [
                "\(Self.calendar.identifier) (from TZ=IST-5:30); now 2026-11-29T13:00:00+05:30 — pinned by SGGS_CLOCK_NOW/SGGS_CLOCK_RATE",
                "2026-11-29, Morning; rolls at 2026-11-30 03:00",
            ])
    }
}
