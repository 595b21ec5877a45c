// SPDX-License-Identifier: GPL-3.0-or-later
/// A time zone as data: its name and its rules, read from TZif bytes or a POSIX `TZ` string.
///
/// Pure: every answer is arithmetic on the rules and civil dates; nothing is loaded behind the
/// caller's back (the shell reads the zone file and hands the bytes in).
package struct Zone: Hashable, Sendable, CustomStringConvertible {
    /// The zone's name: a tz database name (`Europe/Helsinki`), `Etc/UTC`, `GMT+0530` for a fixed
    /// offset, or the POSIX `TZ` string it was read from.
    package let identifier: String
    /// The rules as data (from TZif or a POSIX string).
    var rules: ZoneRules { box.rules }
    /// The rules behind one reference: a calendar, and so its zone, is copied at every wake of the
    /// agent's core, and the rules' arrays were retained one by one at each copy.
    private let box: Rules

    private final class Rules: Sendable {
        let rules: ZoneRules
        init(_ rules: ZoneRules) { self.rules = rules }
    }

    package static func == (a: Zone, b: Zone) -> Bool {
        a.identifier == b.identifier && (a.box === b.box || a.rules == b.rules)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(rules)
    }

    /// A zone read from the bytes of a TZif file (RFC 8536, versions 1 to 4).
    /// - Parameters:
    ///   - identifier: the zone's name, e.g. `Europe/Helsinki`.
    ///   - path: the file the bytes came from, for errors.
    /// - Throws: `ZoneFileError` naming `path` when the bytes are not valid TZif.
    package init(identifier: String, tzif bytes: [UInt8], path: String) throws(ZoneFileError) {
        self.identifier = identifier
        box = Rules(try ZoneRules(tzif: bytes, path: path))
    }

    /// A zone from a POSIX `TZ` string such as `IST-5:30`, `EST5EDT,M3.2.0,M11.1.0` or
    /// `<+0330>-3:30`; `nil` when `text` is not one. A rule without daylight time is named like
    /// Foundation's fixed zones (`GMT+0530`, `GMT` for zero); one with daylight time by the string.
    package init?(posixTZ text: String) {
        guard let rule = POSIXRule(text) else { return nil }
        if rule.daylight == nil {
            self = Zone.fixed(secondsFromGMT: rule.standard.offset, abbreviation: rule.standard.abbreviation)
        } else {
            self.init(identifier: text, rules: ZoneRules(posix: rule))
        }
    }

    init(identifier: String, rules: ZoneRules) {
        self.identifier = identifier
        box = Rules(rules)
    }

    /// UTC, named `Etc/UTC`.
    package static let utc = Zone(
        identifier: "Etc/UTC", rules: ZoneRules(fixed: LocalTimeType(offset: 0, isDST: false, abbreviation: "UTC")))

    /// A zone that is always `seconds` east of UTC, named like Foundation's (`GMT+0530`, `GMT-0500`,
    /// `GMT`).
    package static func fixed(secondsFromGMT seconds: Int, abbreviation: String? = nil) -> Zone {
        let minutes = abs(seconds) / 60
        let name =
            seconds == 0
            ? "GMT" : "GMT" + (seconds < 0 ? "-" : "+") + Digits.pad(minutes / 60, 2) + Digits.pad(minutes % 60, 2)
        let type = LocalTimeType(offset: seconds, isDST: false, abbreviation: abbreviation ?? name)
        return Zone(identifier: name, rules: ZoneRules(fixed: type))
    }

    package var description: String { identifier }

    // MARK: Offsets and abbreviations

    /// The local time type at `t` seconds since 1970.
    func localType(_ t: Int) -> LocalTimeType { rules.type(at: Self.clamp(t)) }

    /// The UTC offset in whole seconds at `t` seconds since 1970.
    func offset(_ t: Int) -> Int { rules.offset(at: Self.clamp(t)) }

    /// The UTC offset in whole seconds at `instant`.
    package func offset(at instant: Date) -> Int { offset(Self.floorSeconds(instant)) }

    /// The abbreviation at `instant`, e.g. `EEST`.
    package func abbreviation(at instant: Date) -> String? { localType(Self.floorSeconds(instant)).abbreviation }

    /// Whether daylight saving time is in effect at `instant`.
    package func isDaylightSavingTime(at instant: Date) -> Bool { localType(Self.floorSeconds(instant)).isDST }

    /// The instants in `(from, to]` at which the UTC offset changes, in time order.
    package func offsetChanges(from: Date, to: Date) -> [Date] {
        let lo = Self.floorSeconds(from)
        let hi = Self.floorSeconds(to)
        guard lo < hi else { return [] }
        return rules.segments(from: lo, to: hi).dropFirst().map { Date(timeIntervalSince1970: Double($0.start)) }
    }

    // MARK: Wall clock

    /// Seconds since 1970-01-01T00:00 on the local wall clock at `t` (UTC seconds).
    func localSeconds(_ t: Int) -> Int { t + offset(t) }

    /// The wall-clock date and time at `instant` (whole seconds, floored).
    package func wallClock(at instant: Date) -> (date: CivilDate, time: WallTime) {
        let local = localSeconds(Self.floorSeconds(instant))
        let days = Self.floorDiv(local, 86_400)
        return (CivilDate(daysSinceEpoch: days), WallTime(uncheckedSeconds: local - days * 86_400))
    }

    /// The first instant whose wall clock reads `time` on `date` or later: the wall time itself when
    /// it exists (its first occurrence when it happens twice), the first instant after a DST gap
    /// that swallowed it, and the first instant of the next existing date when the zone skipped
    /// `date` (Pacific/Apia 2011-12-30).
    package func resolve(_ date: CivilDate, _ time: WallTime) -> Date {
        let local = date.daysSinceEpoch * 86_400 + time.secondsIntoDay
        return Date(timeIntervalSince1970: Double(Self.firstInstant(atOrAfter: local, rules)))
    }

    /// The first UTC second whose local wall clock is ≥ `local`: over each stretch `[a, b)` of
    /// constant offset `o` near `local`, the wall clock reaches `local` at `max(a, local - o)` when
    /// `local - o < b`; the earliest of those.
    static func firstInstant(atOrAfter local: Int, _ rules: ZoneRules) -> Int {
        let local = clamp(local)
        // Offsets stay within ±26 h, so the answer lies within two days of `local`.
        let from = local - 2 * 86_400
        let to = local + 2 * 86_400
        // Most days: one offset all around `local`, so the wall time exists exactly once.
        if !rules.changes(after: from, through: to) { return local - rules.offset(at: from) }
        let segments = rules.segments(from: from, to: to)
        var best = Int.max
        for (i, segment) in segments.enumerated() {
            let end = i + 1 < segments.count ? segments[i + 1].start : Int.max
            let t = local - segment.offset
            if t < end { best = min(best, max(segment.start, t)) }
        }
        return best == Int.max ? local - rules.type(at: local).offset : best
    }

    // MARK: Helpers

    /// Whole seconds since 1970, floored; instants beyond years 1…9999 are clamped (a day key has four
    /// digits, and `Int(_:)` of a huge double would trap).
    static func floorSeconds(_ instant: Date) -> Int {
        let t = instant.timeIntervalSince1970.rounded(.down)
        guard t.isFinite else { return t > 0 ? 253_402_214_400 : -62_135_596_800 }
        return Int(min(max(t, -62_135_596_800), 253_402_214_400))
    }

    /// `t` kept within years 1…9999 and a few days, so that arithmetic on it never overflows.
    static func clamp(_ t: Int) -> Int { min(max(t, -62_135_596_800 - 4 * 86_400), 253_402_214_400 + 4 * 86_400) }

    static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
}
