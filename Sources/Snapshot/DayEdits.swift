// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// The small records that let a removal travel between machines: per bani entry of
/// `nitnem-progress.json`, an extra member `dayEdits` (the app ignores members it does not know; the
/// file stays schema v1) mapping a day key to its last edit, `{"removed": "<RFC 3339>"}` or
/// `{"marked": "<RFC 3339>"}`:
///
/// ```json
/// "japji": {"lastSeq": 385, "lastReadAt": "…", "completedDays": ["2026-11-28"],
///           "dayEdits": {"2026-11-29": {"removed": "2026-11-29T08:00:00Z"}}}
/// ```
///
/// - Important: Writers record a removal (`mark --undo`, `journey clear`) as a tombstone, and a mark
///   of a day that already has a record as `marked` (a re-mark after an undo). A plain mark writes no
///   record (the file stays as small as it was). Records older than `keptDays` days are dropped by
///   the next writer that touches the entry's records; a merge never drops one.
package struct DayEdits: Hashable, Sendable {
    /// The member name in a bani entry.
    package static let member = "dayEdits"
    /// How long a writer keeps a record (by its time): a copy that comes back later than this may
    /// bring a removed day back.
    package static let keptDays = 90

    /// One edit of a day.
    package struct Edit: Hashable, Sendable {
        /// Whether the day was removed (a tombstone) or marked again.
        package var removed: Bool
        /// When, whole seconds (what the record says).
        package var at: Date

        /// An edit.
        package init(removed: Bool, at: Date) {
            self.removed = removed
            self.at = Date(timeIntervalSince1970: at.timeIntervalSince1970.rounded(.down))
        }

        /// The later of two edits; on the same second a removal wins (so the order of the two
        /// never matters).
        package static func latest(_ a: Edit?, _ b: Edit?) -> Edit? {
            guard let a else { return b }
            guard let b else { return a }
            if a.at != b.at { return a.at > b.at ? a : b }
            return a.removed ? a : b
        }

        /// `{"removed": "…"}` or `{"marked": "…"}`.
        var json: JSONValue {
            .object([(removed ? "removed" : "marked", .string(RFC3339.utcTimestamp(at)))])
        }
    }

    /// The last edit of each day key.
    package var edits: [String: Edit]

    /// Records.
    package init(_ edits: [String: Edit] = [:]) { self.edits = edits }

    /// The records of a bani entry's members (a record that is not one is ignored).
    package init(members: [(key: String, value: JSONValue)]) {
        edits = [:]
        guard case .object(let records)? = members.last(where: { $0.key == Self.member })?.value else { return }
        for (day, record) in records {
            guard case .object(let fields) = record, fields.count == 1, let (kind, value) = fields.first,
                kind == "removed" || kind == "marked", let at = NitnemProgress.date(value)
            else { continue }
            edits[day] = Edit.latest(edits[day], Edit(removed: kind == "removed", at: at))
        }
    }

    /// Both sets of records, the later edit of each day.
    package func union(_ other: DayEdits) -> DayEdits {
        var all = edits
        for (day, edit) in other.edits { all[day] = Edit.latest(all[day], edit) }
        return DayEdits(all)
    }

    /// The records without those older than `keptDays` before `now`.
    package func pruned(now: Date) -> DayEdits {
        let limit = now.addingTimeInterval(-Double(Self.keptDays) * 86_400)
        return DayEdits(edits.filter { $0.value.at >= limit })
    }

    /// The member's value: the records sorted by day key.
    package var json: JSONValue {
        .object(edits.keys.sorted().map { ($0, edits[$0]!.json) })
    }

    /// `members` with these records as the member (removed when there are none).
    package func write(into members: inout [(key: String, value: JSONValue)]) {
        if edits.isEmpty {
            members.removeAll { $0.key == Self.member }
        } else {
            ProgressWriter.set(&members, Self.member, json)
        }
    }

    /// The instants a reading on Nitnem day `day` can have in any time zone (UTC−12 to UTC+14):
    /// from `day` 03:00 at +14:00 to the next day's 03:00 at −12:00.
    package static func window(of day: CivilDate) -> Range<Date> {
        let midnight = Double(day.daysSinceEpoch) * 86_400
        return Date(timeIntervalSince1970: midnight - 11 * 3600)..<Date(timeIntervalSince1970: midnight + 39 * 3600)
    }
}
