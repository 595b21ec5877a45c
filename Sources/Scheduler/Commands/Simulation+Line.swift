// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

extension Simulation {
    /// One line `nitnem simulate` prints.
    package enum Line: Hashable, Sendable {
        /// `{"at","event":"timeline","dayKey","band","next","done","total"}`
        case timeline(at: At, dayKey: String, band: String, next: String?, done: Int, total: Int)
        /// `{"at","event":"reminder","band","dayKey","bani","late"}`; `"event":"bani-reminder"` for a
        /// per-bani reminder (`nitnem sets remind`; `band`: the band its slot falls in).
        case reminder(at: At, band: String, dayKey: String, bani: String, late: Bool, ofBani: Bool = false)
        /// `{"at","event":"reminder-skipped","band","dayKey","reason"}`
        case reminderSkipped(at: At, band: String, dayKey: String, reason: String)
        /// `{"at","event":"bani-reminder-skipped","band","dayKey","bani","reason"}`
        case baniReminderSkipped(at: At, band: String, dayKey: String, bani: String, reason: String)

        /// The line as a JSON object, its keys in printed order.
        package var json: JSONValue {
            switch self {
            case .timeline(let at, let dayKey, let band, let next, let done, let total):
                .object([
                    ("at", .string(at.description)), ("event", .string("timeline")), ("dayKey", .string(dayKey)),
                    ("band", .string(band)), ("next", .optional(next)), ("done", .int(done)), ("total", .int(total)),
                ])
            case .reminder(let at, let band, let dayKey, let bani, let late, let ofBani):
                .object([
                    ("at", .string(at.description)), ("event", .string(ofBani ? "bani-reminder" : "reminder")),
                    ("band", .string(band)),
                    ("dayKey", .string(dayKey)), ("bani", .string(bani)), ("late", .bool(late)),
                ])
            case .reminderSkipped(let at, let band, let dayKey, let reason):
                .object([
                    ("at", .string(at.description)), ("event", .string("reminder-skipped")), ("band", .string(band)),
                    ("dayKey", .string(dayKey)), ("reason", .string(reason)),
                ])
            case .baniReminderSkipped(let at, let band, let dayKey, let bani, let reason):
                .object([
                    ("at", .string(at.description)), ("event", .string("bani-reminder-skipped")),
                    ("band", .string(band)),
                    ("dayKey", .string(dayKey)), ("bani", .string(bani)), ("reason", .string(reason)),
                ])
            }
        }

        /// Appends the line's compact JSON and a newline to `out`: the bytes of `json.compact + "\n"`,
        /// without building the object.
        package func write(to out: inout [UInt8]) {
            switch self {
            case .timeline(let at, let dayKey, let band, let next, let done, let total):
                Self.append("{\"at\":", to: &out)
                Self.appendAt(at, to: &out)
                Self.append(",\"event\":\"timeline\",\"dayKey\":", to: &out)
                Self.appendString(dayKey, to: &out)
                Self.append(",\"band\":", to: &out)
                Self.appendString(band, to: &out)
                Self.append(",\"next\":", to: &out)
                if let next { Self.appendString(next, to: &out) } else { Self.append("null", to: &out) }
                Self.append(",\"done\":", to: &out)
                Self.appendInt(done, to: &out)
                Self.append(",\"total\":", to: &out)
                Self.appendInt(total, to: &out)
            case .reminder(let at, let band, let dayKey, let bani, let late, let ofBani):
                Self.appendReminder(
                    at, ofBani ? ",\"event\":\"bani-reminder\",\"band\":" : ",\"event\":\"reminder\",\"band\":", band,
                    dayKey, to: &out)
                Self.append(",\"bani\":", to: &out)
                Self.appendString(bani, to: &out)
                Self.append(late ? ",\"late\":true" : ",\"late\":false", to: &out)
            case .reminderSkipped(let at, let band, let dayKey, let reason):
                Self.appendReminder(at, ",\"event\":\"reminder-skipped\",\"band\":", band, dayKey, to: &out)
                Self.append(",\"reason\":", to: &out)
                Self.appendString(reason, to: &out)
            case .baniReminderSkipped(let at, let band, let dayKey, let bani, let reason):
                Self.appendReminder(at, ",\"event\":\"bani-reminder-skipped\",\"band\":", band, dayKey, to: &out)
                Self.append(",\"bani\":", to: &out)
                Self.appendString(bani, to: &out)
                Self.append(",\"reason\":", to: &out)
                Self.appendString(reason, to: &out)
            }
            Self.append("}\n", to: &out)
        }

        /// The start every reminder line shares: `{"at":…,"event":"<event>","band":…,"dayKey":…`
        /// (`event`: the bytes from `,"event"` to `"band":`).
        private static func appendReminder(
            _ at: At, _ event: StaticString, _ band: String, _ dayKey: String, to out: inout [UInt8]
        ) {
            append("{\"at\":", to: &out)
            appendAt(at, to: &out)
            append(event, to: &out)
            appendString(band, to: &out)
            append(",\"dayKey\":", to: &out)
            appendString(dayKey, to: &out)
        }

        /// When a line happened: an instant with its zone's offset, written straight into the output
        /// (`RFC3339.append`), or a text as given.
        package enum At: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
            case stamp(RFC3339.Stamp)
            case text(String)

            package init(stringLiteral text: String) { self = .text(text) }

            /// As printed: `RFC3339.format` of the stamp, or the text.
            package var description: String {
                switch self {
                case .stamp(let stamp): RFC3339.format(stamp)
                case .text(let text): text
                }
            }
        }

        /// `at` as a JSON string: a stamp's bytes are plain ASCII, written without a check.
        private static func appendAt(_ at: At, to out: inout [UInt8]) {
            switch at {
            case .stamp(let stamp):
                out.append(UInt8(ascii: "\""))
                RFC3339.append(stamp, to: &out)
                out.append(UInt8(ascii: "\""))
            case .text(let text):
                appendString(text, to: &out)
            }
        }

        /// The literal's bytes (a `StaticString`: no `String` made, retained or released per piece).
        private static func append(_ text: StaticString, to out: inout [UInt8]) {
            text.withUTF8Buffer { out.append(contentsOf: $0) }
        }

        /// `n` in decimal, as `JSONValue.int` writes it (`String(n)`); a count here is small and not
        /// negative, so its digits are written straight in.
        private static func appendInt(_ n: Int, to out: inout [UInt8]) {
            guard n >= 0 else { return out.append(contentsOf: String(n).utf8) }
            var power = 1
            while power <= n / 10 { power *= 10 }
            while power > 0 {
                out.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: n / power % 10))
                power /= 10
            }
        }

        /// A JSON string: printable ASCII without `"` or `\\` as is (every id, key and time here);
        /// anything else through `JSONValue`'s own escaping, so the bytes are always the same.
        private static func appendString(_ text: String, to out: inout [UInt8]) {
            // Checked and copied from the string's own bytes in one go, when it has them together.
            let appended: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
                guard allPlain(bytes) else { return false }
                out.append(UInt8(ascii: "\""))
                out.append(contentsOf: bytes)
                out.append(UInt8(ascii: "\""))
                return true
            }
            if let appended {
                if !appended { out.append(contentsOf: JSONValue.string(text).compact.utf8) }
                return
            }
            let plain = text.utf8.allSatisfy(isPlain)
            if plain {
                out.append(UInt8(ascii: "\""))
                out.append(contentsOf: text.utf8)
                out.append(UInt8(ascii: "\""))
            } else {
                out.append(contentsOf: JSONValue.string(text).compact.utf8)
            }
        }

        /// Whether `byte` is written as is in a JSON string: printable ASCII, not `"` or `\\`.
        @inline(__always) static func isPlain(_ byte: UInt8) -> Bool {
            byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
        }

        /// Whether every byte of `bytes` `isPlain`: eight at a time (a line's strings are mostly
        /// checked whole words at once), the rest one by one. `SimulationPlainTests` holds it to `isPlain`.
        static func allPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            let raw = UnsafeRawBufferPointer(bytes)
            var i = 0
            while i + 8 <= raw.count {
                guard isPlain(word: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) else { return false }
                i += 8
            }
            while i < raw.count {
                guard isPlain(raw[i]) else { return false }
                i += 1
            }
            return true
        }

        /// `isPlain` of each of the eight bytes of `word`: none has its high bit, none is below
        /// 0x20, none is 0x7F, `"` or `\\` (the "has a byte less than n" and "has a zero byte" tests
        /// of Bit Twiddling Hacks, exact when no byte has its high bit).
        @inline(__always) static func isPlain(word: UInt64) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs = ones &* 0x80
            func hasByte(below n: UInt8, _ w: UInt64) -> Bool { (w &- ones &* UInt64(n)) & ~w & highs != 0 }
            func hasByte(_ b: UInt8) -> Bool { hasByte(below: 1, word ^ (ones &* UInt64(b))) }
            return word & highs == 0 && !hasByte(below: 0x20, word) && !hasByte(0x7F)
                && !hasByte(UInt8(ascii: "\"")) && !hasByte(UInt8(ascii: "\\"))
        }
    }
}
