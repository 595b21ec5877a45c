// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import TestSupport
import Testing

/// Every zone of the system's tzdata, read from its TZif file, against Foundation's TimeZone (ICU)
/// as an independent oracle: the offset at each transition of 1970–2037 and a second either side,
/// and at random instants of those years. Abbreviations are compared where ICU gives a real one
/// (not a `GMT+5:30` form) and the TZif one is not numeric (`+0530`, `-03`).
@Suite struct ZoneOracleTests {
    static let from = Date(timeIntervalSince1970: 0)
    static let to = Date(timeIntervalSince1970: 2_145_916_800)  // 2038-01-01

    /// Zones where ICU's data and the system's tzdata are known to differ (tzdata releases newer
    /// than the ICU in the toolchain), with the first instant of the difference.
    static let knownDifferences: [String: Date] = [:]

    static let english = Locale(identifier: "en_US")
    /// ICU's names are its zones' *current* metazone names: compared from 2023 on (after Mexico
    /// dropped DST in 2022), so that a zone whose metazone changed (Indiana, North Dakota, Cancún)
    /// is not held to today's names for its past.
    static let abbreviationsFrom = Date(timeIntervalSince1970: 1_672_531_200)  // 2023-01-01
    /// Where CLDR's short names and tzdata's differ by convention only.
    static let cldrNames = ["HAST": "HST", "HADT": "HDT"]

    struct Tally {
        var zones = 0
        var instants = 0
        var abbreviations = 0
        var missingInICU: [String] = []
        var offsetMismatches: [String] = []
        var abbreviationMismatches: [String] = []
    }

    /// Whether ICU's abbreviation is a real one: not `GMT+5:30` / `UTC-3`, and not plain `GMT` for a
    /// zone off UTC (ICU's fallback for offsets such as Monrovia's -0:44:30); and the TZif one is
    /// not numeric.
    static func isRealAbbreviation(_ icu: String, _ tzif: String, offset: Int) -> Bool {
        guard let first = tzif.first, first != "+", first != "-" else { return false }
        // ICU's plain `GMT` is its short name for any zone at UTC+0 (WET too) and its fallback off it.
        if icu == "GMT" || icu == "UTC" { return false }
        return !(icu.hasPrefix("GMT+") || icu.hasPrefix("GMT-") || icu.hasPrefix("UTC+") || icu.hasPrefix("UTC-"))
    }

    static func check(_ names: [String]) throws -> Tally {
        var tally = Tally()
        var rng = SeededRandom(seed: 13)
        for name in names {
            let zone = try ZoneFiles.zone(name)
            guard let icu = TimeZone(identifier: name) else {
                tally.missingInICU.append(name)
                continue
            }
            tally.zones += 1
            var instants: [Date] = []
            for t in zone.offsetChanges(from: from, to: to) { instants += [t - 1, t, t + 1] }
            for _ in 0..<200 {
                instants.append(Date(timeIntervalSince1970: Double(Int.random(in: 0..<2_145_916_800, using: &rng))))
            }
            for t in instants {
                if let since = knownDifferences[name], t >= since { continue }
                tally.instants += 1
                let mine = zone.offset(at: t)
                let theirs = icu.secondsFromGMT(for: t.foundation)
                if mine != theirs {
                    tally.offsetMismatches.append("\(name) at \(RFC3339.utcTimestamp(t)): \(mine) ≠ ICU \(theirs)")
                    continue
                }
                // ICU's `abbreviation(for:)` reads `GMT+2` here; its real short names are the
                // localized standard and daylight names of the zone's current metazone, so they are
                // compared from 2023 on, and only where ICU has one.
                guard t >= abbreviationsFrom, let a = zone.abbreviation(at: t) else { continue }
                let style: TimeZone.NameStyle =
                    icu.isDaylightSavingTime(for: t.foundation) ? .shortDaylightSaving : .shortStandard
                if let name = icu.localizedName(for: style, locale: english), isRealAbbreviation(name, a, offset: mine)
                {
                    let b = cldrNames[name] ?? name
                    tally.abbreviations += 1
                    if a != b {
                        tally.abbreviationMismatches.append("\(name) at \(RFC3339.utcTimestamp(t)): \(a) ≠ ICU \(b)")
                    }
                }
            }
        }
        return tally
    }

    @Test func everyZoneAgreesWithICU() throws {
        let names = ZoneFiles.allNames
        #expect(names.count > 300, "zone1970.tab and the backward links")
        let started = Foundation.Date()
        let tally = try Self.check(names)
        print(
            "zones: \(names.count) read, \(tally.zones) compared, \(tally.instants) instants, \(tally.abbreviations) abbreviations; "
                + "not in ICU: \(tally.missingInICU); \(Foundation.Date().timeIntervalSince(started)) s")
        #expect(tally.offsetMismatches.isEmpty, "\(tally.offsetMismatches.prefix(40))")
        let byZone = Dictionary(grouping: tally.abbreviationMismatches, by: { $0.prefix { $0 != " " } }).mapValues(
            \.count)
        if !byZone.isEmpty { print("abbreviation mismatches by zone: \(byZone)") }
        #expect(tally.abbreviationMismatches.isEmpty, "\(byZone) \(tally.abbreviationMismatches.prefix(20))")
        #expect(tally.missingInICU.count < 5, "\(tally.missingInICU)")
    }
}
