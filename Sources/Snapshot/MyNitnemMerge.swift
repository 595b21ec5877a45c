// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// Merging a conflict copy of `nitnem-mynitnem.json` into the main file: the newer version wins
/// whole, the per-bani reminders of both are kept, by bani id, and so are the practices of both,
/// each practice (a bani and its first day) in the version its own `changedAt` says is later.
///
/// "Newer" is the later `modifiedAt` (written by every change `nitnem sets` makes, by the writer's
/// clock; file times do not travel across machines); a file without one is the oldest; on a tie
/// the main file wins. The winner's bytes are kept; reminders only the other version has are added
/// after the winner's. A practice is never lost: one started on either machine is kept, and a
/// practice stopped on one machine while the other still ran it ends stopped (the stop is its later
/// change). Deterministic and idempotent: merging the copy again changes nothing.
package enum MyNitnemMerge {
    /// What a merge made.
    package struct Merged: Sendable {
        /// The merged document.
        package var value: JSONValue
        /// Whether the copy's version won (the result is spliced over the copy's bytes then).
        package var copyWon: Bool
        /// Whether the result differs from the main file.
        package var changed: Bool
        /// Reminders added from the version that lost.
        package var remindersAdded: Int
        /// Practices taken from the version that lost: ones the winner did not have, and later
        /// versions of ones it had.
        package var practicesTaken: Int
        /// The `modifiedAt` of the main file and of the copy (nil when it has none), as written.
        package var mainModified: String?
        package var copyModified: String?
    }

    /// Merges `copy` into `main` (both parsed `nitnem-mynitnem.json` documents).
    /// - Throws: `GroupFileError` naming the file that is not a My Nitnem document or is of a newer
    ///   schema (nothing is merged then).
    package static func merge(main: JSONValue, copy: JSONValue, mainPath: String, copyPath: String)
        throws(GroupFileError) -> Merged
    {
        try MyNitnem.checkMergeable([(main, mainPath), (copy, copyPath)])
        let mainAt = modified(main)
        let copyAt = modified(copy)
        let copyWon = (copyAt?.date ?? .distantPast) > (mainAt?.date ?? .distantPast)
        let (winner, loser) = copyWon ? (copy, main) : (main, copy)
        guard case .object(var top) = winner else {
            throw GroupFileError(path: copyWon ? copyPath : mainPath, jsonPath: "$", problem: "expected an object")
        }
        var reminders = ProgressMerge.objectMembers(winner["reminders"])
        var added = 0
        for (id, time) in ProgressMerge.objectMembers(loser["reminders"])
        where !reminders.contains(where: { $0.key == id }) {
            reminders.append((id, time))
            added += 1
        }
        if added > 0 { ProgressWriter.set(&top, "reminders", .object(reminders)) }
        var taken = 0
        if case .array(var practices) = winner["practices"] ?? .array([]), case .array(let other)? = loser["practices"]
        {
            let decode = { (item: JSONValue) in try? Practice.decode(item, path: mainPath, jsonPath: "$") }
            for item in other {
                guard let theirs = decode(item) else { continue }
                guard let i = practices.lastIndex(where: { decode($0)?.isVersion(of: theirs) == true }) else {
                    practices.append(item)
                    taken += 1
                    continue
                }
                let ours = decode(practices[i])
                if (theirs.changedAt ?? .distantPast) > (ours?.changedAt ?? .distantPast) {
                    practices[i] = item
                    taken += 1
                }
            }
            if taken > 0 { ProgressWriter.set(&top, "practices", .array(practices)) }
        }
        let value = JSONValue.object(top)
        return Merged(
            value: value, copyWon: copyWon, changed: value != main, remindersAdded: added, practicesTaken: taken,
            mainModified: mainAt?.text, copyModified: copyAt?.text)
    }

    /// `modifiedAt` as written and as an instant (nil when missing or not a time).
    static func modified(_ value: JSONValue) -> (text: String, date: Date)? {
        guard case .string(let text)? = value[MyNitnemWriter.modifiedAtKey], let date = RFC3339.parseAbsolute(text)
        else { return nil }
        return (text, date)
    }
}
