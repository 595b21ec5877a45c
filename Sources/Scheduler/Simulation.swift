import Foundation
import NitnemClockKit
import Snapshot

/// Drives `AgentCore` on a virtual clock from `from` to `to`, with no real waiting: what `nitnem
/// simulate` prints. Deterministic: the same input gives the same lines.
public struct Simulation: Sendable {
    /// A completion injected at an instant (`--mark AT=BANI`).
    public struct Mark: Sendable {
        public let at: Date
        public let baniID: String
        public init(at: Date, baniID: String) {
            self.at = at
            self.baniID = baniID
        }
    }

    public let from: Date
    public let to: Date
    public let calendar: NitnemCalendar
    public let files: GroupFiles
    public let marks: [Mark]
    /// Suspends (`--asleep FROM/TO`): nothing fires inside; on resume the core sees `clockChanged`.
    public let asleep: [DateInterval]

    /// The reminder settings (defaults: slots 06:00, 18:00, 21:30).
    public let config: AgentConfig

    public init(
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

    /// One printed line per timeline write (and, later, per reminder), in time order.
    public func run(_ emit: (JSONValue) -> Void) {
        var core = AgentCore(calendar: calendar, config: config)
        var files = self.files
        var pendingMarks = marks[...]
        var step = core.handle(.start(.success(files)), now: from)
        step.nextWake = report(step, at: from, core: &core, emit)
        var now = from
        while true {
            let nextMark = pendingMarks.first?.at
            var at = min(step.nextWake, nextMark ?? .distantFuture)
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
                let read = marked ? core.handle(.filesChanged(.success(files)), now: at).actions : []
                step = core.handle(.clockChanged, now: at)
                step.actions = read + step.actions
            } else if let m = pendingMarks.first, m.at == at, m.at <= step.nextWake {
                files = Self.apply(m, to: files, calendar: calendar)
                pendingMarks = pendingMarks.dropFirst()
                step = core.handle(.filesChanged(.success(files)), now: at)
            } else {
                step = core.handle(.timer, now: at)
            }
            now = at
            step.nextWake = report(step, at: at, core: &core, emit)
        }
    }

    /// Prints the step's timeline writes and reminders; a reminder is shown at once (the simulated
    /// desktop always has a notification server). Returns the next wake.
    func report(_ step: AgentCore.Step, at: Date, core: inout AgentCore, _ emit: (JSONValue) -> Void) -> Date {
        var wake = step.nextWake
        let time = JSONValue.string(RFC3339.format(at, in: core.calendar))
        for action in step.actions {
            // The simulated disk never fills: every save lands, which lets a pending reminder show.
            if case .saveLedger = action {
                wake = min(wake, report(core.handle(.ledgerSaved, now: at), at: at, core: &core, emit))
            }
            if case .reminder(.fire(let notice)) = action {
                emit(
                    .object([
                        ("at", time), ("event", .string("reminder")), ("band", .string(notice.band.rawValue)),
                        ("dayKey", .string(notice.dayKey.description)), ("bani", .string(notice.bani.id)),
                        ("late", .bool(notice.late)),
                    ]))
                wake = min(wake, report(core.reminderShown(notice, error: nil, now: at), at: at, core: &core, emit))
            }
            if case .reminder(.skip(let dayKey, let band, let reason)) = action {
                emit(
                    .object([
                        ("at", time), ("event", .string("reminder-skipped")), ("band", .string(band.rawValue)),
                        ("dayKey", .string(dayKey.description)), ("reason", .string(reason.rawValue)),
                    ]))
            }
            guard case .writeTimeline(let timeline) = action, let state = timeline.entries.first?.state else {
                continue
            }
            emit(
                .object([
                    ("at", .string(RFC3339.format(at, in: core.calendar))),
                    ("event", .string("timeline")),
                    ("dayKey", .string(state.dayKey.description)),
                    ("band", .string(state.band.rawValue)),
                    ("next", .optional(state.next?.bani.id)),
                    ("done", .int(state.done)),
                    ("total", .int(state.total)),
                ]))
        }
        return wake
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
