// SPDX-License-Identifier: GPL-3.0-or-later
extension Finding {
    /// What a finding says, by a stable name (its raw value, `group-shared`): one case per kind of
    /// finding doctor makes, whatever its words. Its subject is the column doctor prints it under.
    package enum Code: String, CaseIterable, Equatable, Hashable, Sendable {
        case timeZone = "time-zone", nitnemDay = "nitnem-day"
        case group, groupShared = "group-shared", groupNotWritable = "group-not-writable"
        case groupNotAFolder = "group-not-a-folder", groupMissing = "group-missing"
        case groupCannotBeCreated = "group-cannot-be-created"
        case snapshot, snapshotUnavailable = "snapshot-unavailable", snapshotWarning = "snapshot-warning"
        case progress, progressNone = "progress-none", progressWarning = "progress-warning"
        case sets, setsUnreadable = "sets-unreadable", setsUnknownID = "sets-unknown-id"
        case filesUnreadable = "files-unreadable"
        case timeline, timelineMissing = "timeline-missing", timelineStale = "timeline-stale"
        case timelineBehind = "timeline-behind"
        case agentRunning = "agent-running", agentUnrecorded = "agent-unrecorded"
        case agentOtherGroup = "agent-other-group", agentNotRunning = "agent-not-running"
        case agentInstalled = "agent-installed", agentEnabled = "agent-enabled", agentLock = "agent-lock"
        case config, configBadLine = "config-bad-line", configUnreadable = "config-unreadable"
        case rehras, rehrasNoSuchVariant = "rehras-no-such-variant", rehrasNoEffect = "rehras-no-effect"
        case paused, pauseUnreadable = "pause-unreadable"
        case ledger, ledgerUnreadable = "ledger-unreadable"
        case notify, notifyNoActions = "notify-no-actions", notifyNoServer = "notify-no-server"
        case font, fontNone = "font-none", fontNoFcList = "font-no-fc-list", fontFcListFailed = "font-fc-list-failed"
        case handler, handlerNone = "handler-none", handlerOther = "handler-other"
        case handlerNoXdgMime = "handler-no-xdg-mime", handlerCannotAsk = "handler-cannot-ask"
        case reader, readerNotFound = "reader-not-found"
        case syncFolder = "sync-folder", syncIgnored = "sync-ignored", syncNotIgnored = "sync-not-ignored"
        case syncWaiting = "sync-waiting", syncMerged = "sync-merged", syncSetsMerged = "sync-sets-merged"

        /// The subject it is about: the part of its raw value before the first dash (`time-zone` and
        /// `nitnem-day` whole).
        package var subject: Subject {
            switch self {
            case .timeZone: .timeZone
            case .nitnemDay: .nitnemDay
            default:
                switch rawValue.prefix(while: { $0 != "-" }) {
                case "group": .group
                case "snapshot": .snapshot
                case "progress": .progress
                case "sets": .sets
                case "files": .files
                case "timeline": .timeline
                case "agent": .agent
                case "config": .config
                case "rehras": .rehras
                case "paused", "pause": .pause
                case "ledger": .ledger
                case "notify": .notify
                case "font": .font
                case "handler": .handler
                case "reader": .reader
                default: .sync
                }
            }
        }
    }
}
