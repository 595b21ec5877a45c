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

    /// These files, whose `nitnem-mynitnem.json` could not be read, with `good` (the last reading
    /// that could) applied instead, as the agent keeps it; the problem stays one warning.
    package func keeping(_ good: MyNitnem) -> GroupFiles {
        guard let problem = mineProblem else { return self }
        var files = self
        files.warnings.removeAll { $0 == problem.description + Self.usingSnapshotSets }
        files = files.applying(.success(good), path: problem.path)
        files.mineProblem = problem
        files.warnings.append(problem.description + "; keeping the last good sets")
        return files
    }

    /// What a warning about an unreadable `nitnem-mynitnem.json` says is used instead.
    static let usingSnapshotSets = "; using the snapshot's sets"
}
