// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Posix
import Snapshot

/// Merges the conflict copies a sync engine left in the group into the main files, under the
/// writers' locks, and moves each merged copy to `$XDG_STATE_HOME/nitnem/merged/` (never just
/// deleted; kept 30 days). The agent runs it before it reads the files; `nitnem sync merge` by hand.
/// `status` and `mark` never merge.
///
/// - Important: The merges are `ProgressMerge` and `MyNitnemMerge`: deterministic, so two machines
///   merging the same copy into the same main file write the same bytes. A copy that cannot be read
///   (not JSON, a newer schema) stays where it is and is said (as a warning of the read, once).
package enum SyncMerger {
    /// What one pass did.
    package struct Report: Sendable {
        /// One line per merged copy: what it brought.
        package var merged: [String] = []
        /// One line per copy left in place, saying why.
        package var problems: [String] = []
        /// Copies whose main file is not there (yet): left for when it is.
        package var waiting: [String] = []
    }

    /// How long merged copies (and the lines of the log) are kept: 30 days.
    package static let keptDays = 30
    /// The log of merges in the merged folder, one line each: `<UTC time> <copy>: <what it did>`.
    package static let logName = "merged.log"

    /// The conflict copies in `group`, by name.
    package static func copies(in group: AppGroup) -> [ConflictCopy] {
        Folder.names(in: group.path).compactMap(ConflictCopy.init(name:)).sorted { $0.name < $1.name }
    }

    /// Merges every conflict copy in `group` into its main file, moving it to `mergedFolder`.
    /// `at`: the Nitnem clock's now, written in the log; `now`: the real clock's, for pruning.
    package static func mergeAll(in group: AppGroup, mergedFolder: String, at: Date, now: Date) -> Report {
        var report = Report()
        let found = copies(in: group)
        if !found.isEmpty || FileReader.exists(mergedFolder) { prune(mergedFolder, now: now) }
        for copy in found {
            // An engine makes a copy by renaming the file away before it puts the new one in place:
            // with no main file (yet), the copy waits for it (its arrival is another event).
            guard FileReader.exists(group.path + "/" + copy.main) else {
                report.waiting.append(copy.name)
                continue
            }
            do throws(GroupFileError) {
                guard let line = try merge(copy, in: group, mergedFolder: mergedFolder, now: now) else {
                    report.waiting.append(copy.name)
                    continue
                }
                report.merged.append(line)
                appendLog(mergedFolder, "\(RFC3339.utcTimestamp(at)) \(line)", now: at)
            } catch {
                report.problems.append(
                    "\(error.description); a \(copy.engine.rawValue) conflict copy, left in place (not merged)"
                )
            }
        }
        return report
    }

    /// Merges one copy under its main file's lock; the line that says what it did.
    /// Nil when the main file is not there (the copy waits). `now`: the real clock's, for tidying.
    static func merge(_ copy: ConflictCopy, in group: AppGroup, mergedFolder: String, now: Date? = nil)
        throws(GroupFileError) -> String?
    {
        let isProgress = copy.main == AppGroup.progressName
        let file = isProgress ? LockedGroupFile.progress(group) : LockedGroupFile.mine(group)
        let copyPath = group.path + "/" + copy.name
        return try file.locked(now: now) { () throws(GroupFileError) -> String? in
            guard let copyBytes = try readGroupFile(copyPath) else {
                throw GroupFileError(.unreadable, path: copyPath, problem: "vanished before it was merged")
            }
            let copyParsed = try JSONParser.parseWithRanges(copyBytes, path: copyPath)
            let summary: String?
            if isProgress {
                summary = try mergeProgress(copyParsed.value, copyPath: copyPath, into: file)
            } else {
                let copyVersion = LockedGroupFile.Version<MyNitnem>(
                    bytes: copyBytes, parsed: copyParsed, document: nil)
                summary = try mergeMine(copyVersion, copyPath: copyPath, into: file)
            }
            guard let summary else { return nil }
            do throws(FileError) {
                try move(copyPath, bytes: copyBytes, to: mergedFolder)
            } catch {
                throw GroupFileError(error, writing: true)
            }
            return "\(copy.name) (\(copy.engine.rawValue)) merged into \(copy.main): \(summary)"
        }
    }

    /// `ProgressMerge` of the copy into the progress file (held locked): what it brought; nil when
    /// there is no main file.
    static func mergeProgress(_ copy: JSONValue, copyPath: String, into file: LockedGroupFile)
        throws(GroupFileError) -> String?
    {
        let mainPath = file.path
        var first: LockedGroupFile.Version<NitnemProgress>?
        let updated = try file.updateHoldingLock(NitnemProgress.self) {
            version throws(GroupFileError) -> LockedGroupFile.Edit<String?, NitnemProgress> in
            // A version the engine puts in place meanwhile is merged with the copy too; a removal is
            // given the merge made from the file read.
            guard let main = version.parsed?.value ?? first?.parsed?.value else { return .keep(nil) }
            if first == nil { first = version }
            let merged = try ProgressMerge.merge(main: main, copy: copy, mainPath: mainPath, copyPath: copyPath)
            let summary =
                "\(merged.daysAdded) completed day\(merged.daysAdded == 1 ? "" : "s") added, "
                + "\(merged.daysRemoved) removed (undone there), "
                + "\(merged.positionsTaken) position\(merged.positionsTaken == 1 ? "" : "s") taken from the copy"
            guard merged.changed else { return .keep(summary) }
            return .write(merged.value, summary, over: version.bytes == nil ? first : nil)
        }
        return updated.result
    }

    /// `MyNitnemMerge` of the copy into your sets (held locked): what it did; nil when there is no
    /// main file.
    static func mergeMine(_ copy: LockedGroupFile.Version<MyNitnem>, copyPath: String, into file: LockedGroupFile)
        throws(GroupFileError) -> String?
    {
        let mainPath = file.path
        var first: LockedGroupFile.Version<MyNitnem>?
        let updated = try file.updateHoldingLock(MyNitnem.self) {
            version throws(GroupFileError) -> LockedGroupFile.Edit<String?, MyNitnem> in
            guard let main = version.parsed?.value ?? first?.parsed?.value, let copyValue = copy.parsed?.value
            else { return .keep(nil) }
            if first == nil { first = version }
            let merged = try MyNitnemMerge.merge(
                main: main, copy: copyValue, mainPath: mainPath, copyPath: copyPath)
            let when = { (at: String?) in at.map { "modifiedAt \($0)" } ?? "no modifiedAt" }
            let summary =
                (merged.copyWon
                    ? "the copy's sets won (\(when(merged.copyModified)) over this machine's \(when(merged.mainModified)))"
                    : "this machine's sets won (\(when(merged.mainModified)) over the copy's \(when(merged.copyModified)))")
                + ", \(merged.remindersAdded) reminder\(merged.remindersAdded == 1 ? "" : "s") added"
                + (merged.practicesTaken == 0
                    ? ""
                    : ", \(merged.practicesTaken) practice\(merged.practicesTaken == 1 ? "" : "s") taken from the other")
            guard merged.changed else { return .keep(summary) }
            return .write(merged.value, summary, over: merged.copyWon ? copy : version.bytes == nil ? first : nil)
        }
        return updated.result
    }

    /// Puts the copy's bytes into `folder` (a free name: `-2`, `-3`… when taken), then removes it.
    static func move(_ path: String, bytes: [UInt8], to folder: String) throws(FileError) {
        let name = Path.name(of: path)
        var n = 1
        while true {
            let target = folder + "/" + (n == 1 ? name : "\(n)-" + name)
            do {
                try AtomicFile.create(bytes, at: target)
                break
            } catch  where error.code == .exists {
                n += 1
            }
        }
        try AtomicFile.remove(path)
    }

    /// Removes copies in `folder` older than `keptDays` (by mtime: the time they were merged).
    static func prune(_ folder: String, now: Date) {
        let limit = Int(now.timeIntervalSince1970) - keptDays * 86_400
        for name in Folder.names(in: folder) where name != logName {
            let path = folder + "/" + name
            if let status = FileStatus.lookup(path, followingLinks: false), status.kind == .regular,
                status.modifiedSeconds < limit
            {
                _ = try? AtomicFile.remove(path)
            }
        }
    }

    /// Appends `line` to the log, dropping lines older than `keptDays` before `now` (the Nitnem clock's,
    /// as the lines are stamped).
    static func appendLog(_ folder: String, _ line: String, now: Date) {
        let path = folder + "/" + logName
        let old = (try? FileReader.read(path, limit: 1 << 20)).flatMap { $0 } ?? []
        var lines = log(bytes: old, now: now)
        lines.append(line)
        _ = try? AtomicFile.write(Array((lines.joined(separator: "\n") + "\n").utf8), to: path, links: .replace)
    }

    /// The lines of the log of `folder` written in the `keptDays` days before `now` (the Nitnem clock's),
    /// oldest first.
    package static func recent(in folder: String, now: Date) -> [String] {
        let bytes = (try? FileReader.read(folder + "/" + logName, limit: 1 << 20)).flatMap { $0 } ?? []
        return log(bytes: bytes, now: now)
    }

    static func log(bytes: [UInt8], now: Date) -> [String] {
        let limit = now.addingTimeInterval(-Double(keptDays) * 86_400)
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init).filter { line in
            guard let space = line.firstIndex(of: " "), let at = RFC3339.parseAbsolute(String(line[..<space])) else {
                return false
            }
            return at >= limit
        }
    }
}
