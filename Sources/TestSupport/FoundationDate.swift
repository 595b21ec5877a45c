// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Posix

extension NitnemClockKit.Date {
    /// The same instant as Foundation's `date` (from a formatter, a file's attributes or an oracle).
    package init(_ date: Foundation.Date) {
        self.init(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)
    }

    /// The same instant as Foundation's `Date`, for Foundation's oracles (`Calendar`, `TimeZone`).
    package var foundation: Foundation.Date {
        Foundation.Date(timeIntervalSinceReferenceDate: timeIntervalSinceReferenceDate)
    }

    /// The real clock now, as the shell reads it (`WallClock`).
    package static func realNow() -> NitnemClockKit.Date { WallClock.now() }
}
