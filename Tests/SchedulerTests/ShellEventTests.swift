// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler
import Snapshot
import TestSupport
import Testing

/// The decisions the shell used to make itself: when to read after file events (the debounce),
/// writing a removed timeline again, stopping, opening, and what an opener's exit means.
@Suite struct ShellEventTests {
    static let t0 = Fixture.instant("2026-11-29T10:00:00Z")
    static let timeline = "/g/widgets/NitnemNow.json"

    /// A started core and what one sequence of events did: each step's actions, named, and waits.
    static func run(_ events: [AgentCore.Event]) -> (actions: [[String]], waits: [AgentCore.Wait?]) {
        var core = AgentCore(calendar: Fixture.calendar("UTC"), config: Fixture.timelineOnly)
        _ = core.handle(.start(.success(Fixture.files())), now: t0)
        var actions: [[String]] = []
        var waits: [AgentCore.Wait?] = []
        for (i, event) in events.enumerated() {
            let step = core.handle(event, now: t0.addingTimeInterval(Double(i + 1)))
            actions.append(step.actions.map(Self.name))
            waits.append(step.wait)
        }
        return (actions, waits)
    }

    /// A logged event, as `name` says it: its code and fields (the wording is `LogEventTests`').
    static func log(_ event: LogEvent) -> String { "log \(event)" }

    static func name(_ action: AgentCore.Action) -> String {
        switch action {
        case .writeTimeline: "write"
        case .log(let event): log(event)
        case .reminder: "reminder"
        case .saveLedger: "ledger"
        case .readFiles: "read"
        case .readConfig: "read config"
        case .open(let launch): "open \(launch.argv.joined(separator: " "))"
        case .stop: "stop"
        case .updateReminder(let notice): "update \(notice.summary) · \(notice.body)"
        case .closeReminder: "close"
        case .closeNotification(let id): "close \(id)"
        case .listen(let template, let link): "listen \(template) \(link.url)"
        case .markRead(let mark):
            "mark \(mark.id) \(mark.day) \(mark.nLines)\(mark.movePosition ? "" : " (position kept)")"
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let events: [AgentCore.Event]
        let actions: [[String]]
        let waits: [AgentCore.Wait?]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a whole file (renamed into place): drain the queue, then read",
            events: [.filesTouched(whole: true), .settled],
            actions: [[], ["read"]], waits: [.drain, nil]),
        Case(
            name: "a create may be half-written: wait 5 ms of quiet, then read",
            events: [.filesTouched(whole: false), .settled], actions: [[], ["read"]],
            waits: [.quiet(milliseconds: 5), nil]),
        Case(
            name: "the last event decides: a create then the rename is whole",
            events: [.filesTouched(whole: false), .filesTouched(whole: true), .settled], actions: [[], [], ["read"]],
            waits: [.quiet(milliseconds: 5), .drain, nil]),
        Case(
            name: "a whole file then a move away: wait again",
            events: [.filesTouched(whole: true), .filesTouched(whole: false)],
            actions: [[], []], waits: [.drain, .quiet(milliseconds: 5)]),
        Case(
            name: "settled with nothing pending reads nothing", events: [.settled], actions: [[]], waits: [nil]),
        Case(
            name: "a read is asked once per burst", events: [.filesTouched(whole: true), .settled, .settled],
            actions: [[], ["read"], []], waits: [.drain, nil, nil]),
        Case(
            name: "lost events: read after quiet", events: [.eventsLost, .settled], actions: [[], ["read"]],
            waits: [.quiet(milliseconds: 5), nil]),
        Case(
            name: "lost events keep a whole file's drain", events: [.filesTouched(whole: true), .eventsLost],
            actions: [[], []], waits: [.drain, .drain]),
        Case(
            name: "the timeline removed: said, gathered like a change, then written again though unchanged",
            events: [.timelineRemoved(path: timeline), .settled, .filesRead(.success(Fixture.files()))],
            actions: [[log(.timelineRemoved(path: timeline))], ["read"], ["write"]],
            waits: [.quiet(milliseconds: 5), nil, nil]),
        Case(
            name: "the group folder recreated: said, then the files read and the timeline written",
            events: [.groupRecreated(path: "/g"), .settled, .filesRead(.success(Fixture.files()))],
            actions: [[log(.groupFolderGone(path: "/g"))], ["read"], ["write"]],
            waits: [.quiet(milliseconds: 5), nil, nil]),
        Case(
            name: "the same files read again without a loss: nothing written",
            events: [.filesTouched(whole: true), .settled, .filesRead(.success(Fixture.files()))],
            actions: [[], ["read"], []], waits: [.drain, nil, nil]),
        Case(
            name: "a failed timeline write is said and written again at the next event",
            events: [
                .timelineWriteFailed(
                    .test("/g/widgets/NitnemNow.json: cannot write: ENOSPC (No space left on device)")),
                .timer,
            ],
            actions: [
                [
                    log(
                        .timelineWriteFailed(
                            cause: "/g/widgets/NitnemNow.json: cannot write: ENOSPC (No space left on device)"))
                ],
                ["write"],
            ],
            waits: [nil, nil]),
        Case(
            name: "the config written (or renamed into place): drain, then read it",
            events: [.configTouched(whole: true), .settled], actions: [[], ["read config"]], waits: [.drain, nil]),
        Case(
            name: "the config moved away (an editor's save): wait for the folder to settle, read once",
            events: [.configTouched(whole: false), .configTouched(whole: true), .settled],
            actions: [[], [], ["read config"]], waits: [.quiet(milliseconds: 250), .drain, nil]),
        Case(
            name: "the config removed and not put back: read after the quiet (then the defaults)",
            events: [.configTouched(whole: false), .settled], actions: [[], ["read config"]],
            waits: [.quiet(milliseconds: 250), nil]),
        Case(
            name: "config and group files touched together: the longer wait, then both read",
            events: [.filesTouched(whole: false), .configTouched(whole: true), .settled],
            actions: [[], [], ["read config", "read"]],
            waits: [.quiet(milliseconds: 5), .quiet(milliseconds: 5), nil]),
        Case(
            name: "the same bad config read again (another event of one save, a SIGHUP) is said once",
            events: [
                .configRead(.failure(badConfig)), .configRead(.failure(badConfig)),
                .configRead(.success(ConfigReading(settings: Fixture.timelineOnly))), .configRead(.failure(badConfig)),
            ],
            actions: [
                [log(.configUnreadable(cause: "\(badConfig)"))], [], [],
                [log(.configUnreadable(cause: "\(badConfig)"))],
            ],
            waits: [nil, nil, nil, nil]),
        Case(
            name: "another bad line in the config is said",
            events: [.configRead(.failure(badConfig)), .configRead(.failure(otherBadConfig))],
            actions: [
                [log(.configUnreadable(cause: "\(badConfig)"))],
                [log(.configUnreadable(cause: "\(otherBadConfig)"))],
            ],
            waits: [nil, nil]),
        Case(
            name: "a pause file that cannot be read is said once and is no pause",
            events: [
                .pauseChanged(t0.addingTimeInterval(3600)), .pauseUnreadable(badPause), .pauseUnreadable(badPause),
            ],
            actions: [
                [log(.paused(until: "2026-11-29T11:00:00+00:00"))],
                [log(.resumed), log(.pauseUnreadable(cause: badPause.description))],
                [],
            ],
            waits: [nil, nil, nil]),
        Case(
            name: "a pause read again after a bad one: said again when it goes bad again",
            events: [.pauseUnreadable(badPause), .pauseChanged(nil), .pauseUnreadable(badPause)],
            actions: [
                [log(.pauseUnreadable(cause: badPause.description))], [],
                [log(.pauseUnreadable(cause: badPause.description))],
            ],
            waits: [nil, nil, nil]),
        Case(
            name: "an expired pause (its instant has passed) is no pause: nothing said",
            events: [.pauseChanged(t0.addingTimeInterval(-60))], actions: [[]], waits: [nil]),
        Case(
            name: "a pause that ends while running is said",
            events: [.pauseChanged(t0.addingTimeInterval(2)), .timer],
            actions: [
                [log(.paused(until: "2026-11-29T10:00:02+00:00"))],
                [log(.pauseEnded(until: "2026-11-29T10:00:02+00:00"))],
            ],
            waits: [nil, nil]),
        Case(
            name: "SIGTERM stops", events: [.stopSignal(15)], actions: [[log(.stopping(signal: 15)), "stop"]],
            waits: [nil]),
        Case(
            name: "an opener that exited 0 opened the link; one that failed says its status",
            events: [
                .openerExited(program: "xdg-open", url: "sggs://bani/japji", status: 0),
                .openerExited(program: "xdg-open", url: "sggs://bani/jaap", status: 3),
            ],
            actions: [
                [log(.opened(url: "sggs://bani/japji", program: "xdg-open"))],
                [log(.openerFailed(program: "xdg-open", status: 3, url: "sggs://bani/jaap"))],
            ],
            waits: [nil, nil]),
        Case(
            name: "a zone that cannot be read is said, the zone kept",
            events: [
                .zoneRead(
                    .failure(
                        ClockError(
                            .unknownZone, variable: "TZ", value: "Mars/Base", problem: "is not a known time zone")))
            ],
            actions: [[log(.zoneUnreadable(cause: "TZ: 'Mars/Base' is not a known time zone"))]], waits: [nil]),
        Case(
            name: "file events still gather across a timer", events: [.filesTouched(whole: false), .timer, .settled],
            actions: [[], [], ["read"]], waits: [.quiet(milliseconds: 5), .quiet(milliseconds: 5), nil]),
    ]

    @Test(arguments: cases)
    func decides(_ c: Case) {
        let result = Self.run(c.events)
        #expect(result.actions == c.actions)
        #expect(result.waits == c.waits)
    }

    @Test func theDebounceIsTheCoresSetting() {
        var core = AgentCore(calendar: Fixture.calendar("UTC"), config: Fixture.timelineOnly)
        core.debounceMilliseconds = 40
        _ = core.handle(.start(.success(Fixture.files())), now: Self.t0)
        #expect(core.handle(.filesTouched(whole: false), now: Self.t0).wait == .quiet(milliseconds: 40))
    }

    // MARK: Writes that fail (a full disk): retried without any other event.

    // MARK: A config with bad lines: the good lines apply, a bad one keeps the value in use.

    static func reading(_ text: String) -> ConfigReading { ConfigReading(parsing: text, path: "/c/config") }

    static func logs(_ step: AgentCore.Step) -> [LogEvent] {
        step.actions.compactMap { if case .log(let event) = $0 { event } else { nil } }
    }

    @Test func aBadLineKeepsTheValueInUseAndIsSaidOnce() {
        var core = AgentCore(calendar: Fixture.calendar("UTC"), config: AgentConfig())
        _ = core.handle(.start(.success(Fixture.files())), now: Self.t0)
        // A good file: the evening slot moves and snooze is set.
        var step = core.handle(
            .configRead(.success(Self.reading("reminder.evening = 19:30\nsnooze = 30m\n"))), now: Self.t0)
        #expect(Self.logs(step) == [.configReloaded])
        #expect(core.config.snooze == 30 * 60)
        // A typo in snooze while the evening line is still good: snooze keeps 30m (not the default
        // 15m), the evening slot stays 19:30, and the line is said once.
        let typo = Self.reading("reminder.evening = 19:30\nsnooze = 30\nbogus = 1\n")
        step = core.handle(.configRead(.success(typo)), now: Self.t0 + 1)
        #expect(
            Self.logs(step) == [
                .configProblem(
                    problem:
                        "/c/config:2: snooze must be a duration from 1m to 3h, such as 15m, 1h30m or 90s, not '30'",
                    kept: "keeping snooze = 30m"),
                .configProblem(
                    problem:
                        "/c/config:3: unknown key 'bogus'; known: reminders, reminder.amritVela, reminder.evening, reminder.night, snooze, sound, click, open, reader, listen, rehras, titles, remind-when-done",
                    kept: "line ignored"),
            ])
        #expect(core.config.snooze == 30 * 60)
        #expect(core.config.slots.times[.evening]?.hour == 19)
        #expect(Self.logs(core.handle(.configRead(.success(typo)), now: Self.t0 + 2)).isEmpty, "said once")
        // Fixed: applied, nothing more to say.
        step = core.handle(
            .configRead(.success(Self.reading("reminder.evening = 19:30\nsnooze = 45m\n"))), now: Self.t0 + 3)
        #expect(Self.logs(step) == [.configReloaded])
        #expect(core.config.snooze == 45 * 60)
    }

    @Test func anAgentStartedOnABadLineUsesTheDefaultForIt() {
        // The agent is made with the file's good lines (the defaults for the bad one), then hears it read.
        let bad = Self.reading("reminders = maybe\nreminder.night = 21:00\n")
        var core = AgentCore(calendar: Fixture.calendar("UTC"), config: bad.config)
        let step = core.handle(.configRead(.success(bad)), now: Self.t0)
        #expect(
            Self.logs(step) == [
                .configProblem(
                    problem: "/c/config:1: reminders must be on or off (also yes/no, true/false), not 'maybe'",
                    kept: "keeping reminders = on")
            ], "said, and no 'reloaded': nothing changed")
        #expect(core.config.remindersOn)
        #expect(core.config.slots.times[.night]?.hour == 21)
    }

    @Test func aFailedTimelineWriteIsRetriedWithABackOffAndSaidOnce() {
        var core = AgentCore(calendar: Fixture.calendar("UTC"), config: Fixture.timelineOnly)
        let t0 = Self.t0
        _ = core.handle(.start(.success(Fixture.files())), now: t0)
        let problem = "/g/widgets/NitnemNow.json: cannot write: ENOSPC (No space left on device)"
        var step = core.handle(.timelineWriteFailed(.test(problem)), now: t0)
        #expect(step.nextWake == t0 + 1)
        #expect(step.actions.count == 1)
        // The retry writes again (the content did not change, but the file on disk is not it).
        step = core.handle(.timer, now: t0 + 1)
        #expect(step.actions.map(Self.name) == ["write"])
        step = core.handle(.timelineWriteFailed(.test(problem)), now: t0 + 1)
        #expect(step.actions.isEmpty, "said once")
        #expect(step.nextWake == t0 + 3)
        _ = core.handle(.timer, now: t0 + 3)
        for failure in 3...12 {
            _ = core.handle(.timelineWriteFailed(.test(problem)), now: t0 + Double(failure * 1000))
        }
        #expect(
            core.handle(.timelineWriteFailed(.test(problem)), now: t0 + 20_000).nextWake == t0 + 20_300, "at most 5 min"
        )
        // Space freed: the write lands, and the back-off ends.
        #expect(core.handle(.timer, now: t0 + 20_300).actions.map(Self.name) == ["write"])
        #expect(core.handle(.timelineWritten, now: t0 + 20_300).nextWake == Fixture.instant("2026-11-29T17:00:00Z"))
        #expect(core.timelineRetry == .idle)
    }

    @Test func aReminderWhoseLedgerEntryCannotBeSavedIsNotShownUntilItIs() {
        var core = AgentCore(calendar: Fixture.calendar("UTC"), config: AgentConfig())
        let slot = Fixture.instant("2026-11-29T18:00:00Z")
        _ = core.handle(.start(.success(Fixture.files())), now: slot - 60)
        var step = core.handle(.timer, now: slot)
        #expect(step.actions.map(Self.name) == ["ledger"], "saved first, not shown yet")
        #expect(core.ledger.entry(CivilDate("2026-11-29")!, .evening)?.outcome == .pending)
        let full = "/s/nitnem/reminders.json: cannot write: ENOSPC (No space left on device)"
        step = core.handle(.ledgerSaveFailed(.test(full)), now: slot)
        #expect(
            step.actions.map(Self.name) == [
                Self.log(.ledgerSaveFailedHolding(cause: full, .band(.evening)))
            ])
        #expect(core.ledger.entry(CivilDate("2026-11-29")!, .evening) == nil)
        #expect(step.nextWake == slot + 30)
        // Still full at the retry: asked again, said no more, nothing shown.
        step = core.handle(.timer, now: slot + 30)
        #expect(step.actions.map(Self.name) == ["ledger"])
        step = core.handle(.ledgerSaveFailed(.test(full)), now: slot + 30)
        #expect(step.actions.isEmpty)
        #expect(step.nextWake == slot + 90)
        // Space freed: the save lands, then the reminder is shown, once.
        step = core.handle(.timer, now: slot + 90)
        #expect(step.actions.map(Self.name) == ["ledger"])
        step = core.handle(.ledgerSaved, now: slot + 90)
        #expect(step.actions.map(Self.name) == ["reminder"])
        #expect(core.handle(.ledgerSaved, now: slot + 91).actions.isEmpty)
    }

    @Test func aLedgerThatCannotBeSavedAllBandLongShowsNothing() {
        var core = AgentCore(calendar: Fixture.calendar("UTC"), config: AgentConfig())
        var now = Fixture.instant("2026-11-29T18:00:00Z")
        _ = core.handle(.start(.success(Fixture.files())), now: now - 60)
        var shown = 0
        let end = Fixture.instant("2026-11-30T03:00:00Z")
        while now < end {
            let step = core.handle(.timer, now: now)
            shown += step.actions.filter { if case .reminder(.fire) = $0 { true } else { false } }.count
            if step.actions.contains(where: { if case .saveLedger = $0 { true } else { false } }) {
                _ = core.handle(.ledgerSaveFailed(.test("full")), now: now)
            }
            now = max(core.handle(.timer, now: now).nextWake, now + 1)
        }
        #expect(shown == 0)
    }

    // MARK: A file that vanishes for a moment is not "nothing read".

    static func files(found: Bool, _ banis: [String: BaniProgress]) -> GroupFiles {
        var files = Fixture.files(banis)
        files.progressFound = found
        return files
    }

    static let badConfig = ConfigError(.badValue, path: "/c/config", line: 1, problem: "snooze must be …")
    static let otherBadConfig = ConfigError(.unknownKey, path: "/c/config", line: 2, problem: "unknown key 'x'")
    static let badPause = GroupFileError(path: "/s/pause.json", jsonPath: "$.until", problem: "expected …")

    static let three = Fixture.completed(["japji", "jaap", "savaiye"], on: "2026-11-29")

    @Test func aProgressFileThatVanishesIsReadAgainAfterTheFolderSettles() {
        var core = AgentCore(calendar: Fixture.calendar("UTC"), config: Fixture.timelineOnly)
        _ = core.handle(.start(.success(Self.files(found: true, Self.three))), now: Self.t0)
        // The unlink: read once after quiet, and missing. Not believed yet: nothing written, wait longer.
        var step = core.handle(.filesRead(.success(Self.files(found: false, [:]))), now: Self.t0 + 1)
        #expect(step.actions.isEmpty)
        #expect(step.wait == .quiet(milliseconds: 250))
        // The writer recreates it: the events come, the read finds it; still 3 done, nothing to write.
        step = core.handle(.filesTouched(whole: true), now: Self.t0 + 1.1)
        step = core.handle(.settled, now: Self.t0 + 1.1)
        #expect(step.actions.map(Self.name) == ["read"])
        step = core.handle(.filesRead(.success(Self.files(found: true, Self.three))), now: Self.t0 + 1.1)
        #expect(step.actions.isEmpty)
        #expect(core.files?.progress.banis.count == 3)
    }

    @Test func aProgressFileStillMissingAfterTheFolderSettledIsNothingRead() {
        var core = AgentCore(calendar: Fixture.calendar("UTC"), config: Fixture.timelineOnly)
        _ = core.handle(.start(.success(Self.files(found: true, Self.three))), now: Self.t0)
        var step = core.handle(.filesRead(.success(Self.files(found: false, [:]))), now: Self.t0 + 1)
        #expect(step.actions.isEmpty)
        step = core.handle(.settled, now: Self.t0 + 1.25)
        #expect(step.actions.map(Self.name) == ["read"])
        step = core.handle(.filesRead(.success(Self.files(found: false, [:]))), now: Self.t0 + 1.25)
        #expect(step.actions.map(Self.name) == ["write"])
        #expect(core.files?.progress.banis.isEmpty == true)
    }

    @Test func aProblemIsSaidOncePerFileAndKindAndAtMostOnceAMinuteAfterRecovery() {
        var core = AgentCore(calendar: Fixture.calendar("UTC"), config: Fixture.timelineOnly)
        _ = core.handle(.start(.success(Fixture.files())), now: Self.t0)
        var lines: [String] = []
        // A file rewritten at different cut points, with good reads between, for a minute and a half.
        for i in 0..<90 {
            let cut = GroupFileError(
                .truncated, path: "/g/nitnem-progress.json",
                problem: "not valid JSON (truncated?): line 1, column \(i + 2): unexpected end of file")
            let at = Self.t0 + Double(i)
            lines += core.handle(.filesRead(.failure(cut)), now: at).actions.map(Self.name)
            lines += core.handle(.filesRead(.success(Fixture.files())), now: at + 0.5).actions.map(Self.name)
        }
        #expect(lines.filter { $0.hasPrefix("log filesUnreadable") }.count == 2, "\(lines)")
        #expect(lines.filter { $0 == Self.log(.filesRecovered) }.count == 2, "\(lines)")
    }

    /// A slot (or band start) that passes while the shell reports a write must not be skipped: the
    /// wake counts from the last evaluation (found by the e2e Later test at 60× time).
    @Test func aSlotThatPassesWhileTheShellReportsIsNotSkipped() {
        var core = AgentCore(calendar: Fixture.calendar("UTC"), config: AgentConfig())
        let slot = Fixture.instant("2026-11-29T18:00:00Z")
        let start = core.handle(.start(.success(Fixture.files())), now: slot - 0.01)
        #expect(start.nextWake == slot)
        let written = core.handle(.timelineWritten, now: slot + 0.05)
        #expect(written.nextWake <= slot, "woken for the 18:00 slot, not the next fixed point")
        #expect(core.handleSaving(.timer, now: slot + 0.06).actions.map(Self.name) == ["ledger", "reminder"])
        // A band start likewise: 21:00 passes during a report; the wake is for it.
        let before = core.handle(.timer, now: Fixture.instant("2026-11-29T21:00:00Z") - 0.01)
        #expect(before.nextWake == Fixture.instant("2026-11-29T21:00:00Z"))
        #expect(
            core.handle(.ledgerSaved, now: Fixture.instant("2026-11-29T21:00:00Z") + 0.5).nextWake
                <= Fixture.instant("2026-11-29T21:00:00Z"))
    }

    @Test func aFileMissingAgainAfterABurstIsNotBelievedUntilTheFolderStaysQuiet() {
        var core = AgentCore(calendar: Fixture.calendar("UTC"), config: Fixture.timelineOnly)
        _ = core.handle(.start(.success(Self.files(found: true, Self.three))), now: Self.t0)
        // Missing: wait the settle time.
        #expect(
            core.handle(.filesRead(.success(Self.files(found: false, [:]))), now: Self.t0 + 1).wait
                == .quiet(milliseconds: 250))
        // The writer is still at it: an event cuts the wait short; the read finds it missing again.
        _ = core.handle(.filesTouched(whole: false), now: Self.t0 + 1.1)
        #expect(core.handle(.settled, now: Self.t0 + 1.11).actions.map(Self.name) == ["read"])
        var step = core.handle(.filesRead(.success(Self.files(found: false, [:]))), now: Self.t0 + 1.11)
        #expect(step.actions.isEmpty, "not believed: the folder did not stay quiet for the settle time")
        #expect(step.wait == .quiet(milliseconds: 250))
        // Quiet for the whole settle time, still missing: now it is nothing read.
        #expect(core.handle(.settled, now: Self.t0 + 1.4).actions.map(Self.name) == ["read"])
        step = core.handle(.filesRead(.success(Self.files(found: false, [:]))), now: Self.t0 + 1.4)
        #expect(step.actions.map(Self.name) == ["write"])
    }

    /// An editor saving in place truncates, then writes: a read between the two sees an empty file,
    /// which must not switch reminders back on (found under load by AgentConfigWatchTests).
    @Test func anEmptyConfigIsBelievedOnlyWhenStillEmptyAfterTheFolderSettles() {
        var off = AgentConfig()
        off.remindersOn = false
        var core = AgentCore(calendar: Fixture.calendar("UTC"), config: off)
        _ = core.handle(.start(.success(Fixture.files())), now: Self.t0)
        var step = core.handle(.configEmptied, now: Self.t0 + 1)
        #expect(step.actions.isEmpty && step.wait == .quiet(milliseconds: 250))
        #expect(core.config.remindersOn == false)
        // The write lands: read whole, applied; the empty moment never counted.
        step = core.handle(.configRead(.success(ConfigReading(settings: off))), now: Self.t0 + 1.1)
        #expect(step.actions.map(Self.name).isEmpty)
        // Emptied for good: empty after settling means the defaults.
        _ = core.handle(.configEmptied, now: Self.t0 + 2)
        step = core.handle(.configEmptied, now: Self.t0 + 2.3)
        #expect(step.actions.map(Self.name).contains(Self.log(.configReloaded)))
        #expect(core.config.remindersOn)
    }

    /// Read now's resolution (`readerActions`), for links a shown reminder may carry and one it
    /// never should (was a `.readNow(url:)` event that no shell produced).
    @Test(arguments: [
        ("sggs://bani/japji", ["open xdg-open https://www.sikhitothemax.org/sundar-gutka/2"]),
        (
            "sggs://bani/rehras?variant=taksal",
            [
                "open xdg-open https://www.sikhitothemax.org/sundar-gutka",
                ShellEventTests.log(
                    .readerNote("no BaniDB id for 'rehras' (variant taksal): opening the reader's home")),
            ]
        ),
        ("http://x", [ShellEventTests.log(.readNowFailed(cause: "cannot open 'http://x': it is not a sggs:// link"))]),
    ])
    func readNowResolvesThroughTheReader(url: String, actions: [String]) {
        let core = AgentCore(calendar: Fixture.calendar("UTC"), config: Fixture.timelineOnly)
        #expect(core.readerActions(for: url).map(Self.name) == actions)
    }
}
