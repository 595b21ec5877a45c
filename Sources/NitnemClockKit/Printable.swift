// SPDX-License-Identifier: GPL-3.0-or-later
/// Text from files, titles and settings made safe for a line-based output: the one place that
/// decides what a control character is and what becomes of it.
///
/// A control character is
/// - a C0 control (U+0000–U+001F, so `\n`, `\r`, `\t`, ESC), DEL (U+007F), a C1 control
///   (U+0080–U+009F, e.g. the one-byte CSI U+009B), or the Unicode line and paragraph separators
///   (U+2028, U+2029): a newline injects a line into i3blocks or polybar, ESC drives the terminal;
/// - a bidirectional control: the marks U+200E, U+200F, U+061C, the embeddings and overrides
///   U+202A–U+202E and the isolates U+2066–U+2069, which reorder what follows them on screen (a
///   title ending in U+202E shows the bar's count backwards);
/// - an invisible format character with no part in shaping any script: the byte order mark
///   U+FEFF, the word joiner and invisible operators U+2060–U+2064, the deprecated format
///   characters U+206A–U+206F, and the interlinear annotation marks U+FFF9–U+FFFB (which hide the
///   text between them).
///
/// None of them may reach a terminal, a status bar, a widget or a notification raw.
///
/// - Important: ZWNJ (U+200C) and ZWJ (U+200D) are not controls: Gurmukhi and other scripts need
///   them to shape their letters (a title such as `ਜਪੁ ਜੀ ਸਾਹਿਬ` may hold them), so they pass
///   unchanged. The soft hyphen (U+00AD) is not one either: it reorders nothing and breaks no
///   line, and a terminal shows it as a hyphen or not at all.
package enum Printable {
    /// Whether `scalar` is a control character in the sense above.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        case 0xFEFF, 0x2060...0x2064, 0x206A...0x206F, 0xFFF9...0xFFFB: true
        default: false
        }
    }

    /// The terminal columns `text` takes, as `wcwidth` counts them for the scripts nitnem shows: one
    /// per scalar, none for a combining mark that sits on the letter before it (a Gurmukhi vowel sign
    /// such as ੇ or ੰ, the virama ੍) or a format character (ZWJ). Spacing vowel signs (ਾ, ਿ) take
    /// one. For padding columns of words that may be Gurmukhi.
    package static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { count, scalar in
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: count
            default: count + 1
            }
        }
    }

    /// `text` with each control character written as an escape — `\n`, `\r`, `\t`, else
    /// `\u{1B}` (hex, upper case) — for text a person reads: errors, `status` text output.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { append(scalar, to: &out) }
        return String(out)
    }

    /// How many characters of a value a message quotes (`bounded`).
    package static let valueLimit = 200

    /// How many problems of one kind a message names before it says how many more there are.
    package static let listLimit = 10

    /// A value from outside (an environment variable, an argument, a name, a file's text) as a
    /// message quotes it: escaped (`escaped`) and, past `limit` characters, cut there and followed by
    /// `… (10240 characters)`, its whole length. Characters are Unicode scalars, so the cut is
    /// bounded whatever the value holds (a letter with ten thousand marks is not one character
    /// here); an escape is never cut in two.
    ///
    /// - Important: A message never quotes a value whole: a 10 KB `TZ` gives one short line.
    package static func bounded(_ text: String, limit: Int = valueLimit) -> String {
        var out = String.UnicodeScalarView()
        var shown = 0
        var length = 0
        var cut = false
        for scalar in text.unicodeScalars {
            length += 1
            guard !cut else { continue }
            var piece = String.UnicodeScalarView()
            append(scalar, to: &piece)
            let width = piece.count
            if shown + width > limit {
                cut = true
            } else {
                out.append(contentsOf: piece)
                shown += width
            }
        }
        return cut ? String(out) + "… (\(length) characters)" : String(out)
    }

    /// Appends `scalar` to `out`, escaped when it is a control character.
    private static func append(_ scalar: Unicode.Scalar, to out: inout String.UnicodeScalarView) {
        switch scalar {
        case "\n": out.append(contentsOf: #"\n"#.unicodeScalars)
        case "\r": out.append(contentsOf: #"\r"#.unicodeScalars)
        case "\t": out.append(contentsOf: #"\t"#.unicodeScalars)
        default:
            if isControl(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
    }

    /// `text` with each run of control characters folded to one space, for a bar that shows one
    /// line per update (i3blocks, polybar, the follower's text line).
    package static func folded(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        var inRun = false
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                if !inRun { out += " " }
                inRun = true
            } else {
                out.unicodeScalars.append(scalar)
                inRun = false
            }
        }
        return out
    }

    /// `text` with every occurrence of `target` replaced by `replacement`, matched scalar by scalar
    /// (so the `\n` of a `\r\n` pair matches, as it does for a bar reading bytes).
    package static func replacing(_ target: String, with replacement: String, in text: String) -> String {
        let needle = Array(target.unicodeScalars)
        let scalars = Array(text.unicodeScalars)
        guard !needle.isEmpty, scalars.count >= needle.count else { return text }
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            if i + needle.count <= scalars.count, scalars[i..<i + needle.count].elementsEqual(needle) {
                out.append(contentsOf: replacement.unicodeScalars)
                i += needle.count
            } else {
                out.append(scalars[i])
                i += 1
            }
        }
        return String(out)
    }
}

extension Substring {
    /// The text without the spaces, tabs and line ends (`\r`, `\n`) at either end.
    package func trimmingWhitespace() -> Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" || c == "\r" || c == "\n" || c == "\r\n" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\r" || c == "\n" || c == "\r\n" { s.removeLast() }
        return s
    }
}
