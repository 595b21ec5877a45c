// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

extension Doctor {
    /// Sync (said only when the group lies in a Syncthing folder, or copies were merged or wait):
    /// the Syncthing folder and whether its `.stignore` keeps the device-local files here; conflict
    /// copies waiting to be merged; how many were merged in the last 30 days, and which version of
    /// your sets won the last time they were merged: what the probe sees.
    func syncFacts(now: Date) -> SyncFacts {
        let setup = SyncSetup(group: group)
        return SyncFacts(
            root: setup.root, ignorePath: setup.ignorePath, missing: setup.missing,
            waiting: SyncMerger.copies(in: group).map(\.name), recent: SyncMerger.recent(in: paths.merged, now: now),
            mergedFolder: paths.merged)
    }

    /// What `syncFacts` says, judged (pure).
    static func diagnose(_ facts: SyncFacts) -> [Finding] {
        var found: [Finding] = []
        if let root = facts.root {
            found.append(Finding(.ok, .syncFolder, "the group is in the Syncthing folder \(root)"))
            if facts.missing.isEmpty {
                found.append(
                    Finding(
                        .ok, .syncIgnored, "\(facts.ignorePath) keeps widgets/, the lock and temp files on this machine"
                    ))
            } else {
                found.append(
                    Finding(
                        .warn, .syncNotIgnored,
                        "\(facts.ignorePath) does not ignore \(facts.missing.joined(separator: ", ")) (files that belong to one machine)",
                        remedy: .init("run nitnem sync setup", .semicolon)))
            }
        }
        func copies(_ n: Int) -> String { "\(n) conflict cop\(n == 1 ? "y" : "ies")" }
        if !facts.waiting.isEmpty {
            let names = facts.waiting.joined(separator: ", ")
            let remedy = Finding.Remedy("the agent merges them; or run nitnem sync merge", .semicolon)
            found.append(
                Finding(.warn, .syncWaiting, "\(copies(facts.waiting.count)) not merged yet: \(names)", remedy: remedy))
        }
        let recent = facts.recent
        if !recent.isEmpty {
            let kept = "in the last \(SyncMerger.keptDays) days (kept in \(facts.mergedFolder))"
            found.append(Finding(.ok, .syncMerged, "\(copies(recent.count)) merged \(kept)"))
        }
        let marker = " merged into \(AppGroup.mynitnemName): "
        if let sets = recent.last(where: { $0.contains(marker) }),
            let summary = sets.split(separator: marker, maxSplits: 1).last
        {
            found.append(Finding(.ok, .syncSetsMerged, "your sets, last merged: " + summary))
        }
        return found
    }
}
