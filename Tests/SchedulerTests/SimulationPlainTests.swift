// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import Scheduler

/// `Simulation.Line.allPlain`, eight bytes at a time, answers as `isPlain` byte by byte: every byte
/// value at every position of strings up to 20 bytes, among plain bytes and next to others.
@Suite struct SimulationPlainTests {
    static func byByte(_ bytes: [UInt8]) -> Bool { bytes.allSatisfy(Simulation.Line.isPlain) }

    static func words(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer(Simulation.Line.allPlain) }

    @Test(arguments: 0...20)
    func everyByteAtEveryPosition(length: Int) {
        // Plain fillers at the edges of the ranges: space, `~`, `!`, `#`, `[`, `]`, digits, letters.
        var wrong: [[UInt8]] = []
        func check(_ bytes: [UInt8]) { if Self.words(bytes) != Self.byByte(bytes) { wrong.append(bytes) } }
        for filler in Array("~ !#[]0zA".utf8) {
            let base = [UInt8](repeating: filler, count: length)
            check(base)
            for position in 0..<length {
                for value in 0...255 {
                    var bytes = base
                    bytes[position] = UInt8(value)
                    check(bytes)
                    // And a second byte beside it: a borrow out of one byte must not hide or fake another.
                    if position + 1 < length {
                        bytes[position + 1] = UInt8(truncatingIfNeeded: value &+ 1)
                        check(bytes)
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test func pseudoRandomStrings() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        var wrong: [[UInt8]] = []
        for _ in 0..<20_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(seed >> 59)
            var bytes: [UInt8] = []
            for _ in 0..<length {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                // Mostly plain, sometimes anything.
                let r = UInt8(truncatingIfNeeded: seed >> 56)
                bytes.append(r < 200 ? 0x20 + r % 0x5F : r)
            }
            if Self.words(bytes) != Self.byByte(bytes) { wrong.append(bytes) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }
}
