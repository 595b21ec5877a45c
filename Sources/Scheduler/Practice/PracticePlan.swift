// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// What `nitnem practice start`, `stop` and `restart` change, decided from the practices as the file
/// holds them and the progress: the versions of practices to write (`MyNitnemWriter.Change.practice`),
/// each stamped `changedAt` with the command's time so that two machines' changes merge.
package enum PracticePlan {
    /// A change refused: one line for a person (bad input, nothing written).
    package struct Refusal: Error, Hashable, Sendable {
        package let message: String
    }

    /// The practice of `bani` that runs today (the one begun latest, when several do).
    package static func running(_ bani: String, in progress: [PracticeProgress]) -> PracticeProgress? {
        progress.filter { $0.practice.bani == bani && $0.isRunning }.max { $0.practice.from < $1.practice.from }
    }

    /// A new practice of `bani` (`title` names it in a refusal) of `days` days from `from`.
    /// - Throws: `Refusal` when one of that bani runs already: `restart` begins it again.
    package static func start(
        _ bani: String, title: String, days: Int, from: CivilDate, remind: WallTime? = nil, at now: Date,
        progress: [PracticeProgress]
    ) throws(Refusal) -> Practice {
        if let running = running(bani, in: progress) {
            throw Refusal(
                message:
                    "\(title): a practice runs already (\(running.practice.days) days from \(running.practice.from));"
                    + " to begin again from today: nitnem practice restart \(MyNitnem.Part.shellWord(bani))")
        }
        return Practice(bani: bani, from: from, days: days, changedAt: now, remind: remind)
    }

    /// The running practice of `bani`, stopped today.
    /// - Throws: `Refusal` when none runs.
    package static func stop(
        _ bani: String, title: String, today: CivilDate, at now: Date, progress: [PracticeProgress]
    ) throws(Refusal) -> Practice {
        guard var practice = running(bani, in: progress)?.practice else {
            throw Refusal(message: "\(title): no practice runs ('nitnem practice' lists them)")
        }
        practice.stopped = max(today, practice.from)
        practice.changedAt = now
        return practice
    }

    /// `restart`: the latest practice of `bani` stopped today when it still runs, and a new one from
    /// today of its length and reminder time (or `days`, `remind`). Nothing when the latest began today
    /// and runs as asked: it is begun.
    /// - Throws: `Refusal` when `bani` never had a practice.
    package static func restart(
        _ bani: String, title: String, days: Int?, remind: WallTime? = nil, today: CivilDate, at now: Date,
        progress: [PracticeProgress]
    ) throws(Refusal) -> [Practice] {
        guard
            let latest = progress.filter({ $0.practice.bani == bani }).max(by: { $0.practice.from < $1.practice.from })
        else {
            throw Refusal(
                message: "\(title): no practice to begin again; to begin one: nitnem practice start "
                    + MyNitnem.Part.shellWord(bani))
        }
        let length = days ?? latest.practice.days
        let time = remind ?? latest.practice.remind
        if latest.practice.from == today, latest.isRunning, length == latest.practice.days,
            time == latest.practice.remind
        {
            return []
        }
        var changes: [Practice] = []
        if latest.isRunning, latest.practice.from < today {
            var stopped = latest.practice
            stopped.stopped = today
            stopped.changedAt = now
            changes.append(stopped)
        }
        // Begun today already (running, stopped or complete): this version replaces it.
        changes.append(Practice(bani: bani, from: today, days: length, changedAt: now, remind: time))
        return changes
    }
}
