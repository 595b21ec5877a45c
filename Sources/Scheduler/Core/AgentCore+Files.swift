// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The group's files and the config as the core takes them in.
extension AgentCore {
    /// The snapshot and progress files as read: their lines to say, or nil when the read is held
    /// back (a file vanished: believed only once the folder has settled).
    mutating func filesRead(_ result: Result<GroupFiles, GroupFileError>, isStart: Bool, now: Date)
        -> [Action]?
    {
        switch result {
        case .success(var read):
            readProblem = nil
            // A My Nitnem file (or a part of it) that cannot be read keeps what was last read from it.
            if let good = loaded?.mine { read = read.keeping(good) }
            // A file that vanished after a good read may be a writer's unlink and recreate.
            if !isStart, let old = files, Self.vanished(from: old, in: read), !gathering.believeVanish() { return nil }
            gathering.endVanish()
            var actions: [Action] = []
            if problems.hasProblems(.groupFiles), problems.clear(.groupFiles) {
                actions.append(.log(.filesRecovered))
            }
            // A warning that persists across reads is not news; one that went away and came back
            // is (at most once a minute).
            for key in problems.replace(.fileWarnings, with: read.warnings.map(ProblemLog.Key.warning), now: now) {
                actions.append(.log(.fileWarning(key.detail)))
            }
            loaded = read
            configureFiles()
            return actions
        case .failure(let error):
            readProblem = error
            gathering.endVanish()
            // Said once per file and kind of problem; a problem that comes back after a recovery is
            // said again at most once a minute.
            guard problems.say(.groupFile(error), now: now) else { return [] }
            return [.log(.filesUnreadable(cause: error.description, kept: files != nil))]
        }
    }

    /// Whether `loaded` lacks a file that `old` had: the progress file, or the snapshot (then the
    /// embedded registry stands in).
    static func vanished(from old: GroupFiles, in loaded: GroupFiles) -> Bool {
        (old.progressFound && !loaded.progressFound) || (old.source == .snapshot && loaded.source == .embedded)
    }

    /// `newConfig` from now on: the files as it sees them, the days with its slots.
    mutating func use(_ newConfig: AgentConfig) {
        config = newConfig
        configureFiles()
        plan.use(newConfig.slots)
    }

    /// `files` again: the files read, as the config now sees them.
    mutating func configureFiles() {
        files = loaded?.configured(config)
        plan.forgetStates()
    }
}
