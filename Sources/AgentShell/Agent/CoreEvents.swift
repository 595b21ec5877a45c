// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Posix
import Scheduler
import Snapshot

/// The loop's events as `AgentCore` hears them, named the same way by the agent and by
/// `status --follow`, with the reads they need (the pause, the zone).
struct CoreEvents {
    let group: AppGroup
    let environment: [String: String]
    let localtimePath: String
    /// The pause file (`nitnem reminders pause`); nil: not followed.
    let pausePath: String?

    /// The core's event for `event`; nil for what each shell names itself (signals, the config,
    /// notifications, clicks, the output) and for a timeout.
    func named(_ event: EventLoop.Event) -> AgentCore.Event? {
        switch event {
        case .filesTouched(let whole): .filesTouched(whole: whole)
        case .copyArrived: .copyArrived
        case .eventsLost: .eventsLost
        case .groupRecreated: .groupRecreated(path: group.path)
        case .timelineRemoved: .timelineRemoved(path: group.timelinePath)
        case .pauseTouched: pausePath.map(Self.readPause)
        case .zoneLinkChanged: readZone()
        case .timer: .timer
        case .clockJumped: .clockChanged
        case .signal, .configTouched, .notification, .clicksReady, .outputClosed, .timedOut: nil
        }
    }

    /// What the shell reports after it wrote the progress file (a mark): the write's own file
    /// events are taken off `loop` and the files read at once (`read`), so a press is one wake;
    /// any other event taken (a copy, the pause) is handed on.
    func afterWrite(on loop: EventLoop?, read: () -> Result<GroupFiles, GroupFileError>) -> [AgentCore.Event] {
        let others = (loop?.takeQueuedFileEvents() ?? []).filter {
            if case .filesTouched = $0 { false } else { true }
        }
        return [.filesRead(read())] + others.compactMap(named)
    }

    /// Reads the pause file at `path`: the instant it pauses until (nil when there is none), or
    /// why it cannot be read.
    static func readPause(_ path: String) -> AgentCore.Event {
        do throws(GroupFileError) {
            return .pauseChanged(try PauseStore.load(path: path)?.until)
        } catch {
            return .pauseUnreadable(error)
        }
    }

    /// Reads the system zone again (its link changed).
    func readZone() -> AgentCore.Event {
        .zoneRead(
            Result { () throws(ClockError) in
                NitnemCalendar(zone: try SystemZone.current(environment: environment, localtime: localtimePath))
            })
    }
}
