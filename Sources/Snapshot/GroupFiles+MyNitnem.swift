// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

extension GroupFiles {
    /// These files with `read` (the reading of `<group>/nitnem-mynitnem.json`; `nil` inside when it
    /// is missing) applied: each daily set it lists replaces the snapshot's, without the ids the
    /// snapshot does not have (each a warning naming the file and the id). A file that could not be
    /// read is a warning, and the snapshot's sets count.
    package func applying(_ read: Result<MyNitnem?, GroupFileError>, path: String) -> GroupFiles {
        switch read {
        case .success(nil):
            return self
        case .success(let mine?):
            var files = self
            files.mine = mine
            files.mineProblem = nil
            files.warnings += mine.warnings
            // Each unknown id said for the first few (a file may list thousands), then counted.
            var unknown = FirstFew<String>()
            let ids = Set(snapshot.banis.map(\.id))
            for set in DailySet.allCases {
                guard let listed = mine.sets[set] else { continue }
                var known: [String] = []
                for id in listed {
                    guard ids.contains(id) else {
                        unknown.append(
                            GroupFileError(
                                path: path, jsonPath: "$.sets." + set.rawValue,
                                problem: "unknown bani id '\(Printable.bounded(id))'; skipped (kept in the file)"
                            ).description)
                        continue
                    }
                    known.append(id)
                }
                files.snapshot.sets[set.rawValue] = known
            }
            // A reminder for a bani the snapshot does not have is never shown (kept in the file).
            for reminder in mine.reminders where !ids.contains(reminder.id) {
                unknown.append(
                    GroupFileError(
                        path: path, jsonPath: "$.reminders" + NitnemProgress.jsonKey(reminder.id),
                        problem: "unknown bani id '\(Printable.bounded(reminder.id))'; no reminder (kept in the file)"
                    ).description)
            }
            files.snapshot.practices = mine.practices.filter { ids.contains($0.bani) }
            for (i, practice) in mine.practices.enumerated() where !ids.contains(practice.bani) {
                unknown.append(
                    GroupFileError(
                        path: path, jsonPath: "$.practices[\(i)].bani",
                        problem: "unknown bani id '\(Printable.bounded(practice.bani))'; not counted (kept in the file)"
                    ).description)
            }
            // A part that cannot be read: the snapshot's set, no reminder; the rest of the file counts.
            files.warnings += mine.unreadable.map(\.warning)
            files.warnings += unknown.lines { "… and \($0) more unknown ids in \(path)" }
            return files
        case .failure(let problem):
            var files = self
            files.mine = nil
            files.mineProblem = problem
            files.warnings.append(problem.description + Self.usingSnapshotSets)
            return files
        }
    }

    /// `ids` without those the snapshot does not have (with `warn`, each a warning naming the file).
    private mutating func known(_ ids: [String], in set: DailySet, path: String, warn: Bool) -> [String] {
        ids.filter { id in
            guard snapshot.bani(id: id) == nil else { return true }
            if warn {
                warnings.append(
                    GroupFileError(
                        path: path, jsonPath: "$.sets." + set.rawValue,
                        problem: "unknown bani id '\(Printable.bounded(id))'; skipped (kept in the file)"
                    ).description)
            }
            return false
        }
    }

    /// These files with what `good` (the last reading of `nitnem-mynitnem.json` that could be read)
    /// gives for what this reading could not read, as the agent keeps it: a file that could not be
    /// read at all is `good` whole, a part that could not be read is `good`'s part (when it had one);
    /// each problem stays one warning, saying what is kept.
    package func keeping(_ good: MyNitnem) -> GroupFiles {
        if let problem = mineProblem {
            var files = self
            files.warnings.removeAll { $0 == problem.description + Self.usingSnapshotSets }
            var whole = good
            whole.unreadable = []
            files = files.applying(.success(whole), path: problem.path)
            files.mineProblem = problem
            files.warnings.append(problem.description + "; keeping the last good sets (to fix: nitnem sets reset)")
            return files
        }
        guard var kept = mine, !kept.unreadable.isEmpty else { return self }
        var files = self
        for unreadable in kept.unreadable {
            let part = unreadable.part
            switch part {
            case .sets:
                guard !good.sets.isEmpty else { continue }
                kept.sets = good.sets
            case .set(let set):
                guard let ids = good.sets[set] else { continue }
                kept.sets[set] = ids
            case .reminders:
                guard !good.reminders.isEmpty else { continue }
                kept.reminders = good.reminders
            case .reminder(let id):
                guard let reminder = good.reminders.last(where: { $0.id == id }) else { continue }
                kept.reminders.append(reminder)
            case .practices:
                guard !good.practices.isEmpty else { continue }
                kept.practices = good.practices
            }
            if let said = files.warnings.firstIndex(of: unreadable.warning) {
                files.warnings[said] = "\(unreadable.problem.description); \(part.kept) (to fix: \(part.fix))"
            }
        }
        for set in DailySet.allCases where kept.sets[set] != mine?.sets[set] {
            files.snapshot.sets[set.rawValue] = files.known(kept.sets[set] ?? [], in: set, path: "", warn: false)
        }
        let known = Set(files.snapshot.banis.map(\.id))
        files.snapshot.practices = kept.practices.filter { known.contains($0.bani) }
        files.mine = kept
        return files
    }

    /// What a warning about an unreadable `nitnem-mynitnem.json` says is used instead.
    static let usingSnapshotSets = "; using the snapshot's sets (to fix: nitnem sets reset)"
}
