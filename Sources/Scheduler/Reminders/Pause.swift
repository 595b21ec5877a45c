// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// A pause of reminders (`nitnem reminders pause`), as kept in `<state>/pause.json`: reminders are
/// held back until `until`; a slot that passes meanwhile is recorded skipped (`paused`).
package struct Pause: Hashable, Sendable {
    /// When reminders come back.
    package var until: Date
    /// When the pause was asked for, if recorded.
    package var since: Date?

    /// A pause until `until` (asked at `since`).
    package init(until: Date, since: Date? = nil) {
        self.until = until
        self.since = since
    }

    /// `until` while it is still ahead of `now`; nil once it has passed (an expired pause is no
    /// pause, whether or not its file is still there).
    package func active(at now: Date) -> Date? { now < until ? until : nil }

    /// The file's JSON: `{"schema":1,"until":"<RFC 3339>","since":"<RFC 3339>"}`, with the offset of
    /// `calendar` (a person may read it).
    package func json(calendar: NitnemCalendar) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("schema", .int(1)), ("until", .string(RFC3339.format(until, in: calendar))),
        ]
        if let since { members.append(("since", .string(RFC3339.format(since, in: calendar)))) }
        return .object(members)
    }

    /// Reads a pause file's JSON.
    /// - Throws: a one-line description of what is wrong, naming the JSON path.
    package static func decode(_ value: JSONValue, path: String) throws(GroupFileError) -> Pause {
        guard case .object = value else { throw GroupFileError(path: path, problem: "expected an object") }
        guard case .string(let text)? = value["until"] else {
            throw GroupFileError(path: path, jsonPath: "$.until", problem: "expected an RFC 3339 instant")
        }
        guard let until = RFC3339.parseAbsolute(text) else {
            throw GroupFileError(
                path: path, jsonPath: "$.until",
                problem: "'\(Printable.bounded(text))' is not an RFC 3339 instant with an offset")
        }
        // Never written by `reminders pause`, which refuses it: a day past it is past what the
        // reminders can compute.
        guard NitnemClock.range.contains(until) else {
            throw GroupFileError(
                path: path, jsonPath: "$.until", problem: "'\(Printable.escaped(text))' \(NitnemClock.outsideRange)")
        }
        var pause = Pause(until: until)
        if case .string(let since)? = value["since"] { pause.since = RFC3339.parseAbsolute(since) }
        return pause
    }

    /// When a pause asked at `now` ends, from `--until`: nothing or `tomorrow` is the start of the
    /// next Nitnem day (the next 03:00 roll); `YYYY-MM-DD` the start of that Nitnem day; `HH:MM` the
    /// next instant the wall clock reads it (after a DST gap, the first instant past it). Never
    /// midnight plus hours: the calendar resolves each wall time.
    /// - Throws: `PauseUntilError` for text that is none of these, a day that has already begun, or
    ///   an instant outside `NitnemClock.range`.
    package static func until(_ text: String?, now: Date, calendar: NitnemCalendar) throws(PauseUntilError) -> Date {
        let until = try instant(text, now: now, calendar: calendar)
        // The clock stops at the end of its range: a pause past it would never end, and the day it
        // ends on is past what a listing can compute.
        guard NitnemClock.range.contains(until) else { throw .outsideRange(text ?? "tomorrow") }
        return until
    }

    /// The instant `--until` names (`until`'s forms), unchecked against `NitnemClock.range`.
    static func instant(_ text: String?, now: Date, calendar: NitnemCalendar) throws(PauseUntilError) -> Date {
        guard let text, text != "tomorrow" else { return calendar.day(containing: now).interval.end }
        if text.count == 10, let date = CivilDate(text) {
            // Checked first: the calendar answers nothing sound past the range.
            guard NitnemClock.dates.contains(date) else { throw .outsideRange(text) }
            guard let start = calendar.dayStart(date) else {
                throw PauseUntilError(text: text, problem: "\(date) has no 03:00 in \(calendar.identifier)")
            }
            guard start > now else {
                throw PauseUntilError(
                    text: text,
                    problem: "Nitnem day \(date) began at \(RFC3339.format(start, in: calendar)); pick a later day")
            }
            return start
        }
        if text.count == 5, let time = WallTime(text) {
            let today = calendar.wallClock(at: now).date
            let at = calendar.resolve(today, time)
            return at > now ? at : calendar.resolve(today.adding(days: 1), time)
        }
        throw PauseUntilError(text: text, problem: "expected YYYY-MM-DD, HH:MM (24-hour) or tomorrow")
    }
}

/// A `--until` that names no instant to pause until.
package struct PauseUntilError: Error, Equatable, CustomStringConvertible {
    /// The text as given.
    package let text: String
    /// What is wrong with it.
    package let problem: String

    /// The pause would end outside `NitnemClock.range`.
    static func outsideRange(_ text: String) -> PauseUntilError {
        PauseUntilError(
            text: text, problem: "the pause would end outside the range nitnem computes, \(NitnemClock.rangeText)")
    }

    /// `--until '<text>': <problem>`, control characters escaped.
    package var description: String { Printable.escaped("--until '\(Printable.bounded(text))': \(problem)") }
}
