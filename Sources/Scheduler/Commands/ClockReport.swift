// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// Everything `nitnem clock` shows, computed once from an instant.
package struct ClockReport {
    package let now: Date
    package let calendar: NitnemCalendar
    package let dayKey: CivilDate
    package let day: DateInterval
    package let band: Band
    package let bandInterval: DateInterval
    package let fixedPoints: [FixedPoint]
    /// The reminder settings the times come from.
    package let config: AgentConfig
    /// The config file they were read from (or that would have been, for the defaults).
    package let configPath: String
    /// The next slots of `config` (none when reminders are off).
    package let reminders: [Reminder]
    /// The next time of each per-bani reminder (`nitnem sets remind`), in time order.
    package let baniReminders: [(bani: String, at: Date, dayKey: CivilDate)]

    package init(
        now: Date, calendar: NitnemCalendar, config: AgentConfig, configPath: String,
        baniReminders mine: [MyNitnem.Reminder] = []
    ) {
        self.now = now
        self.calendar = calendar
        self.config = config
        self.configPath = configPath
        (dayKey, day) = calendar.day(containing: now)
        (band, bandInterval) = calendar.band(containing: now)
        fixedPoints = calendar.nextFixedPoints(after: now, count: 4)
        reminders = config.remindersOn ? calendar.nextReminders(after: now, slots: config.slots, count: 3) : []
        let today = calendar.nitnemDay(containing: now)
        let tomorrow = calendar.nitnemDay(after: today)
        baniReminders = mine.map { reminder in
            let at = calendar.baniReminder(on: today, at: reminder.at)
            return at > now
                ? (reminder.id, at, today.key)
                : (reminder.id, calendar.baniReminder(on: tomorrow, at: reminder.at), tomorrow.key)
        }.sorted { ($0.at, $0.bani) < ($1.at, $1.bani) }
    }

    /// Whether the slots' times are the defaults (whether or not a file says so).
    package var defaultTimes: Bool { config.slots == .defaults }

    package func format(_ instant: Date) -> String { RFC3339.format(instant, in: calendar) }

    /// `06:00`, or `2026-11-30 06:00` outside today's Nitnem day.
    package func wall(_ instant: Date) -> String { WallStamp.format(instant, day: dayKey, in: calendar) }

    package var json: JSONValue {
        var times: [(key: String, value: JSONValue)] = [
            ("from", .string(defaultTimes ? "defaults" : configPath)),
            ("reminders", .string(config.remindersOn ? "on" : "off")),
        ]
        for band in ReminderPlan.bands {
            times.append((band.rawValue, .string(config.slots.times[band]?.description ?? "off")))
        }
        return .object([
            ("now", .string(format(now))),
            ("timeZone", .string(calendar.identifier)),
            ("dayKey", .string(dayKey.description)),
            ("band", .object([("id", .string(band.rawValue)), ("title", .string(band.title))])),
            ("bandStartedAt", .string(format(bandInterval.start))),
            ("bandEndsAt", .string(format(bandInterval.end))),
            ("dayStartedAt", .string(format(day.start))),
            ("dayEndsAt", .string(format(day.end))),
            ("nextFixedPoints", .array(fixedPoints.map { .string(format($0.at)) })),
            ("reminderTimes", .object(times)),
            (
                "nextBaniReminders",
                .array(
                    baniReminders.map {
                        .object([
                            ("bani", .string($0.bani)), ("at", .string(format($0.at))),
                            ("dayKey", .string($0.dayKey.description)),
                        ])
                    })
            ),
            (
                "nextReminders",
                .array(
                    reminders.map {
                        .object([
                            ("band", .string($0.band.rawValue)), ("at", .string(format($0.at))),
                            ("dayKey", .string($0.dayKey.description)),
                        ])
                    })
            ),
        ])
    }

    /// Where the reminder times come from, and what they are: `default times: Amrit Vela 06:00, …`,
    /// `times from FILE: Amrit Vela 05:30, Night 22:00; Evening off`.
    package var reminderTimes: String {
        let slots = config.slots
        let on = slots.enabled.map { "\($0.band.title) \($0.time)" }.joined(separator: ", ")
        let off = ReminderPlan.bands.filter { slots.times[$0] == nil }.map { "\($0.title) off" }
        if defaultTimes { return "default times: \(on)" }
        return "times from \(Printable.escaped(configPath)): "
            + ([on].filter { !$0.isEmpty } + off).joined(separator: "; ")
    }

    package var text: String {
        let offset = WallStamp.offset(at: now, in: calendar)
        var lines = [
            "Nitnem day \(dayKey) · \(band.title)",
            "",
            "  now          \(wall(now))  \(calendar.identifier), UTC\(offset)",
            "  band         \(band.title), \(wall(bandInterval.start)) → \(wall(bandInterval.end))",
            "  Nitnem day   \(wall(day.start)) → \(wall(day.end))",
            "",
            "Next fixed points (widget refresh)",
        ]
        lines += Self.column(fixedPoints.map { (wall($0.at), "\($0.band.title) begins") })
        lines.append("")
        if !config.remindersOn {
            lines.append("Next reminders: none (reminders = off in \(Printable.escaped(configPath)))")
        } else if reminders.isEmpty {
            lines.append("Next reminders: none (every slot is off in \(Printable.escaped(configPath)))")
        } else {
            lines.append("Next reminders (\(reminderTimes))")
            lines += Self.column(reminders.map { (wall($0.at), "\($0.band.title) (day \($0.dayKey))") })
        }
        if !baniReminders.isEmpty {
            lines += ["", "Per-bani reminders (nitnem sets remind)"]
            lines += Self.column(
                baniReminders.map { (wall($0.at), "\(Printable.escaped($0.bani)) (day \($0.dayKey))") })
        }
        return lines.joined(separator: "\n")
    }

    /// `  <time>  <what>` lines, the times padded to the widest so the second column lines up.
    package static func column(_ rows: [(time: String, what: String)]) -> [String] {
        let width = rows.map(\.time.count).max() ?? 0
        return rows.map { "  " + $0.time + String(repeating: " ", count: width - $0.time.count) + "  " + $0.what }
    }
}
