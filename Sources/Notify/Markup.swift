// SPDX-License-Identifier: GPL-3.0-or-later
/// The Pango-style markup that notification servers and bars read.
package enum Markup {
    /// `text` with `&`, `<`, `>` (and quotes) escaped, safe inside markup.
    package static func escape(_ text: String) -> String {
        // Byte by byte: the five are ASCII, and a following combining mark must not hide one.
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out += Array("&amp;".utf8)
            case UInt8(ascii: "<"): out += Array("&lt;".utf8)
            case UInt8(ascii: ">"): out += Array("&gt;".utf8)
            case UInt8(ascii: "\""): out += Array("&quot;".utf8)
            case UInt8(ascii: "'"): out += Array("&apos;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
