// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// A `sggs://` link that `nitnem open` opens: the home, a bani, or a composition.
///
/// The forms are the iOS app's (`sggs://nitnem`, `sggs://bani/<key>[?variant=]`,
/// `sggs://composition/<key>[?variant=]`); key and variant are percent-decoded when parsed and
/// percent-encoded when written.
package enum DeepLink: Hashable, Sendable {
    /// `sggs://nitnem`: the Nitnem home.
    case nitnem
    /// `sggs://bani/<key>[?variant=<v>]`: a bani of the daily Nitnem (a variant asks for one form).
    case bani(key: String, variant: String?)
    /// `sggs://composition/<key>[?variant=<v>]`: a composition opened for study.
    case composition(key: String, variant: String?)

    /// The accepted forms, for messages.
    package static let forms = "sggs://bani/<key>[?variant=…], sggs://composition/<key>[?variant=…] or sggs://nitnem"

    /// The bani or composition key; `nil` for the home.
    package var key: String? {
        switch self {
        case .nitnem: nil
        case .bani(let key, _), .composition(let key, _): key
        }
    }

    /// The variant; `nil` for the home and for a link without one.
    package var variant: String? {
        switch self {
        case .nitnem: nil
        case .bani(_, let variant), .composition(_, let variant): variant
        }
    }

    /// The link as text, key and variant percent-encoded (every byte outside RFC 3986's unreserved
    /// `A-Z a-z 0-9 - . _ ~`); an empty variant is left out.
    package var url: String {
        // Appended, not interpolated: a reminder's link is made at each show (interpolation took half).
        func link(_ kind: String, _ key: String, _ variant: String?) -> String {
            var text = "sggs://"
            text += kind
            text += "/"
            text += Self.percentEncoded(key)
            guard let variant, !variant.isEmpty else { return text }
            text += "?variant="
            text += Self.percentEncoded(variant)
            return text
        }
        switch self {
        case .nitnem: return "sggs://nitnem"
        case .bani(let key, let variant): return link("bani", key, variant)
        case .composition(let key, let variant): return link("composition", key, variant)
        }
    }

    /// Reads `text` as one of the three forms (scheme and kind case-insensitive; key and variant
    /// percent-decoded; `variant=` empty is no variant).
    /// - Throws: `DeepLinkError` for anything else: another scheme or kind, a missing or extra path
    ///   segment, a query other than one `variant`, a fragment, bad percent-encoding, whitespace or
    ///   control characters, a key or variant that is empty, holds a `/` or starts with `-`.
    package init(parsing text: String) throws(DeepLinkError) {
        func fail(_ code: DeepLinkError.Code, _ problem: String) -> DeepLinkError {
            DeepLinkError(code, subject: text, problem: problem)
        }
        if text.unicodeScalars.contains(where: { $0.properties.isWhitespace || Printable.isControl($0) }) {
            throw fail(.malformed, "it holds whitespace or control characters")
        }
        guard let separator = text.firstRange(of: "://") else { throw fail(.notSggs, "it is not a sggs:// link") }
        guard text[..<separator.lowerBound].lowercased() == "sggs" else {
            throw fail(.notSggs, "it is not a sggs:// link")
        }
        var rest = text[separator.upperBound...]
        if rest.contains("#") { throw fail(.malformed, "a fragment (#…) is not part of any form") }
        var query: Substring?
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        let host: Substring
        let path: Substring
        if let slash = rest.firstIndex(of: "/") {
            host = rest[..<slash]
            path = rest[rest.index(after: slash)...]
        } else {
            host = rest
            path = ""
        }
        switch host.lowercased() {
        case "nitnem":
            guard path.isEmpty else { throw fail(.malformed, "sggs://nitnem takes no path") }
            guard query?.isEmpty ?? true else { throw fail(.malformed, "sggs://nitnem takes no query") }
            self = .nitnem
        case "bani", "composition":
            guard !path.isEmpty else { throw fail(.malformed, "the key is missing") }
            guard !path.contains("/") else { throw fail(.malformed, "a link names one key (no further '/')") }
            let key = try Self.decodedName(path, what: "key", link: text)
            var variant: String?
            for pair in (query ?? "").split(separator: "&", omittingEmptySubsequences: true) {
                let name = pair.firstIndex(of: "=").map { pair[..<$0] } ?? pair
                guard name == "variant" else {
                    throw fail(
                        .malformed,
                        "unknown query parameter '\(Printable.bounded(String(name)))' (only variant= is read)")
                }
                guard let eq = pair.firstIndex(of: "=") else { throw fail(.malformed, "variant needs '='") }
                guard variant == nil else { throw fail(.malformed, "variant is given more than once") }
                let value = pair[pair.index(after: eq)...]
                variant = try value.isEmpty ? "" : Self.decodedName(value, what: "variant", link: text)
            }
            if variant == "" { variant = nil }
            self =
                host.lowercased() == "bani"
                ? .bani(key: key, variant: variant) : .composition(key: key, variant: variant)
        default:
            throw fail(.unknownKind, "nitnem opens only \(Self.forms)")
        }
    }

    /// A percent-decoded key or variant: UTF-8, no control characters, no `/`, not starting with `-`.
    static func decodedName(_ raw: Substring, what: String, link: String) throws(DeepLinkError) -> String {
        guard let decoded = percentDecoded(raw) else {
            throw DeepLinkError(.badEncoding, subject: link, problem: "the \(what) has bad percent-encoding")
        }
        guard !decoded.isEmpty else { throw DeepLinkError(.badName, subject: link, problem: "the \(what) is empty") }
        guard !decoded.unicodeScalars.contains(where: Printable.isControl), !decoded.contains("/") else {
            throw DeepLinkError(.badName, subject: link, problem: "the \(what) holds a control character or '/'")
        }
        // A reader command gets the key as an argument: it must never pass for an option.
        guard !decoded.hasPrefix("-") else {
            throw DeepLinkError(.badName, subject: link, problem: "the \(what) starts with '-'")
        }
        guard decoded.utf8.count <= 200 else {
            throw DeepLinkError(.badName, subject: link, problem: "the \(what) is longer than 200 bytes")
        }
        return decoded
    }

    /// `%XX` sequences decoded as UTF-8; `nil` for a malformed escape or bytes that are not UTF-8.
    package static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// `text` with every byte outside RFC 3986's unreserved set written as `%XX` (upper-case hex).
    package static func percentEncoded(_ text: String) -> String {
        func unreserved(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                true
            default: false
            }
        }
        // A bani key is mostly all unreserved: itself, not rebuilt scalar by scalar (a reminder each).
        if text.utf8.allSatisfy(unreserved) { return text }
        var out = ""
        for byte in text.utf8 {
            if unreserved(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF")
                out += "%\(hex[Int(byte >> 4)])\(hex[Int(byte & 0xF)])"
            }
        }
        return out
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// A link `nitnem open` does not open: which link (`subject`, as given), and why.
package typealias DeepLinkError = CodedError<DeepLinkErrorCode>

/// What kind of link `nitnem open` refuses.
package enum DeepLinkErrorCode: ErrorCode {
    /// Not a `sggs://` link at all.
    case notSggs
    /// A `sggs://` link of a kind this command does not open (`sggs://ang/5`).
    case unknownKind
    /// The right kind, the wrong shape (missing key, extra segment, unknown query, fragment…).
    case malformed
    /// A `%` not followed by two hex digits, or decoded bytes that are not UTF-8.
    case badEncoding
    /// A key or variant that is empty, holds a control character or `/`, or starts with `-`.
    case badName

    /// One line: `cannot open 'sggs://ang/5': nitnem opens only …`, the link escaped and cut to a
    /// bounded length (`Printable.bounded`).
    package static func describe(subject: String, problem: String) -> String {
        "cannot open '\(Printable.bounded(subject))': \(problem)"
    }
}
