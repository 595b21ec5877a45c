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

    /// `sets list --format json`:
    /// `{"dayKey","sets":{"morning":{"yours","title","heading","add","choose","reset","banis":[{id,title,
    /// read,remind,labels:{remind,up,down,remove}}]},…},"words":{add,reset,remove,up,down,off}}` — a
    /// settings page's words for each set and bani from `words` (`SettingsWords`), in the user's
    /// language; a bani's `title` in the title form `form` (its id when the snapshot has no such bani).
    package func json(
        today: CivilDate, progress: [String: BaniProgress], titles form: TitleForm, words: SettingsWords
    ) -> JSONValue {
        let sets = DailySet.allCases.map { set -> (key: String, value: JSONValue) in
            let banis = snapshot.ids(in: set).map { id -> JSONValue in
                let title = snapshot.bani(id: id).map { form.title($0, Printable.folded) }
                return .object([
                    ("id", .string(id)),
                    ("title", .optional(title)),
                    ("read", .bool(progress.isRead(id, on: today))),
                    ("remind", .optional(mine?.reminder(for: id)?.description)),
                    ("labels", words.bani(title: title ?? Printable.folded(id), in: set)),
                ])
            }
            var members: [(key: String, value: JSONValue)] = [("yours", .bool(isYours(set)))]
            members += words.set(set, yours: isYours(set))
            members.append(("banis", .array(banis)))
            return (set.rawValue, .object(members))
        }
        return .object([
            ("dayKey", .string(today.description)), ("sets", .object(sets)), ("words", words.setsJSON),
        ])
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

    /// The sets `sets` after an edit, in the user's language: `Your morning set: Japji Sahib, Sukhmani
    /// Sahib` (English titles: names).
    package func shown(_ sets: [DailySet], localizer l: Localizer = .english) -> [String] {
        sets.map { set in
            let titles = snapshot.ids(in: set).map { Printable.escaped(snapshot.bani(id: $0)?.titleEn ?? $0) }
            let message: Message
            switch (isYours(set), set) {
            case (true, .morning): message = .setsYourMorning
            case (true, .evening): message = .setsYourEvening
            case (true, .night): message = .setsYourNight
            case (false, .morning): message = .setsSnapshotsMorning
            case (false, .evening): message = .setsSnapshotsEvening
            case (false, .night): message = .setsSnapshotsNight
            }
            return l(message, ["titles": titles.isEmpty ? l(.setsNothingToRead) : titles.joined(separator: ", ")])
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

    /// `sets available --format json`: `{"banis":[{"id","title","sets","source","lines"}]}` — every
    /// bani of the snapshot in its order, `title` in the title form `form` with a non-default variant
    /// named (`Rehras Sahib (taksal)`), so no two read alike; `sets` the daily sets it is in now
    /// (`["night"]`); `lines` its line count, null when the snapshot gives none.
    package func availableJSON(titles form: TitleForm) -> JSONValue {
        .object([("banis", .array(availableBanis(titles: form)))])
    }

    /// The `banis` of `availableJSON`, without those of `except` (`practice --format json`: the banis
    /// whose practice runs).
    package func availableBanis(titles form: TitleForm, except: Set<String> = []) -> [JSONValue] {
        snapshot.banis.filter { !except.contains($0.id) }.map { bani -> JSONValue in
            let inSets = DailySet.allCases.filter { snapshot.ids(in: $0).contains(bani.id) }
            return .object([
                ("id", .string(bani.id)), ("title", .string(form.titleWithVariant(bani, Printable.folded))),
                ("sets", .array(inSets.map { .string($0.rawValue) })), ("source", .string(bani.source)),
                ("lines", bani.nLines == 0 ? .null : .int(bani.nLines)),
            ])
        }
    }

    /// `sets remind`, in the user's language: `Japji Sahib: remind at 06:00`, or `Japji Sahib: no reminder`.
    package static func reminded(
        _ bani: NitnemSnapshot.Bani, at time: WallTime?, localizer l: Localizer = .english
    ) -> String {
        reminded(title: bani.titleEn, at: time, localizer: l)
    }

    /// `sets remind` of `title` (a bani's, or an id the snapshot does not have, given exactly).
    package static func reminded(title: String, at time: WallTime?, localizer l: Localizer = .english) -> String {
        let title = Printable.escaped(title)
        return time.map { l(.setsRemindAt, ["title": title, "time": "\($0)"]) } ?? l(.setsNoReminder, ["title": title])
    }

    /// A `sets` command kept a copy of your file at `path` as `backup` before it replaced what could
    /// not be read in it; `startedAfresh`: the file could not be read at all, and now lists nothing.
    package static func keptUnreadable(_ path: String, as backup: String, startedAfresh: GroupFileError?) -> String {
        let path = Printable.escaped(path)
        let backup = Printable.escaped(backup)
        guard let problem = startedAfresh else {
            return "Kept a copy of \(path) as \(backup): what it replaced could not be read"
        }
        return "Kept \(path) as \(backup) and started it afresh (it could not be read: "
            + "\(Printable.escaped(problem.problem))); your sets are the snapshot's"
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
