// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Notify
import Posix
import Scheduler
import Snapshot

extension ReportedFailure {
    /// A file that could not be written: its path, and its code with the errno's name
    /// (`system ENOSPC`) when a system call failed.
    init(_ error: FileError) {
        let code = error.cause.map { "\(error.code) \($0.errnoName)" } ?? "\(error.code)"
        self.init(subject: error.path, code: code, message: error.description)
    }

    /// A group file `nitnem mark` could not change.
    init(_ error: GroupFileError) {
        self.init(subject: error.path, code: "\(error.code)", message: error.description)
    }

    /// The notification server could not show a reminder.
    init(_ error: NotifyError) {
        self.init(subject: "notification server", code: "\(error.code)", message: error.problem)
    }
}
