// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// Says a `Message` in the user's language: the shell hands pure code one, made from gettext's
/// catalogue (`Gettext` in the system layer); pure code never looks a translation up itself.
/// `english` says every message as the table has it.
package struct Localizer: Sendable {
    /// The translation of a msgid (with its plural and the count, for a counted one); nil or the
    /// msgid itself when there is none.
    package typealias Lookup = @Sendable (_ msgid: String, _ plural: String?, _ count: Int) -> String?

    let lookup: Lookup?

    /// A localizer reading translations from `lookup`.
    package init(lookup: Lookup?) { self.lookup = lookup }

    /// The table's English.
    package static let english = Localizer(lookup: nil)

    /// `message` translated, each `{name}` replaced by its value in `values`.
    package func callAsFunction(_ message: Message, _ values: [String: String] = [:]) -> String {
        fill(text(message, count: 1), values)
    }

    /// A counted `message` (one with a plural): the form for `count`, `{n}` being the count.
    package func callAsFunction(_ message: Message, count: Int, _ values: [String: String] = [:]) -> String {
        fill(text(message, count: count), values.merging(["n": "\(count)"]) { a, _ in a })
    }

    /// The text of `message` for `count`: the catalogue's, else the table's English.
    func text(_ message: Message, count: Int) -> String {
        let entry = message.entry
        if let lookup, let found = lookup(entry.english, entry.plural, count), !found.isEmpty {
            return found
        }
        return entry.plural.map { count == 1 ? entry.english : $0 } ?? entry.english
    }

    /// `text` with each `{name}` of `values` replaced; an unknown `{name}` stays as it is.
    func fill(_ text: String, _ values: [String: String]) -> String {
        if let filled = text.utf8.withContiguousStorageIfAvailable({ Self.fill(bytes: $0, values) }), let filled {
            return filled
        }
        // Below U+0300 no scalar joins a brace into a larger character (no combining mark, joiner or
        // prepended sign), so a brace is found by its byte: the same place, without walking characters.
        let bytes = text.unicodeScalars.allSatisfy { $0.value < 0x300 }
        func first(_ brace: Character, in part: Substring) -> Substring.Index? {
            bytes ? part.utf8.firstIndex(of: brace.asciiValue!) : part.firstIndex(of: brace)
        }
        guard bytes || text.contains("{") else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = first("{", in: rest) {
            // An unclosed `{` is text, kept once with the rest.
            guard let close = first("}", in: rest[open...]) else { break }
            out += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            if let value = values[name] {
                out += value
            } else {
                out += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// `fill` on the UTF-8 of a text whose scalars are all below U+0300 (each byte below 0xCC), where
    /// a brace is found by its byte; nil for another text. Bytes, not substrings: a reminder's
    /// summary is filled in at each show.
    private static func fill(bytes text: UnsafeBufferPointer<UInt8>, _ values: [String: String]) -> String? {
        guard text.allSatisfy({ $0 < 0xCC }) else { return nil }
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        guard text.contains(open) else { return String(decoding: text, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(text.count + 64)
        var i = 0
        while i < text.count {
            guard text[i] == open else {
                out.append(text[i])
                i += 1
                continue
            }
            // An unclosed `{` is text, kept once with the rest.
            guard let end = text[(i + 1)...].firstIndex(of: close) else {
                out.append(contentsOf: text[i...])
                break
            }
            let name = String(decoding: UnsafeBufferPointer(rebasing: text[(i + 1)..<end]), as: UTF8.self)
            if let value = values[name] {
                out.append(contentsOf: value.utf8)
            } else {
                out.append(contentsOf: text[i...end])
            }
            i = end + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: Words used on several surfaces

    /// The band's name: `Evening`, `ਸ਼ਾਮ`.
    package func band(_ band: Band) -> String {
        switch band {
        case .amritVela: self(.bandAmritVela)
        case .morning: self(.bandMorning)
        case .evening: self(.bandEvening)
        case .night: self(.bandNight)
        }
    }

    /// The daily set's name: `Morning (Amrit Vela and Morning)`.
    package func set(_ set: DailySet) -> String {
        switch set {
        case .morning: self(.setMorning)
        case .evening: self(.setEvening)
        case .night: self(.setNight)
        }
    }

    /// Why a reminder was skipped: `the band's banis are read`; the text as read for a reason this
    /// version does not know.
    package func reason(_ reason: SkipReason) -> String {
        switch reason {
        case .bandComplete: self(.reasonBandComplete)
        case .emptySet: self(.reasonEmptySet)
        case .paused: self(.reasonPaused)
        case .baniRead: self(.reasonBaniRead)
        case .other(let text): text
        }
    }
}
