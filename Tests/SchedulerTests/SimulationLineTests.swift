// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Scheduler
import Snapshot
import TestSupport
import Testing

/// `Simulation.Line.write(to:)` prints exactly the bytes of its JSON object, compact, and a newline:
/// the fast path of `nitnem simulate` changes no byte of its output.
@Suite struct SimulationLineTests {
    static let lines: [Simulation.Line] = [
        .timeline(
            at: "2026-11-29T03:00:00+05:30", dayKey: "2026-11-29", band: "amritVela", next: "japji", done: 0, total: 7),
        .timeline(at: "2026-11-29T22:00:00-03:30", dayKey: "2026-11-29", band: "night", next: nil, done: 7, total: 7),
        .reminder(
            at: "2026-11-29T18:00:00Z", band: "evening", dayKey: "2026-11-29", bani: "rehras/taksal", late: false),
        .reminder(at: "2026-11-29T18:00:00Z", band: "evening", dayKey: "2026-11-29", bani: "rehras", late: true),
        .reminderSkipped(at: "2026-11-29T06:00:00+05:30", band: "amritVela", dayKey: "2026-11-29", reason: "complete"),
        // Ids from a snapshot may hold anything: quotes, backslashes, control characters, Gurmukhi.
        .timeline(at: "t", dayKey: "d", band: "b", next: "a\"b\\c\u{01}\n\tਜਪੁ", done: -1, total: 0),
        .reminder(at: "", band: "", dayKey: "", bani: "\u{7F}é", late: false),
        .reminderSkipped(at: "x", band: "y", dayKey: "z", reason: "\u{2028}"),
        .reminder(at: "t", band: "evening", dayKey: "d", bani: "rehras", late: true, ofBani: true),
        .baniReminderSkipped(at: "t", band: "evening", dayKey: "d", bani: "kirtan\"sohila", reason: "read"),
        // An instant, written straight into the output: a half-hour zone west of UTC, and the range's ends.
        .timeline(
            at: .stamp(
                RFC3339.Stamp(Fixture.instant("2026-11-29T22:00:00Z"), in: Fixture.calendar("America/St_Johns"))),
            dayKey: "2026-11-29", band: "night", next: nil, done: 7, total: 7),
        .reminder(
            at: .stamp(RFC3339.Stamp(Fixture.instant("0002-01-01T00:00:00Z"), in: Fixture.calendar("Asia/Kolkata"))),
            band: "night", dayKey: "0001-12-31", bani: "kirtan_sohila", late: true),
        .reminderSkipped(
            at: .stamp(
                RFC3339.Stamp(Fixture.instant("9998-12-31T23:59:59Z"), in: Fixture.calendar("Pacific/Kiritimati"))),
            band: "night", dayKey: "9998-12-31", reason: "complete"),
    ]

    @Test(arguments: lines)
    func writesTheBytesOfItsCompactJSON(_ line: Simulation.Line) {
        var out: [UInt8] = []
        line.write(to: &out)
        #expect(String(decoding: out, as: UTF8.self) == line.json.compact + "\n")
    }

    /// The counts, written digit by digit, are `String(n)`'s bytes: every small count, every power of
    /// ten and its neighbours, negatives and the extremes.
    @Test func writesCountsAsJSONDoes() {
        var counts = Array(-30...2_000) + [Int.max, Int.min, Int.max - 1, Int.min + 1]
        var power = 10
        while power <= Int.max / 10 {
            counts += [power - 1, power, power + 1]
            power *= 10
        }
        for n in counts {
            let line = Simulation.Line.timeline(at: "t", dayKey: "d", band: "b", next: nil, done: n, total: n)
            var out: [UInt8] = []
            line.write(to: &out)
            #expect(String(decoding: out, as: UTF8.self) == line.json.compact + "\n", "\(n)")
        }
    }
}
