// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Posix
import Scheduler
import Snapshot

extension Agent {
    /// Merges the conflict copies a sync engine left in the group (`SyncMerger`; each merge said in
    /// the journal), then reads the files; a copy that cannot be merged is a warning of the read, so
    /// the core says it once while it is there.
    func mergeCopiesAndLoad() -> Result<GroupFiles, GroupFileError> {
        let report = SyncMerger.mergeAll(
            in: options.group, mergedFolder: options.paths.merged, at: clock.now(), now: clock.realNow())
        for line in report.merged { journal.log(.info, line) }
        return load().map { files in
            var files = files
            files.warnings += report.problems
            return files
        }
    }

    /// Reads both files; an error is handed to the core, which keeps the last good state.
    func load() -> Result<GroupFiles, GroupFileError> {
        Result { () throws(GroupFileError) in try GroupFiles.load(options.group) }
    }

    /// Reads the config file (a missing one is the defaults); an error is handed to the core, which
    /// keeps the old configuration.
    func loadConfig() -> AgentCore.Event {
        // An empty file may be an editor's save caught between its truncate and its write.
        if FileStatus.lookup(options.paths.config)?.size == 0 { return .configEmptied }
        return .configRead(
            Result { () throws(ConfigError) in
                try AgentConfig.read(path: options.paths.config) ?? ConfigReading(settings: AgentConfig())
            })
    }
}
