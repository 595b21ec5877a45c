// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The ledger file (`$XDG_STATE_HOME/nitnem/reminders.json`):
/// `{"schema":1,"entries":[{"dayKey","band","at","outcome","bani","late","reason",…}]}`.
///
/// - Important: The format is the one the flags-based ledger wrote (`outcome` pending · fired ·
///   skipped · snoozed, then `snoozedUntil`, `deferrals`, `withdrawn`, `reminderOf`, `restored`,
///   `notificationId` only when used), so a file written by an older version reads and is written
///   back byte for byte.
extension ReminderLedger {
    /// The file's JSON.
    package var json: JSONValue {
        .object([("schema", .int(1)), ("entries", .array(entries.map(\.json)))])
    }

    /// Reads a ledger file's JSON. A field that does not belong to an entry's state (a `reason` on a
    /// shown one, `withdrawn` on a skipped one) is ignored; a skipped entry without a reason reads
    /// as `no reason recorded`.
    /// - Throws: a one-line description of what is wrong, naming the JSON path.
    package static func decode(_ value: JSONValue, path: String) throws(GroupFileError) -> ReminderLedger {
        guard case .array(let items)? = value["entries"] else {
            throw GroupFileError(path: path, jsonPath: "$.entries", problem: "expected an array")
        }
        var ledger = ReminderLedger()
        for (i, item) in items.enumerated() {
            ledger.entries.append(try Entry(decoding: item, path: path, jsonPath: "$.entries[\(i)]"))
        }
        return ledger
    }
}

extension ReminderLedger.Entry {
    /// The entry's JSON object, members in the file's order.
    var json: JSONValue {
        let shown = state.shown
        var reason: String?
        if case .skipped(let why) = state { reason = why.rawValue }
        var members: [(key: String, value: JSONValue)] = [
            ("dayKey", .string(dayKey.description)), ("band", .string(band.rawValue)),
            ("at", .string(RFC3339.utcTimestamp(at))), ("outcome", .string(state.outcome)),
            ("bani", .optional(shown?.bani)), ("late", .bool(shown?.late ?? false)), ("reason", .optional(reason)),
        ]
        // Written only when used, so a ledger without "Later" reads as before.
        if case .snoozed(let until, _) = state {
            members.append(("snoozedUntil", .string(RFC3339.utcTimestamp(until))))
        }
        if deferrals > 0 { members.append(("deferrals", .int(deferrals))) }
        if case .shown(_, .withdrawn) = state { members.append(("withdrawn", .bool(true))) }
        if let bani = subject.baniID { members.append(("reminderOf", .string(bani))) }
        if shown?.again == true { members.append(("restored", .bool(true))) }
        if let id = state.serverID { members.append(("notificationId", .int(id))) }
        return .object(members)
    }

    /// The entry a ledger file's `item` (at `jsonPath`) holds.
    init(decoding item: JSONValue, path: String, jsonPath: String) throws(GroupFileError) {
        guard case .string(let d)? = item["dayKey"], let day = CivilDate(d),
            case .string(let b)? = item["band"], let band = Band(rawValue: b),
            case .string(let a)? = item["at"], let at = RFC3339.parseAbsolute(a),
            case .string(let outcome)? = item["outcome"],
            ["pending", "fired", "skipped", "snoozed"].contains(outcome)
        else {
            throw GroupFileError(path: path, jsonPath: jsonPath, problem: "expected dayKey, band, at and outcome")
        }
        func string(_ key: String) -> String? { if case .string(let s)? = item[key] { s } else { nil } }
        func flag(_ key: String) -> Bool { if case .bool(true)? = item[key] { true } else { false } }
        func number(_ key: String) -> Int? { if case .number(let text)? = item[key] { Int(text) } else { nil } }
        let shown = ReminderLedger.Shown(bani: string("bani"), late: flag("late"), again: flag("restored"))
        let serverID = number("notificationId").flatMap { $0 > 0 ? $0 : nil }
        let state: ReminderLedger.State
        switch outcome {
        case "pending":
            state = .pending(shown, replacing: serverID)
        case "fired":
            state = .shown(shown, flag("withdrawn") ? .withdrawn : serverID.map { .onScreen(serverID: $0) } ?? .off)
        case "skipped":
            // A reason this version does not know is kept as read (`SkipReason.other`).
            state = .skipped(SkipReason(rawValue: string("reason") ?? "no reason recorded"))
        default:
            guard let until = string("snoozedUntil").flatMap(RFC3339.parseAbsolute) else {
                throw GroupFileError(
                    path: path, jsonPath: jsonPath + ".snoozedUntil", problem: "a snoozed entry needs snoozedUntil")
            }
            state = .snoozed(until: until, shown)
        }
        self.init(
            dayKey: day, band: band, subject: string("reminderOf").map(ReminderSubject.bani), at: at, state: state,
            deferrals: max(number("deferrals") ?? 0, 0))
    }
}
