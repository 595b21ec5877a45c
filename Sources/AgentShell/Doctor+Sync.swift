// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

extension Doctor {
    /// Sync (said only when the group lies in a Syncthing folder, or copies were merged or wait):
    /// the Syncthing folder and whether its `.stignore` keeps the device-local files here; conflict
    /// copies waiting to be merged; how many were merged in the last 30 days, and which version of
    /// your sets won the last time they were merged.
    func sync(now: Date) -> [Finding] {
        var found: [Finding] = []
        let setup = SyncSetup(group: group)
        if let root = setup.root {
            found.append(Finding(.ok, .sync, "the group is in the Syncthing folder \(root)"))
            if setup.missing.isEmpty {
                found.append(
                    Finding(.ok, .sync, "\(setup.ignorePath) keeps widgets/, the lock and temp files on this machine"))
            } else {
                found.append(
                    Finding(
                        .warn, .sync,
                        "\(setup.ignorePath) does not ignore \(setup.missing.joined(separator: ", ")) (files that belong to one machine)",
                        remedy: .init("run nitnem sync setup", .semicolon)))
            }
        }
        let waiting = SyncMerger.copies(in: group)
        if !waiting.isEmpty {
            found.append(
                Finding(
                    .warn, .sync,
                    "\(waiting.count) conflict cop\(waiting.count == 1 ? "y" : "ies") not merged yet: "
                        + waiting.map(\.name).joined(separator: ", "),
                    remedy: .init("the agent merges them; or run nitnem sync merge", .semicolon)))
        }
        let recent = SyncMerger.recent(in: paths.merged, now: now)
        if !recent.isEmpty {
            found.append(
                Finding(
                    .ok, .sync,
                    "\(recent.count) conflict cop\(recent.count == 1 ? "y" : "ies") merged in the last "
                        + "\(SyncMerger.keptDays) days (kept in \(paths.merged))"))
        }
        let marker = " merged into \(AppGroup.mynitnemName): "
        if let sets = recent.last(where: { $0.contains(marker) }),
            let summary = sets.split(separator: marker, maxSplits: 1).last
        {
            found.append(Finding(.ok, .sync, "your sets, last merged: " + summary))
        }
        return found
    }
}
