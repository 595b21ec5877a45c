// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// Drives `AgentCore` on a virtual clock from `from` to `to`, with no real waiting: what `nitnem
/// simulate` prints. Deterministic: the same input gives the same lines.
package struct Simulation: Sendable {
    /// A completion injected at an instant (`--mark AT=BANI`).
    package struct Mark: Sendable {
        package let at: Date
        package let baniID: String
        package init(at: Date, baniID: String) {
            self.at = at
            self.baniID = baniID
        }
    }

    package let from: Date
    package let to: Date
    package let calendar: NitnemCalendar
    package let files: GroupFiles
    package let marks: [Mark]
    /// Suspends (`--asleep FROM/TO`): nothing fires inside; on resume the core sees `clockChanged`.
    package let asleep: [DateInterval]

    /// The reminder settings (defaults: slots 06:00, 18:00, 21:30).
    package let config: AgentConfig

    package init(
        from: Date, to: Date, calendar: NitnemCalendar, files: GroupFiles, marks: [Mark] = [],
        asleep: [DateInterval] = [], config: AgentConfig = AgentConfig()
    ) {
        self.config = config
        self.from = from
        self.to = to
        self.calendar = calendar
        self.files = files
        self.marks = marks.sorted { $0.at < $1.at }
        self.asleep = asleep.sorted { $0.start < $1.start }
    }

    /// One printed line per timeline write and per reminder, in time order, as JSON.
    package func run(_ emit: (JSONValue) -> Void) {
        run(lines: { emit($0.json) })
    }

    /// One printed line per timeline write and per reminder, in time order (`Line.write(to:)` prints
    /// it without building a `JSONValue`).
    package func run(lines emit: (Line) -> Void) {
        var core = AgentCore(calendar: calendar, config: config)
        var files = self.files
        var pendingMarks = marks[...]
        var dayKeys = DayKeyText()
        var wake = drive(&core, [.start(.success(files))], at: from, &dayKeys, emit)
        var now = from
        while true {
            // No `.distantFuture` stand-in for "no mark": it is in year 4001, before wakes a later
            // simulation reaches, which then never passes it.
            var at = pendingMarks.first.map { min(wake, $0.at) } ?? wake
            guard at <= to else { break }
            // Asleep: nothing happens inside the window; on resume, marks made meanwhile are read and
            // the core hears that the clock jumped.
            if let window = asleep.first(where: { $0.start <= at && at < $0.end && $0.end > now }) {
                at = window.end
                guard at <= to else { break }
                var marked = false
                while let m = pendingMarks.first, m.at < at {
                    files = Self.apply(m, to: files, calendar: calendar)
                    pendingMarks = pendingMarks.dropFirst()
                    marked = true
                }
                // Keep what reading the marks did (it may be the one timeline write at resume).
                let read: [AgentCore.Event] = marked ? [.filesRead(.success(files))] : []
                wake = drive(&core, read + [.clockChanged], at: at, &dayKeys, emit)
            } else if let m = pendingMarks.first, m.at == at, m.at <= wake {
                files = Self.apply(m, to: files, calendar: calendar)
                pendingMarks = pendingMarks.dropFirst()
                wake = drive(&core, [.filesRead(.success(files))], at: at, &dayKeys, emit)
            } else {
                wake = drive(&core, [.timer], at: at, &dayKeys, emit)
            }
            now = at
        }
    }

    /// Hands `events` to the core at `at` through the `CoreDriver`, printing its timeline writes
    /// and reminders; every save lands and every reminder is shown at once (the simulated disk
    /// never fills and the simulated desktop always has a notification server). Returns the next
    /// wake.
    func drive(
        _ core: inout AgentCore, _ events: [AgentCore.Event], at: Date, _ dayKeys: inout DayKeyText,
        _ emit: (Line) -> Void
    ) -> Date {
        // Its offset looked up once per wake, and only when a line is printed: most wakes print
        // nothing. The line writes it straight into the output (`Line.At`).
        var stamp: Line.At?
        func time(_ calendar: NitnemCalendar) -> Line.At {
            if let stamp { return stamp }
            let made = Line.At.stamp(RFC3339.Stamp(at, in: calendar))
            stamp = made
            return made
        }
        let last = CoreDriver.run(
            &core, events, now: { at },
            perform: { action, core in
                // One level at a time, each payload read where it lies: a nested pattern copied the
                // whole decision, and `entries.first` the whole entry.
                switch action {
                case .saveLedger:
                    return [.ledgerSaved]
                case .reminder(let decision):
                    switch decision {
                    case .fire(let notice):
                        emit(
                            .reminder(
                                at: time(core.calendar), band: notice.band.rawValue,
                                dayKey: dayKeys.text(notice.dayKey), bani: notice.bani.id, late: notice.late,
                                ofBani: notice.subject.baniID != nil))
                        return [.reminderShown(notice, error: nil)]
                    case .skipBani(let dayKey, let band, let bani, let reason):
                        emit(
                            .baniReminderSkipped(
                                at: time(core.calendar), band: band.rawValue, dayKey: dayKeys.text(dayKey),
                                bani: bani, reason: reason.rawValue))
                    case .skip(let dayKey, let band, let reason):
                        emit(
                            .reminderSkipped(
                                at: time(core.calendar), band: band.rawValue, dayKey: dayKeys.text(dayKey),
                                reason: reason.rawValue))
                    }
                case .writeTimeline(let timeline):
                    guard !timeline.entries.isEmpty else { return [] }
                    emit(
                        .timeline(
                            at: time(core.calendar), dayKey: dayKeys.text(timeline.entries[0].state.dayKey),
                            band: timeline.entries[0].state.band.rawValue,
                            next: timeline.entries[0].state.next?.bani.id, done: timeline.entries[0].state.done,
                            total: timeline.entries[0].state.total))
                default:
                    break
                }
                return []
            })
        return last.nextWake
    }

    /// The last day key written (`CivilDate.description`), kept: a day's lines share it, and each
    /// was formatted anew.
    struct DayKeyText {
        private var last: (day: CivilDate, text: String)?

        /// `day.description`.
        mutating func text(_ day: CivilDate) -> String {
            if let last, last.day == day { return last.text }
            let text = day.description
            last = (day, text)
            return text
        }
    }

    /// `files` with `mark` recorded as `nitnem mark` would (in memory, by the same `MarkRule`): the
    /// day key added, read to the end.
    static func apply(_ mark: Mark, to files: GroupFiles, calendar: NitnemCalendar) -> GroupFiles {
        var files = files
        let progress = files.progress.banis[mark.baniID] ?? BaniProgress()
        let rule = MarkRule(
            day: calendar.dayKey(at: mark.at), at: mark.at, nLines: files.snapshot.bani(id: mark.baniID)?.nLines ?? 0)
        files.progress.banis[mark.baniID] = rule.apply(to: progress) ?? progress
        return files
    }
}
