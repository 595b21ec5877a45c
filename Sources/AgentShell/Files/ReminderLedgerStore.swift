// SPDX-License-Identifier: GPL-3.0-or-later
import Posix
import Scheduler
import Snapshot

/// Loads and saves the reminder ledger atomically; a corrupt ledger is set aside, never trusted.
package enum ReminderLedgerStore {
    /// The ledger at `path`, an empty one when missing. A corrupt file is renamed to
    /// `<path>.corrupt` and reported in `problem`, and an empty ledger is used.
    package static func load(path: String, setAside: Bool = true) -> (ledger: ReminderLedger, problem: String?) {
        do {
            guard let bytes = try readGroupFile(path, limit: 1 << 20) else { return (ReminderLedger(), nil) }
            return (try ReminderLedger.decode(try JSONParser.parse(bytes, path: path), path: path), nil)
        } catch {
            guard setAside else { return (ReminderLedger(), error.description) }
            let aside = path + ".corrupt"
            let moved = (try? AtomicFile.rename(path, to: aside)) != nil
            return (
                ReminderLedger(),
                "\(error.description); \(moved ? "set aside as \(aside)" : "could not set it aside"), starting a new ledger"
            )
        }
    }

    /// Writes `ledger` to `path` atomically (0600), creating the folder (0700); a symlink there is
    /// replaced (`AtomicFile.Links.replace`).
    /// - Returns: What a symlink replaced pointed to, nil when there was none.
    @discardableResult
    package static func save(_ ledger: ReminderLedger, to path: String) throws(FileError) -> String? {
        try AtomicFile.write(Array(ledger.json.pretty.utf8), to: path, links: .replace)
    }
}
