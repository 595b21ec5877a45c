// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// Decides when the agent says a problem: once while it lasts, not at every event that meets it
/// again; after it went away, again when it comes back (for some channels at most once a minute).
///
/// Every problem is keyed by typed fields (its channel, the file, the code, where in the file),
/// never by the words or digits of its message: a file cut at line 3 and the same file cut at
/// line 9 are one problem.
struct ProblemLog: Sendable {
    /// A family of problems, cleared together by one success.
    enum Channel: Hashable, Sendable, CaseIterable {
        /// The snapshot and progress files could not be read (cleared by a good read).
        case groupFiles
        /// The warnings of the last good read (replaced by each good read).
        case fileWarnings
        /// The config file (replaced by each read of it).
        case config
        /// The pause file (cleared when it reads as a pause, or none).
        case pause
        /// The notification server (cleared when a reminder is shown).
        case notificationServer
        /// Writing the widget timeline (cleared when it is written).
        case timelineWrite
        /// Saving the reminder ledger (cleared when it is saved).
        case ledgerSave

        /// A problem that comes back after it cleared is said again only this long after it was
        /// last said, so a file that flips between good and bad is not a line per flip.
        var repeatAfter: TimeInterval {
            switch self {
            case .groupFiles, .fileWarnings: ProblemLog.repeatInterval
            case .config, .pause, .notificationServer, .timelineWrite, .ledgerSave: 0
            }
        }
    }

    /// One problem: its channel and the typed fields that tell it apart from others.
    struct Key: Hashable, Sendable {
        let channel: Channel
        /// The file at fault, or what else failed (`notification server`).
        let subject: String
        /// The kind of problem (`GroupFileError.Code`, an errno name, a config error code …).
        let code: String
        /// Where in the file, when that tells problems apart (a JSON path, a config line), or the
        /// text of a warning (warnings have no code).
        let detail: String

        init(_ channel: Channel, subject: String, code: String, detail: String = "") {
            self.channel = channel
            self.subject = subject
            self.code = code
            self.detail = detail
        }

        /// A group file that cannot be read: its path, code and JSON path, not the words or numbers
        /// of the message.
        static func groupFile(_ error: GroupFileError) -> Key {
            Key(.groupFiles, subject: error.path, code: "\(error.code)", detail: error.jsonPath ?? "")
        }

        /// A warning of a good read (said as it is written, so keyed by its text).
        static func warning(_ text: String) -> Key { Key(.fileWarnings, subject: "", code: "warning", detail: text) }

        /// A config file problem: the file, code and line (and what the line says is wrong: two
        /// problems on one line are two edits).
        static func config(_ error: ConfigError) -> Key {
            Key(.config, subject: error.path, code: "\(error.code)", detail: "\(error.line ?? 0) \(error.problem)")
        }

        /// A pause file that is not a pause.
        static func pause(_ error: GroupFileError) -> Key {
            Key(.pause, subject: error.path, code: "\(error.code)", detail: error.jsonPath ?? "")
        }

        /// A failure the shell reported on `channel`.
        static func failure(_ channel: Channel, _ failure: ReportedFailure) -> Key {
            Key(channel, subject: failure.subject, code: failure.code)
        }
    }

    /// How long a problem that came back waits to be said again, on the channels that wait.
    static let repeatInterval: TimeInterval = 60

    /// The problems that last now (said, or held back by `repeatAfter`).
    private var active: Set<Key> = []
    /// When each problem was last said.
    private var lastSaid: [Key: Date] = [:]
    /// The channels on which a line was said since they last cleared.
    private var saidSinceClear: Set<Channel> = []

    /// `key` is a problem now: whether to say it (it was not already, and was not said too
    /// recently for its channel).
    mutating func say(_ key: Key, now: Date) -> Bool {
        guard active.insert(key).inserted else { return false }
        return sayAgain(key, now: now)
    }

    /// The problems of `channel` are now exactly `keys` (in order, duplicates once): those that
    /// were not problems before and may be said now.
    mutating func replace(_ channel: Channel, with keys: [Key], now: Date) -> [Key] {
        let before = active.filter { $0.channel == channel }
        active.subtract(before)
        var said: [Key] = []
        for key in keys where active.insert(key).inserted && !before.contains(key) {
            if sayAgain(key, now: now) { said.append(key) }
        }
        return said
    }

    /// Whether `channel` has a problem now.
    func hasProblems(_ channel: Channel) -> Bool { active.contains { $0.channel == channel } }

    /// `channel` has no problem any more: whether a line about it was said since it last cleared
    /// (so that "problems cleared" is said only after a problem was).
    @discardableResult
    mutating func clear(_ channel: Channel) -> Bool {
        // Nearly always there is nothing to clear (it is asked at each write and show): the set is
        // rebuilt, and the channel hashed, only when there is.
        if hasProblems(channel) { active = active.filter { $0.channel != channel } }
        return !saidSinceClear.isEmpty && saidSinceClear.remove(channel) != nil
    }

    private mutating func sayAgain(_ key: Key, now: Date) -> Bool {
        let wait = key.channel.repeatAfter
        if wait > 0, let last = lastSaid[key], now.timeIntervalSince(last) < wait { return false }
        if wait > 0 { lastSaid[key] = now }
        saidSinceClear.insert(key.channel)
        return true
    }
}

/// A failure the shell reports back to the core (a write, a save, a notification, a mark): what
/// failed, its code, and a line for people.
package struct ReportedFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file involved, or what else failed (`notification server`).
    package let subject: String
    /// The kind of failure, to tell failures apart: an errno name (`ENOSPC`), a file or
    /// notification error's code. Never parsed out of `message`.
    package let code: String
    /// What failed, in words a user can act on (`<path>: cannot write: ENOSPC (…)`).
    package let message: String

    /// A failure of `subject` with `code`, said as `message`.
    package init(subject: String, code: String, message: String) {
        self.subject = subject
        self.code = code
        self.message = message
    }

    package var description: String { message }
}
