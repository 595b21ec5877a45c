// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Notify
import Scheduler
import Snapshot

/// Doctor's judgement, pure: the facts the probe collected (`Doctor+Facts.swift`) → findings, each
/// with its code and, for a problem, what to do about it.
extension Doctor {
    /// The zone (and where it comes from) and now; the Nitnem day and band, and when the day rolls.
    static func diagnose(_ facts: TimeFacts) -> [Finding] {
        let calendar = facts.calendar
        let day = calendar.day(containing: facts.now)
        let rolls = WallStamp.format(day.interval.end, day: day.key, in: calendar)
        return [
            Finding(
                .ok, .timeZone,
                "\(calendar.identifier) (from \(facts.zoneSource)); now \(RFC3339.format(facts.now, in: calendar))"
                    + (facts.pinned ? " — pinned by SGGS_CLOCK_NOW/SGGS_CLOCK_RATE" : "")),
            Finding(.ok, .nitnemDay, "\(day.key), \(calendar.band(at: facts.now).title); rolls at \(rolls)"),
        ]
    }

    /// The snapshot (or the embedded registry) and the progress file, with their warnings; a file
    /// that cannot be read is a failure. Also the files read, for the checks that need them.
    static func diagnose(_ facts: FileFacts) -> (findings: [Finding], files: GroupFiles?) {
        let group = facts.group
        let loaded: FileFacts.LoadedSnapshot
        switch facts.snapshot {
        case .failure(let error): return ([Finding(.fail, .filesUnreadable, error.description)], nil)
        case .success(let snapshot): loaded = snapshot
        }
        let (snapshot, source, warnings) = (loaded.snapshot, loaded.source, loaded.warnings)
        let what =
            source == .embedded
            ? "none in the group: the embedded default registry (\(counted(snapshot.banis.count, "bani")))"
            : "\(group.snapshotPath): \(counted(snapshot.banis.count, "bani"))"
                + (snapshot.banisAvailable ? "" : " — Nitnem not available in this database (no reminders)")
        var found = [
            Finding(
                warnings.isEmpty && snapshot.banisAvailable ? .ok : .warn,
                snapshot.banisAvailable ? .snapshot : .snapshotUnavailable, what)
        ]
        found += warnings.map { Finding(.warn, .snapshotWarning, $0) }
        guard case .success(let progress)? = facts.progress else {
            if case .failure(let error)? = facts.progress {
                found.append(Finding(.fail, .filesUnreadable, error.description))
            }
            return (found, nil)
        }
        let level: Finding.Level = progress.warnings.isEmpty ? .ok : .warn
        found.append(
            facts.progressExists
                ? Finding(
                    level, .progress,
                    "\(group.progressPath): \(counted(progress.banis.count, "bani")), schema \(progress.schema)"
                        + (progress.isReadOnly ? " (newer than this nitnem: read-only)" : ""))
                : Finding(level, .progressNone, "none yet (nothing read; `nitnem mark` creates it)"))
        found += progress.warnings.map { Finding(.warn, .progressWarning, $0) }
        let files = GroupFiles(snapshot: snapshot, source: source, progress: progress, warnings: warnings)
            .applying(facts.mine, path: group.mynitnemPath)
        return (found + sets(files, group: group), files)
    }

    /// The daily sets that count, each said as yours (`nitnem-mynitnem.json`) or the snapshot's, and
    /// each problem with your file (an unknown id, a file that cannot be read).
    static func sets(_ files: GroupFiles, group: AppGroup) -> [Finding] {
        var found: [Finding] = DailySet.allCases.map { set in
            let titles = files.snapshot.ids(in: set).map { files.snapshot.bani(id: $0)?.titleEn ?? $0 }
            let whose = files.mine?.sets[set] != nil ? "yours" : "the snapshot's"
            return Finding(
                .ok, .sets,
                "\(set.rawValue) (\(whose)): " + (titles.isEmpty ? "nothing to read" : titles.joined(separator: ", ")))
        }
        if let problem = files.mineProblem {
            found.append(
                Finding(
                    .warn, .setsUnreadable, problem.description,
                    remedy: .init("using the snapshot's sets (to fix: nitnem sets reset)", .semicolon))
            )
        }
        // A part that cannot be read: the rest of the file counts.
        for unreadable in files.mine?.unreadable ?? [] {
            let part = unreadable.part
            found.append(
                Finding(
                    .warn, .setsUnreadable, unreadable.problem.description,
                    remedy: .init("\(part.instead) (to fix: \(part.fix))", .semicolon)))
        }
        // Each unknown id said for the first few (a file may list thousands), then counted.
        let ids = Set(files.snapshot.banis.map(\.id))
        var unknown = FirstFew<Finding>()
        for set in DailySet.allCases {
            for id in files.mine?.sets[set] ?? [] where !ids.contains(id) {
                unknown.append(
                    Finding(
                        .warn, .setsUnknownID,
                        "\(group.mynitnemPath): \(set.rawValue): unknown bani id '\(Printable.bounded(id))'; skipped"))
            }
        }
        found += unknown.items
        if unknown.more > 0 {
            found.append(
                Finding(
                    .warn, .setsUnknownID, "… and \(unknown.more) more unknown ids in \(group.mynitnemPath); skipped"))
        }
        return found
    }

    /// The widget timeline: valid at `now`, and written since the files it reflects last changed.
    static func diagnose(_ facts: TimelineFacts, now: Date) -> [Finding] {
        guard let (until, validUntil) = facts.validUntil else {
            return [
                Finding(
                    .warn, .timelineMissing, "\(facts.path) missing or unreadable",
                    remedy: .init("start the agent (nitnem run)", .colon))
            ]
        }
        var found = [
            validUntil > now
                ? Finding(.ok, .timeline, "\(facts.path), valid until \(until)")
                : Finding(
                    .warn, .timelineStale, "\(facts.path) is stale (since \(until))",
                    remedy: .init("is the agent running?", .colon))
        ]
        if let behind = facts.olderThan {
            found.append(
                Finding(
                    .warn, .timelineBehind,
                    "\(facts.path) is older than \(behind): it does not reflect it (is the agent watching this group?)")
            )
        }
        return found
    }

    /// The config file's settings and bad lines (each a failure); the settings, unless the file
    /// could not be read at all.
    static func diagnose(_ read: Result<ConfigReading?, ConfigError>, path: String) -> (
        findings: [Finding], config: AgentConfig?
    ) {
        switch read {
        case .success(let reading):
            let config = reading?.config ?? AgentConfig()
            let problems = reading?.problems ?? []
            // The first few bad lines (a file may hold thousands), then how many more.
            var found = problems.prefix(Printable.listLimit).map {
                Finding(.fail, .configBadLine, reading?.explained($0) ?? $0.description)
            }
            if problems.count > Printable.listLimit {
                found.append(
                    Finding(
                        .fail, .configBadLine, "… and \(problems.count - Printable.listLimit) more bad lines in \(path)"
                    ))
            }
            let slots = config.slots.enabled.map { "\($0.band.title) \($0.time)" }.joined(separator: ", ")
            found.append(
                Finding(
                    problems.isEmpty ? .ok : .warn, .config,
                    (reading != nil ? path : "defaults (no \(path))")
                        + "; reminders \(config.remindersOn ? "on: \(slots)" : "off")",
                    remedy: problems.isEmpty
                        ? nil : .init("nitnem config shows every setting and its line", .parentheses)
                ))
            return (found, config)
        case .failure(let error):
            return ([Finding(.fail, .configUnreadable, "\(error.description); using the defaults")], nil)
        }
    }

    /// A pause of reminders in force (`wall` shows its end), or a pause file that cannot be read.
    static func diagnosePause(until: Date?, problem: GroupFileError?, wall: (Date) -> String) -> [Finding] {
        if let problem {
            return [
                Finding(
                    .warn, .pauseUnreadable, "\(problem.description); not paused",
                    remedy: .init("nitnem reminders resume removes it", .parentheses))
            ]
        }
        guard let until else { return [] }
        return [
            Finding(
                .warn, .paused, "reminders paused until \(wall(until))",
                remedy: .init("nitnem reminders resume", .parentheses))
        ]
    }

    /// The reminder ledger: how many entries, or why it cannot be read.
    static func diagnose(_ facts: LedgerFacts) -> Finding {
        if let problem = facts.problem { return Finding(.warn, .ledgerUnreadable, problem) }
        return Finding(.ok, .ledger, "\(facts.path): \(counted(facts.entries, "entry", "entries"))")
    }

    /// The notification server and whether it offers actions. Without one, a failure, unless the
    /// snapshot has no Nitnem to remind of (`banisAvailable` false).
    static func diagnoseNotify(_ server: Result<Set<String>, NotifyError>, banisAvailable: Bool?) -> Finding {
        switch server {
        case .success(let caps) where caps.contains("actions"):
            return Finding(.ok, .notify, "server found; offers actions (Read now)")
        case .success:
            return Finding(.ok, .notifyNoActions, "server found; no actions: Read now is not offered")
        case .failure(let error):
            return Finding(banisAvailable == false ? .warn : .fail, .notifyNoServer, error.description)
        }
    }
}
