// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

// The product's instants are NitnemClockKit's; Foundation, imported here as an oracle, has its own.
typealias Date = NitnemClockKit.Date
typealias DateInterval = NitnemClockKit.DateInterval
typealias TimeInterval = NitnemClockKit.TimeInterval
