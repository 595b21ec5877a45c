import CommandLineKit
import NitnemClockKit
import Snapshot

/// `nitnem clock`: what Nitnem day and band it is now, and what comes next.
enum ClockCommand {
    static let spec = CommandSpec(
        path: ["clock"],
        abstract: "Show the Nitnem day and band now, and the fixed points and reminders that come next.",
        options: [.format()],
        discussion: """
            ENVIRONMENT:
              SGGS_CLOCK_NOW   Pin "now": 2026-11-29T22:00:00+05:30, 2026-11-29T16:30:00Z,
                               or a local wall time 2026-11-29T22:00[:ss] read in TZ.
              TZ               The time zone (else /etc/localtime).
            """
    )

    static func run(_ args: ParsedArguments) throws(CLIError) {
        let context = try Context.load()
        let report = ClockReport(now: context.clock.now(), calendar: context.calendar, slots: .defaults)
        if args.value("format") == "json" {
            Output.line(report.json.compact)
        } else {
            Output.line(report.text)
        }
    }
}

/// Everything `nitnem clock` shows, computed once from an instant.
struct ClockReport {
    let now: Date
    let calendar: NitnemCalendar
    let dayKey: CivilDate
    let day: DateInterval
    let band: Band
    let bandInterval: DateInterval
    let fixedPoints: [FixedPoint]
    let reminders: [Reminder]

    init(now: Date, calendar: NitnemCalendar, slots: ReminderSlots) {
        self.now = now
        self.calendar = calendar
        (dayKey, day) = calendar.day(containing: now)
        (band, bandInterval) = calendar.band(containing: now)
        fixedPoints = calendar.nextFixedPoints(after: now, count: 4)
        reminders = calendar.nextReminders(after: now, slots: slots, count: 3)
    }

    func format(_ instant: Date) -> String { RFC3339.format(instant, in: calendar) }

    var json: JSONValue {
        .object([
            ("now", .string(format(now))),
            ("timeZone", .string(calendar.identifier)),
            ("dayKey", .string(dayKey.description)),
            ("band", .object([("id", .string(band.rawValue)), ("title", .string(band.title))])),
            ("bandStartedAt", .string(format(bandInterval.start))),
            ("bandEndsAt", .string(format(bandInterval.end))),
            ("dayStartedAt", .string(format(day.start))),
            ("dayEndsAt", .string(format(day.end))),
            ("nextFixedPoints", .array(fixedPoints.map { .string(format($0.at)) })),
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

    var text: String {
        var lines = [
            "Nitnem day \(dayKey) · \(band.title)",
            "",
            "  now          \(format(now))  \(calendar.identifier)",
            "  band         \(band.title), \(format(bandInterval.start)) → \(format(bandInterval.end))",
            "  Nitnem day   \(format(day.start)) → \(format(day.end))",
            "",
            "Next fixed points (widget refresh)",
        ]
        for point in fixedPoints {
            lines.append("  \(format(point.at))  \(point.band.title) begins")
        }
        lines += ["", "Next reminders"]
        for reminder in reminders {
            lines.append("  \(format(reminder.at))  \(reminder.band.title) (day \(reminder.dayKey))")
        }
        return lines.joined(separator: "\n")
    }
}
