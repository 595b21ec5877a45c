// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Notify
import Scheduler
import Snapshot

/// What doctor's probe saw, as plain values: the diagnosis (`Doctor.diagnose…`) judges them without
/// touching a file, a program or the bus, so its tests are tables.
extension Doctor {
    /// Now, in the zone, and where the zone comes from.
    package struct TimeFacts: Sendable {
        package var now: Date
        package var calendar: NitnemCalendar
        /// `TZ=Asia/Kolkata`, or `/etc/localtime`.
        package var zoneSource: String
        /// Whether `SGGS_CLOCK_NOW`/`SGGS_CLOCK_RATE` pin the clock.
        package var pinned: Bool
    }

    /// The group's files as read.
    package struct FileFacts: Sendable {
        package var group: AppGroup
        /// The snapshot (or the embedded registry), where it came from and its warnings.
        package var snapshot: Result<LoadedSnapshot, GroupFileError>
        /// The progress file (nil when the snapshot could not be read: it is not read then).
        package var progress: Result<NitnemProgress, GroupFileError>?
        /// Whether the progress file exists.
        package var progressExists: Bool
        /// Your sets' file (`nitnem-mynitnem.json`).
        package var mine: Result<MyNitnem?, GroupFileError>

        /// The snapshot as loaded.
        package struct LoadedSnapshot: Sendable {
            package var snapshot: NitnemSnapshot
            package var source: GroupFiles.Source
            package var warnings: [String]
        }
    }

    /// The widget timeline: its `validUntil` when it could be read, and the group file it is older than.
    package struct TimelineFacts: Sendable {
        package var path: String
        /// `validUntil` as written, and as an instant; nil when the file is missing or unreadable.
        package var validUntil: (text: String, at: Date)?
        /// The group file changed after the timeline was written, if any.
        package var olderThan: String?
    }

    /// The one-agent-per-user lock.
    package enum AgentFacts: Sendable {
        /// Nobody holds it: no agent runs. `unit` is the installed `nitnem.service`, if any.
        case free(unit: String?, enabled: Bool)
        /// An agent holds it (`pid` from the lock, `record` its `agent.json`).
        case held(pid: Int32?, record: AgentRecord?)
        /// The lock could not be tried.
        case unknown(String)
    }

    /// The reminder ledger: its entries, or why it cannot be read.
    package struct LedgerFacts: Sendable {
        package var path: String
        package var entries: Int
        package var problem: String?
    }

    /// What `fc-list :lang=pa family` said.
    package enum FontFacts: Sendable, Equatable {
        /// No `fc-list` on `PATH`.
        case noFcList
        /// It could not run (why), or exited non-zero.
        case cannotRun(String)
        case failed(status: Int32)
        /// Its output: one font a line, `Family[,Other name]`.
        case listed(String)
    }

    /// What `xdg-mime query default x-scheme-handler/sggs` said.
    package enum HandlerFacts: Sendable, Equatable {
        /// No `xdg-mime` on `PATH`.
        case noXdgMime
        /// It could not be asked (why).
        case cannotAsk(String)
        /// Its output.
        case answer(String)
    }

    /// The reader a bani opens with: the config's template, the program it runs and where that is.
    package struct ReaderFacts: Sendable, Equatable {
        /// The config's `reader`, as written.
        package var reader: String
        /// Whether it runs through the `open` program (a web page).
        package var viaOpener: Bool
        package var program: String
        /// The program on `PATH`; nil when not found.
        package var located: String?
    }

    /// Sync: the Syncthing folder the group is in and its ignores, the copies waiting and merged.
    package struct SyncFacts: Sendable, Equatable {
        /// The Syncthing folder's root, when the group is in one.
        package var root: String?
        package var ignorePath: String
        /// The device-local patterns `.stignore` lacks.
        package var missing: [String]
        /// The conflict copies waiting to be merged, by name.
        package var waiting: [String]
        /// The merges of the last `SyncMerger.keptDays` days (one line each), and where they are kept.
        package var recent: [String]
        package var mergedFolder: String
    }
}
