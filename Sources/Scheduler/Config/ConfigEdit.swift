// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// A change of one key in a config file's text (`nitnem config set|unset`): text in, text out.
///
/// - Important: Every line but the key's own is kept byte for byte: comments, blank lines, order,
///   other keys' spellings, bad lines, CRLF line ends. The key's line keeps its spelling, its
///   indentation and its trailing comment; only the value changes. Which line gives the key is
///   what `ConfigReading` says, and a value is refused by the same rule the agent reads it with.
package enum ConfigEdit {
    /// Why a key or a value was refused, in one line (control characters escaped).
    package struct Refusal: Error, Equatable, CustomStringConvertible {
        /// What is wrong.
        package let description: String
        init(_ text: String) { description = Printable.escaped(text) }
    }

    /// The key `spelling` names (in any spelling the file takes).
    /// - Throws: `Refusal` naming the known keys.
    package static func key(_ spelling: String) throws(Refusal) -> ConfigKey {
        guard let key = ConfigKey.named(spelling) else {
            let known = ConfigKey.all.map(\.name).joined(separator: ", ")
            throw Refusal("unknown key '\(Printable.bounded(spelling))'; known: \(known)")
        }
        return key
    }

    /// `value` as a line would give it to `key` (surrounding blanks dropped, as the reader does).
    /// - Throws: `Refusal` with the reader's own words for a value the key does not take, or for one
    ///   a line cannot hold (a `#` starts a comment; a line break ends the line).
    package static func validated(_ value: String, for key: ConfigKey) throws(Refusal) -> String {
        if value.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            throw Refusal("\(key.name): a value is one line, not '\(Printable.bounded(value))'")
        }
        if value.contains("#") {
            throw Refusal(
                "\(key.name): a value cannot hold '#' (it starts a comment in the file), not '\(Printable.bounded(value))'"
            )
        }
        let trimmed = String(Substring(value).trimmingWhitespace())
        let reading = ConfigReading(parsing: "\(key.name) = \(trimmed)", path: "")
        if let problem = reading.problems.first { throw Refusal(problem.problem) }
        return trimmed
    }

    /// The text after a change, and the line that now gives the key.
    package struct Edited: Equatable, Sendable {
        /// The new text.
        package let text: String
        /// The line that gives the key now (1-based); nil after `unset`.
        package let line: Int?
        /// Lines that gave the key again (bad lines: a key given twice), removed.
        package let removed: [Int]
        /// Whether the text changed.
        package let changed: Bool
    }

    /// `text` with `key` set to `value` (already `validated`): the line that gives it gets the new
    /// value, any line giving it again is removed; without one, a new `name = value` line goes right
    /// after the template's commented-out line for the key (`#reminder.evening = 18:00`), else at
    /// the end.
    package static func setting(_ key: ConfigKey, to value: String, in text: String) -> Edited {
        var lines = Lines(text)
        let given = ConfigReading(parsing: text, path: "").lines(of: key)
        guard let first = given.first else {
            let at = lines.commentedLine(of: key).map { $0 + 1 } ?? lines.count
            lines.insert("\(key.name) = \(value)", at: at)
            return Edited(text: lines.text, line: at + 1, removed: [], changed: true)
        }
        lines.replaceValue(at: first - 1, with: value)
        let removed = Array(given.dropFirst())
        for line in removed.reversed() { lines.remove(at: line - 1) }
        let edited = lines.text
        return Edited(text: edited, line: first, removed: removed, changed: edited != text)
    }

    /// `text` without the lines that give `key` (the template's commented-out line stays).
    package static func unsetting(_ key: ConfigKey, in text: String) -> Edited {
        var lines = Lines(text)
        let given = ConfigReading(parsing: text, path: "").lines(of: key)
        for line in given.reversed() { lines.remove(at: line - 1) }
        return Edited(text: lines.text, line: nil, removed: given, changed: !given.isEmpty)
    }

    /// A text as lines of bytes, each with its own line end, so that what is not touched is joined
    /// back byte for byte.
    struct Lines {
        /// Each line without its `\n` (a CRLF line keeps its `\r`), and whether a `\n` ended it.
        private var lines: [(body: [UInt8], ended: Bool)]
        /// The line end a new line gets: the file's first (`\r\n` or `\n`).
        private let end: [UInt8]

        init(_ text: String) {
            let bytes = Array(text.utf8)
            lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
                (Array($0), true)
            }
            // The piece after the last "\n" (empty for a text that ends in one) has no line end.
            if let last = lines.popLast(), !last.body.isEmpty { lines.append((last.body, false)) }
            let crlf = lines.first.map { $0.ended && $0.body.last == 13 } ?? false
            end = crlf ? [13, 10] : [10]
        }

        var count: Int { lines.count }

        var text: String {
            var bytes: [UInt8] = []
            for line in lines { bytes += line.body + (line.ended ? [10] : []) }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// Inserts `line` before the line at `index`; a last line without a line end gets one first.
        mutating func insert(_ line: String, at index: Int) {
            if index == lines.count, let last = lines.indices.last, !lines[last].ended {
                lines[last].ended = true
                if end.count == 2 { lines[last].body.append(13) }
            }
            var body = Array(line.utf8)
            if end.count == 2 { body.append(13) }
            lines.insert((body, true), at: index)
        }

        mutating func remove(at index: Int) { lines.remove(at: index) }

        /// The value of the `key = value` line at `index` becomes `value`: the blanks around it, the
        /// trailing comment and the line end stay.
        mutating func replaceValue(at index: Int, with value: String) {
            let body = lines[index].body
            let hash = body.firstIndex(of: UInt8(ascii: "#")) ?? body.endIndex
            var stop = hash
            if hash == body.endIndex, body.last == 13 { stop -= 1 }
            guard let eq = body[..<stop].firstIndex(of: UInt8(ascii: "=")) else { return }
            let blank: (UInt8) -> Bool = { $0 == 32 || $0 == 9 }
            var from = eq + 1
            while from < stop, blank(body[from]) { from += 1 }
            var to = stop
            while to > from, blank(body[to - 1]) { to -= 1 }
            lines[index].body = Array(body[..<from]) + Array(value.utf8) + Array(body[to...])
        }

        /// The first comment line that would set the key were its `#` removed (`#reminder.evening =
        /// 18:00`, as the template has it), by index.
        func commentedLine(of key: ConfigKey) -> Int? {
            lines.indices.first { index in
                let text = Substring(String(decoding: lines[index].body, as: UTF8.self)).trimmingWhitespace()
                guard text.first == "#" else { return false }
                let uncommented = ConfigReading(parsing: String(text.dropFirst()), path: "")
                return uncommented.problems.isEmpty && uncommented.source(of: key) == .line(1)
            }
        }
    }
}
