// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// What `nitnem sets` prints, worded here: your three daily sets as they count (each bani read on
/// `today` or not, and its reminder), the sets after an edit, every bani you can put in a set.
package struct SetsListing {
    /// The banis and the sets that count (your file's applied).
    package let snapshot: NitnemSnapshot
    /// Your file, when there is one.
    package let mine: MyNitnem?

    /// The listing of `snapshot`'s sets, `mine` saying which are yours.
    package init(snapshot: NitnemSnapshot, mine: MyNitnem?) {
        self.snapshot = snapshot
        self.mine = mine
    }

    /// Whether your file lists `set`.
    func isYours(_ set: DailySet) -> Bool { mine?.sets[set] != nil }

    /// `sets list --format json`: `{"dayKey","sets":{"morning":{"yours","banis":[{id,title,read,remind}]}}}`.
    package func json(today: CivilDate, progress: [String: BaniProgress], titles form: TitleForm) -> JSONValue {
        let sets = DailySet.allCases.map { set -> (key: String, value: JSONValue) in
            let banis = snapshot.ids(in: set).map { id -> JSONValue in
                .object([
                    ("id", .string(id)),
                    ("title", .optional(snapshot.bani(id: id).map { form.title($0) })),
                    ("read", .bool(progress.isRead(id, on: today))),
                    ("remind", .optional(mine?.reminder(for: id)?.description)),
                ])
            }
            return (set.rawValue, .object([("yours", .bool(isYours(set))), ("banis", .array(banis))]))
        }
        return .object([("dayKey", .string(today.description)), ("sets", .object(sets))])
    }

    /// `sets list` for a person: per set a heading, then `  ✓ japji  Japji Sahib · remind 06:00`.
    package func text(
        today: CivilDate, progress: [String: BaniProgress], titles form: TitleForm, localizer l: Localizer
    ) -> String {
        var lines: [String] = []
        for set in DailySet.allCases {
            let ids = snapshot.ids(in: set)
            lines.append(l(isYours(set) ? .setsYours : .setsSnapshots, ["set": l.set(set)]))
            if ids.isEmpty { lines.append("  " + l(.setsNothingToRead)) }
            let width = ids.map(\.count).max() ?? 0
            for id in ids {
                let read = progress.isRead(id, on: today)
                var line = "  \(read ? "✓" : "○") \(Printable.escaped(id).padded(to: width))"
                if let bani = snapshot.bani(id: id) { line += "  " + form.title(bani, Printable.escaped) }
                if let at = mine?.reminder(for: id) { line = l(.setsRemind, ["line": line, "time": at.description]) }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The sets `sets` after an edit: `Your morning set: Japji Sahib, Sukhmani Sahib`.
    package func shown(_ sets: [DailySet]) -> [String] {
        sets.map { set in
            let titles = snapshot.ids(in: set).map { Printable.escaped(snapshot.bani(id: $0)?.titleEn ?? $0) }
            return "\(isYours(set) ? "Your" : "The snapshot's") \(set.rawValue) set: "
                + (titles.isEmpty ? "nothing to read" : titles.joined(separator: ", "))
        }
    }

    /// `sets available`: `japji  Japji Sahib · ਜਪੁਜੀ ਸਾਹਿਬ · sggs · in morning`, one a bani.
    package var available: [String] {
        let width = snapshot.banis.map(\.id.count).max() ?? 0
        return snapshot.banis.map { bani in
            let inSets = DailySet.allCases.filter { snapshot.ids(in: $0).contains(bani.id) }.map(\.rawValue)
            var line = "\(Printable.escaped(bani.id).padded(to: width))  \(Printable.escaped(bani.titleEn))"
            if let gurmukhi = bani.titleGurmukhi { line += " · " + Printable.escaped(gurmukhi) }
            line += " · " + Printable.escaped(bani.source)
            if bani.nLines == 0 { line += " · no line count" }
            if !inSets.isEmpty { line += " · in " + inSets.joined(separator: ", ") }
            return line
        }
    }

    /// `sets remind`: `Japji Sahib: remind at 06:00`, or `Japji Sahib: no reminder`.
    package static func reminded(_ bani: NitnemSnapshot.Bani, at time: WallTime?) -> String {
        Printable.escaped(bani.titleEn) + (time.map { ": remind at \($0)" } ?? ": no reminder")
    }

    /// `--after`'s bani is not in the set: nothing was written.
    package func notInSet(_ problem: SetEdit.Problem) -> String {
        guard case .notInSet(let id, let set) = problem else { return "" }
        let title = snapshot.bani(id: id)?.titleEn ?? id
        return "--after: \(Printable.escaped(title)) is not in your \(set.rawValue) set; nothing written"
    }
}

extension String {
    /// This text padded with spaces to `width` characters (never cut), for aligned columns.
    package func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
