import Foundation
import NitnemClockKit
import Posix

extension NitnemClockKit.Date {
    /// The same instant as Foundation's `date` (from a formatter, a file's attributes or an oracle).
    public init(_ date: Foundation.Date) {
        self.init(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)
    }

    /// The same instant as Foundation's `Date`, for Foundation's oracles (`Calendar`, `TimeZone`).
    public var foundation: Foundation.Date {
        Foundation.Date(timeIntervalSinceReferenceDate: timeIntervalSinceReferenceDate)
    }

    /// The real clock now, as the shell reads it (`WallClock`).
    public static func realNow() -> NitnemClockKit.Date { WallClock.now() }
}
