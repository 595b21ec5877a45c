// SPDX-License-Identifier: GPL-3.0-or-later
/// One local time type of a zone: its UTC offset, whether it is daylight time, and its
/// abbreviation (`EEST`, `IST`, `-03`).
package struct LocalTimeType: Hashable, Sendable {
    /// Seconds east of UTC.
    package var offset: Int
    /// Whether this is daylight saving time.
    package var isDST: Bool
    /// The abbreviation, e.g. `EET`.
    package var abbreviation: String
}

/// A zone file that could not be read as TZif (RFC 8536), naming the file and what is wrong.
package struct ZoneFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, e.g. `/usr/share/zoneinfo/Europe/Helsinki`.
    package let path: String
    /// What is wrong, e.g. `is truncated: 1203 bytes, the header needs 1580`.
    package let problem: String

    package init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    /// `/usr/share/zoneinfo/X: is not a TZif file (no TZif magic)`.
    package var description: String { "\(Printable.bounded(path)): \(problem)" }
}

/// The rules of a zone as a TZif file states them: transitions, local time types and the POSIX
/// `TZ` footer for instants past the last transition.
struct ZoneRules: Hashable, Sendable {
    /// Transition instants, UTC seconds, strictly ascending.
    var transitions: [Int]
    /// The index into `types` of the type that starts at each transition.
    var transitionTypes: [Int]
    /// The local time types; `types[0]` applies before the first transition.
    var types: [LocalTimeType]
    /// The rule for instants after the last transition (TZif v2+ footer), if any.
    var footer: POSIXRule?

    /// A zone with one local time type and no transitions.
    init(fixed type: LocalTimeType) {
        transitions = []
        transitionTypes = []
        types = [type]
        footer = nil
    }

    /// Rules that are only a POSIX `TZ` rule.
    init(posix rule: POSIXRule) {
        transitions = []
        transitionTypes = []
        types = [rule.standard]
        footer = rule
    }

    init(transitions: [Int], transitionTypes: [Int], types: [LocalTimeType], footer: POSIXRule?) {
        self.transitions = transitions
        self.transitionTypes = transitionTypes
        self.types = types
        self.footer = footer
    }

    /// The local time type at `t` (UTC seconds).
    func type(at t: Int) -> LocalTimeType {
        guard let last = transitions.last else { return footer?.type(at: t) ?? types[0] }
        if t >= last, let footer { return footer.type(at: t) }
        // The last transition at or before t.
        let i = firstTransition(after: t)
        return i == 0 ? types[0] : types[transitionTypes[i - 1]]
    }

    /// The UTC offset at `t` (UTC seconds): `type(at:).offset`, without copying the type.
    func offset(at t: Int) -> Int {
        guard let last = transitions.last else { return footer?.offset(at: t) ?? types[0].offset }
        if t >= last, let footer { return footer.offset(at: t) }
        let i = firstTransition(after: t)
        return i == 0 ? types[0].offset : types[transitionTypes[i - 1]].offset
    }

    /// The index of the first transition strictly after `t` (`transitions.count` when none is).
    func firstTransition(after t: Int) -> Int {
        var lo = 0
        var hi = transitions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if transitions[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Whether the local time type changes anywhere in `(from, to]`: when it does not, one offset
    /// holds over the whole stretch.
    func changes(after from: Int, through to: Int) -> Bool {
        let i = firstTransition(after: from)
        if i < transitions.count { return transitions[i] <= to }
        // Asked in place: `guard let` copied the rule (its abbreviations) at every call.
        return footer?.changes(after: max(from, transitions.last ?? Int.min), through: to) ?? false
    }

    /// The stretches of constant offset that cover `[from, to]`: each a start and its offset, in
    /// time order; the first starts at `from`.
    func segments(from: Int, to: Int) -> [(start: Int, offset: Int)] {
        var result = [(start: from, offset: type(at: from).offset)]
        func add(_ at: Int, _ offset: Int) {
            if offset != result[result.count - 1].offset { result.append((at, offset)) }
        }
        var i = firstTransition(after: from)
        while i < transitions.count, transitions[i] <= to {
            add(transitions[i], types[transitionTypes[i]].offset)
            i += 1
        }
        if let footer, i == transitions.count {
            let after = max(from, transitions.last ?? Int.min)
            for (at, type) in footer.transitions(from: after, to: to) { add(at, type.offset) }
        }
        return result
    }

    /// Reads TZif bytes (versions 1 to 4; the 64-bit data of version 2 and later, and its footer).
    /// - Throws: `ZoneFileError` naming `path` for anything malformed or truncated.
    init(tzif bytes: [UInt8], path: String) throws(ZoneFileError) {
        var r = ByteReader(bytes: bytes, path: path)
        let header = try r.header()
        guard header.version == 0 || header.version >= 2 else {
            let v = UInt8(header.version + 0x30)
            throw ZoneFileError(
                path: path,
                problem: "has an unknown TZif version '\(Printable.escaped(String(decoding: [v], as: UTF8.self)))'")
        }
        var counts = header.counts
        var timeSize = 4
        if header.version >= 2 {
            // Skip the version 1 data block: the 64-bit block and the footer follow it.
            try r.skip(counts.dataLength(timeSize: 4), what: "the version 1 data")
            let second = try r.header()
            guard second.version == header.version else {
                throw ZoneFileError(path: path, problem: "has two headers that disagree on the version")
            }
            counts = second.counts
            timeSize = 8
        }
        guard counts.typecnt >= 1 else {
            throw ZoneFileError(path: path, problem: "has no local time types (typecnt is 0)")
        }
        guard counts.charcnt >= 1 else {
            throw ZoneFileError(path: path, problem: "has no abbreviation characters (charcnt is 0)")
        }
        guard counts.isutcnt == 0 || counts.isutcnt == counts.typecnt,
            counts.isstdcnt == 0 || counts.isstdcnt == counts.typecnt
        else {
            throw ZoneFileError(path: path, problem: "has indicator counts that do not match its type count")
        }
        guard r.remaining >= counts.dataLength(timeSize: timeSize) else {
            throw ZoneFileError(
                path: path,
                problem:
                    "is truncated: \(bytes.count) bytes, its header needs \(r.offset + counts.dataLength(timeSize: timeSize))"
            )
        }
        var times: [Int] = []
        times.reserveCapacity(counts.timecnt)
        for _ in 0..<counts.timecnt {
            let t = timeSize == 8 ? r.int64() : Int(r.int32())
            if let previous = times.last, t <= previous {
                throw ZoneFileError(path: path, problem: "has transition times out of order")
            }
            times.append(t)
        }
        var indices: [Int] = []
        indices.reserveCapacity(counts.timecnt)
        for _ in 0..<counts.timecnt {
            let index = Int(r.uint8())
            guard index < counts.typecnt else {
                throw ZoneFileError(
                    path: path, problem: "has a transition to local time type \(index) of \(counts.typecnt)")
            }
            indices.append(index)
        }
        var raw: [(offset: Int, isDST: Bool, index: Int)] = []
        for _ in 0..<counts.typecnt {
            let offset = Int(r.int32())
            let isDST = r.uint8()
            let index = Int(r.uint8())
            // RFC 8536 §3.2: more than -25 hours and less than 26 hours.
            guard offset > -89_999 - 1, offset < 93_600 else {
                throw ZoneFileError(path: path, problem: "has a UTC offset out of range (\(offset) s)")
            }
            guard isDST <= 1 else { throw ZoneFileError(path: path, problem: "has a DST flag that is not 0 or 1") }
            guard index < counts.charcnt else {
                throw ZoneFileError(path: path, problem: "has an abbreviation index past its characters")
            }
            raw.append((offset, isDST == 1, index))
        }
        let chars = r.bytes(counts.charcnt)
        let types = raw.map { t in
            let tail = chars[(chars.startIndex + t.index)...]
            let end = tail.firstIndex(of: 0) ?? tail.endIndex
            return LocalTimeType(
                offset: t.offset, isDST: t.isDST, abbreviation: String(decoding: tail[..<end], as: UTF8.self))
        }
        // Leap second records and the indicators are not needed for civil time ("right/" zones'
        // leap corrections are not applied).
        r.skipChecked(counts.leapcnt * (timeSize + 4) + counts.isstdcnt + counts.isutcnt)

        var footer: POSIXRule?
        if header.version >= 2 {
            guard r.remaining >= 2, r.uint8() == 0x0A else {
                throw ZoneFileError(path: path, problem: "has no footer (the TZ rule after the data)")
            }
            let rest = r.bytes(r.remaining)
            guard let newline = rest.firstIndex(of: 0x0A) else {
                throw ZoneFileError(path: path, problem: "has a footer without its closing newline")
            }
            let text = rest[..<newline]
            if !text.isEmpty {
                guard let rule = POSIXRule(String(decoding: text, as: UTF8.self)) else {
                    throw ZoneFileError(
                        path: path,
                        problem:
                            "has a footer that is not a POSIX TZ rule: '\(Printable.bounded(String(decoding: text, as: UTF8.self)))'"
                    )
                }
                footer = rule
            }
        }
        self.init(transitions: times, transitionTypes: indices, types: types, footer: footer)
    }
}

/// The six counts of a TZif header.
private struct TZifCounts {
    var isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt: Int

    func dataLength(timeSize: Int) -> Int {
        timecnt * timeSize + timecnt + typecnt * 6 + charcnt + leapcnt * (timeSize + 4) + isstdcnt + isutcnt
    }
}

/// A bounds-checked big-endian reader over TZif bytes.
private struct ByteReader {
    let bytes: [UInt8]
    let path: String
    var offset = 0

    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    var remaining: Int { bytes.count - offset }

    /// A 44-byte header: magic, version (0 for version 1, else the digit's value) and counts.
    mutating func header() throws(ZoneFileError) -> (version: Int, counts: TZifCounts) {
        guard remaining >= 44 else {
            if offset == 0, !bytes.starts(with: Array("TZif".utf8)) {
                throw ZoneFileError(path: path, problem: "is not a TZif file (no TZif magic)")
            }
            throw ZoneFileError(
                path: path, problem: "is truncated: \(bytes.count) bytes, a header needs \(offset + 44)")
        }
        guard bytes[offset..<offset + 4].elementsEqual("TZif".utf8) else {
            throw ZoneFileError(
                path: path,
                problem: offset == 0
                    ? "is not a TZif file (no TZif magic)" : "has no second TZif header at byte \(offset)")
        }
        let v = bytes[offset + 4]
        let version = v == 0 ? 0 : (v >= 0x31 && v <= 0x39 ? Int(v - 0x30) : 99)
        if version == 99 {
            throw ZoneFileError(path: path, problem: "has an unknown TZif version byte \(v)")
        }
        offset += 20
        let c = (0..<6).map { _ in Int(uint32()) }
        return (
            version,
            TZifCounts(isutcnt: c[0], isstdcnt: c[1], leapcnt: c[2], timecnt: c[3], typecnt: c[4], charcnt: c[5])
        )
    }

    mutating func skip(_ n: Int, what: String) throws(ZoneFileError) {
        guard remaining >= n else {
            throw ZoneFileError(
                path: path, problem: "is truncated: \(bytes.count) bytes, \(what) needs \(offset + n)")
        }
        offset += n
    }

    /// Skips bytes whose presence was already checked.
    mutating func skipChecked(_ n: Int) { offset = min(bytes.count, offset + n) }

    mutating func uint8() -> UInt8 {
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func uint32() -> UInt32 {
        var v: UInt32 = 0
        for k in 0..<4 { v = v << 8 | UInt32(bytes[offset + k]) }
        offset += 4
        return v
    }

    mutating func int32() -> Int32 { Int32(bitPattern: uint32()) }

    mutating func int64() -> Int {
        var v: UInt64 = 0
        for k in 0..<8 { v = v << 8 | UInt64(bytes[offset + k]) }
        offset += 8
        return Int(Int64(bitPattern: v))
    }

    mutating func bytes(_ n: Int) -> ArraySlice<UInt8> {
        defer { offset += n }
        return bytes[offset..<offset + n]
    }
}
