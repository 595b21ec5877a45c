// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

extension TodayState {
    /// `{"id","key","variant","titleEn","titleGurmukhi","url","resume":{"seq","nLines","fraction"}|null}`, or
    /// `null`: the `next` of `status --format json` and of every timeline entry.
    package var nextJSON: JSONValue {
        guard let next else { return .null }
        let b = next.bani
        return .object([
            ("id", .string(b.id)), ("key", .string(b.key)), ("variant", .string(b.variant)),
            ("titleEn", .string(b.titleEn)), ("titleGurmukhi", .optional(b.titleGurmukhi)), ("url", .string(b.url)),
            (
                "resume",
                next.resume.map {
                    .object([
                        ("seq", .int($0.seq)), ("nLines", .int($0.nLines)),
                        ("fraction", .double(Self.round($0.fraction))),
                    ])
                } ?? .null
            ),
        ])
    }

    /// `{"done","total","fraction"}`: the `today` of `status --format json` and of every timeline entry.
    package var todayJSON: JSONValue {
        .object([("done", .int(done)), ("total", .int(total)), ("fraction", .double(Self.round(fraction)))])
    }

    /// `{"id","title","setEmpty"}` of the band; `setEmpty`: its daily set (yours, or the snapshot's)
    /// has no bani — nothing to read in this band, which is not the same as complete.
    package var bandJSON: JSONValue {
        .object([
            ("id", .string(band.rawValue)), ("title", .string(band.title)), ("setEmpty", .bool(bandSetIsEmpty)),
        ])
    }

    /// Four decimals: stable text for golden files and bars.
    static func round(_ x: Double) -> Double { (x * 10_000).rounded() / 10_000 }
}
