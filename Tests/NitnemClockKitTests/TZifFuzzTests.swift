// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import TestSupport
import Testing

/// Mutated real zone files (a seeded mutator: flipped bytes, truncations, wild counts, inserted
/// bytes, garbage footers) are read as a zone or rejected with an error naming the file; never
/// a crash, and a zone that was read answers every question.
@Suite struct TZifFuzzTests {
    static let seeds = edgeZones + ["America/Sao_Paulo", "Asia/Tehran", "Africa/Casablanca", "EST5EDT", "Etc/GMT-14"]

    static func mutate(_ original: [UInt8], _ rng: inout SeededRandom) -> [UInt8] {
        var b = original
        let mutations = Int.random(in: 1...3, using: &rng)
        for _ in 0..<mutations where !b.isEmpty {
            switch Int.random(in: 0..<7, using: &rng) {
            case 0:  // flip bits in a few bytes
                for _ in 0..<Int.random(in: 1...8, using: &rng) {
                    b[Int.random(in: 0..<b.count, using: &rng)] ^= UInt8.random(in: 1...255, using: &rng)
                }
            case 1:  // truncate
                b = Array(b.prefix(Int.random(in: 0..<b.count, using: &rng)))
            case 2:  // a count in either header set to a wild value
                let headers = [0] + (b.count > 44 ? [Self.secondHeader(b)].compactMap { $0 } : [])
                let at = headers.randomElement(using: &rng)! + 20 + 4 * Int.random(in: 0..<6, using: &rng)
                let values: [UInt32] = [
                    0, 1, 2, 0xFF, 0xFFFF, 0x7FFF_FFFF, 0xFFFF_FFFF, UInt32.random(in: 0...UInt32.max, using: &rng),
                ]
                let v = values.randomElement(using: &rng)!
                if at + 4 <= b.count {
                    for k in 0..<4 { b[at + k] = UInt8(truncatingIfNeeded: v >> (24 - 8 * UInt32(k))) }
                }
            case 3:  // insert random bytes
                let at = Int.random(in: 0...b.count, using: &rng)
                b.insert(
                    contentsOf: (0..<Int.random(in: 1...16, using: &rng)).map { _ in
                        UInt8.random(in: 0...255, using: &rng)
                    }, at: at)
            case 4:  // a garbage footer
                if let nl = b.dropLast().lastIndex(of: 0x0A) {
                    let junk = (0..<Int.random(in: 0...24, using: &rng)).map { _ in
                        Array("AZaz09<>+-,./:JM\u{7F}".utf8).randomElement(using: &rng)!
                    }
                    b = Array(b[...nl]) + junk + [0x0A]
                }
            case 5:  // the version byte
                b[min(4, b.count - 1)] = [0, 0x31, 0x32, 0x33, 0x34, 0x35, 0x41, 0xFF].randomElement(using: &rng)!
            default:  // overwrite an 8-byte run (a transition time) with extremes
                let at = Int.random(in: 0..<b.count, using: &rng)
                let fill: UInt8 = [0x00, 0x7F, 0x80, 0xFF].randomElement(using: &rng)!
                for k in at..<min(b.count, at + 8) { b[k] = fill }
            }
        }
        return b
    }

    /// Where the version 2+ header starts, from the version 1 counts (nil when not computable).
    static func secondHeader(_ b: [UInt8]) -> Int? {
        guard b.count >= 44 else { return nil }
        func count(_ i: Int) -> Int { (0..<4).reduce(0) { $0 << 8 | Int(b[20 + 4 * i + $1]) } }
        let (isut, isstd, leap, time, type, char) = (count(0), count(1), count(2), count(3), count(4), count(5))
        let at = 44 + time * 5 + type * 6 + char + leap * 8 + isstd + isut
        return at + 44 <= b.count ? at : nil
    }

    static let probes: [Date] = [
        .distantPast, .distantFuture, Date(timeIntervalSince1970: -1e18), Date(timeIntervalSince1970: 1e18),
        Date(timeIntervalSince1970: .nan), Date(timeIntervalSince1970: 0), instant("2026-03-29T01:30:00Z"),
        instant("2011-12-30T10:00:00Z"), instant("2037-11-01T06:00:00Z"), instant("2100-06-01T00:00:00Z"),
    ]

    @Test func mutatedZoneFilesNeverCrash() throws {
        var rng = SeededRandom(seed: 8536)
        var read = 0
        var rejected = 0
        let perSeed = 400
        for name in Self.seeds {
            let path = ZoneFiles.folder + "/" + name
            let original = try #require(ZoneFiles.bytes(path), "\(path)")
            for _ in 0..<perSeed {
                let bytes = Self.mutate(original, &rng)
                do {
                    let zone = try Zone(identifier: name, tzif: bytes, path: path)
                    read += 1
                    for t in Self.probes {
                        _ = zone.offset(at: t)
                        _ = zone.abbreviation(at: t)
                        _ = zone.wallClock(at: t)
                    }
                    _ = zone.offsetChanges(from: Self.probes[5], to: Self.probes[9])
                    let cal = NitnemCalendar(zone: zone)
                    for key in [day("2026-03-29"), day("2011-12-30"), day("0001-01-01"), day("9999-12-31")] {
                        _ = cal.dayStart(key)
                        _ = cal.resolve(key, .dayRoll)
                    }
                    let key = cal.dayKey(at: Self.probes[6])
                    _ = cal.bands(of: key)
                    _ = cal.nextFixedPoints(after: Self.probes[6])
                    _ = cal.nextReminders(after: Self.probes[6], slots: .defaults)
                } catch {
                    rejected += 1
                    #expect(error.path == path)
                    #expect(error.description.hasPrefix(path + ": "))
                }
            }
        }
        print("fuzzed TZif: \(read + rejected) cases, \(read) read, \(rejected) rejected")
        #expect(read + rejected == Self.seeds.count * perSeed)
        #expect(rejected > 0 && read > 0)
    }

    @Test(arguments: [
        ([UInt8](), "is not a TZif file (no TZif magic)"),
        (Array("TZif2".utf8), "is truncated: 5 bytes, a header needs 44"),
        (Array("#!/bin/sh\n".utf8), "is not a TZif file (no TZif magic)"),
    ])
    func namesTheFileAndTheProblem(_ bytes: [UInt8], _ problem: String) {
        #expect(throws: ZoneFileError(path: "/z/X", problem: problem)) {
            try Zone(identifier: "X", tzif: bytes, path: "/z/X")
        }
    }

    @Test func truncatedRealFilesAreErrorsAtEveryLength() throws {
        let path = ZoneFiles.folder + "/Europe/Helsinki"
        let original = try #require(ZoneFiles.bytes(path))
        _ = try Zone(identifier: "Europe/Helsinki", tzif: original, path: path)
        for n in 0..<original.count {
            #expect(throws: ZoneFileError.self) {
                try Zone(identifier: "Europe/Helsinki", tzif: Array(original.prefix(n)), path: path)
            }
        }
    }
}
