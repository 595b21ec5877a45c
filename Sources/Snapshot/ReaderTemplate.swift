// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// The reader a deep link opens in (config `reader = <template>`): a web page opened with the
/// `open` program, or a command run as argv — never a shell.
///
/// Placeholders: `{banidb}` (the BaniDB id), `{key}`, `{variant}` (empty when none) and `{url}`
/// (the SikhiToTheMax page of the link: its home when the bani has no id).
/// - A template that starts with `http://` or `https://` is a web page: placeholders are
///   substituted percent-encoded, and the URL is opened with the `open` program.
/// - Anything else is a command line, split into words (whitespace separates them; `'…'` and `"…"`
///   group, with no escapes inside), placeholders substituted inside each word as they are. A word
///   that holds placeholders and comes out empty is left out.
/// - `{banidb}` with no id (an unknown key, a variant, `sggs://nitnem`) opens the reader's home:
///   the template (the word) is cut before the `/`, `?`, `&` or `#` that starts the part holding
///   `{banidb}` — `https://www.sikhitothemax.org/sundar-gutka/{banidb}` gives
///   `https://www.sikhitothemax.org/sundar-gutka`.
package struct ReaderTemplate: Hashable, Sendable, CustomStringConvertible {
    /// A placeholder of a template.
    package enum Placeholder: String, CaseIterable, Hashable, Sendable {
        /// The BaniDB id.
        case banidb
        /// The bani or composition key.
        case key
        /// The variant, empty when none.
        case variant
        /// The SikhiToTheMax page of the link.
        case url
    }

    /// A run of literal text or one placeholder.
    package enum Piece: Hashable, Sendable {
        /// Text kept as it is.
        case literal(String)
        /// A placeholder to substitute.
        case placeholder(Placeholder)
    }

    /// What the template is.
    package enum Form: Hashable, Sendable {
        /// A web page template, opened with the `open` program.
        case web([Piece])
        /// A command line: one template per argv word.
        case command([[Piece]])
    }

    /// The template as written.
    package let text: String
    /// Its parsed form.
    package let form: Form

    /// The default reader: the SikhiToTheMax web Sundar Gutka by BaniDB id.
    package static let `default` = try! ReaderTemplate(parsing: ReaderLinks.baniTemplate)

    /// The template as written.
    package var description: String { text }

    /// Reads a template (the value of config key `reader`).
    /// - Throws: `ReaderTemplateError` for an empty template, an unterminated quote, an unknown
    ///   `{placeholder}`, or a web template holding whitespace or control characters.
    package init(parsing text: String) throws(ReaderTemplateError) {
        self.text = text
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\t" }) {
            throw ReaderTemplateError(.controlCharacter, "the reader template holds a control character")
        }
        let lowered = text.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard !text.unicodeScalars.contains(where: \.properties.isWhitespace) else {
                throw ReaderTemplateError(
                    .whitespaceInURL,
                    "a web reader template cannot hold whitespace (a command line does not start with http)"
                )
            }
            form = .web(try Self.pieces(text))
        } else {
            let words = try Self.words(text)
            guard !words.isEmpty else { throw ReaderTemplateError(.empty, "the reader template is empty") }
            form = .command(try words.map { word throws(ReaderTemplateError) in try Self.pieces(word) })
        }
    }

    /// Splits a command line into words: whitespace separates, `'…'` and `"…"` group (quotes are
    /// removed; there are no escapes, a backslash is a backslash). `a"b c"d` is one word `ab cd`;
    /// `''` is an empty word.
    /// - Throws: `ReaderTemplateError` (`unterminatedQuote`) for a quote that is never closed.
    package static func words(_ text: String) throws(ReaderTemplateError) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        for c in text {
            if let q = quote {
                if c == q { quote = nil } else { word.append(c) }
            } else if c == "'" || c == "\"" {
                quote = c
                inWord = true
            } else if c.isWhitespace {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(c)
                inWord = true
            }
        }
        if let quote {
            throw ReaderTemplateError(.unterminatedQuote, "the reader template has an unterminated \(quote) quote")
        }
        if inWord { words.append(word) }
        return words
    }

    /// `text` as literals and placeholders: `{name}` (lower-case letters) names a placeholder; any
    /// other brace is literal.
    /// - Throws: `ReaderTemplateError` (`unknownPlaceholder`) for `{name}` not among the four.
    package static func pieces(_ text: String) throws(ReaderTemplateError) -> [Piece] {
        var pieces: [Piece] = []
        var literal = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let after = rest.index(after: open)
            if let close = rest[after...].firstIndex(of: "}"), close > after,
                rest[after..<close].allSatisfy({ $0.isASCII && $0.isLowercase })
            {
                let name = String(rest[after..<close])
                guard let placeholder = Placeholder(rawValue: name) else {
                    let known = Placeholder.allCases.map { "{\($0.rawValue)}" }.joined(separator: " ")
                    throw ReaderTemplateError(
                        .unknownPlaceholder, "unknown placeholder {\(name)} in the reader template; known: \(known)")
                }
                literal += rest[..<open]
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = ""
                pieces.append(.placeholder(placeholder))
                rest = rest[rest.index(after: close)...]
            } else {
                literal += rest[...open]
                rest = rest[after...]
            }
        }
        literal += rest
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        return pieces
    }

    /// Whether the template uses `placeholder`.
    package func uses(_ placeholder: Placeholder) -> Bool {
        switch form {
        case .web(let pieces): pieces.contains(.placeholder(placeholder))
        case .command(let words): words.contains { $0.contains(.placeholder(placeholder)) }
        }
    }

    /// What opening `link` runs: the `opener` words (config `open`; `xdg-open` when empty) and the
    /// page for a web template, the substituted words for a command.
    package func resolve(_ link: DeepLink, opener: [String]) -> ReaderLaunch {
        let id = link.key.flatMap { ReaderLinks.banidbID(key: $0, variant: link.variant) }
        let values: [Placeholder: String] = [
            .banidb: id.map(String.init) ?? "",
            .key: link.key ?? "",
            .variant: link.variant ?? "",
            .url: Self.defaultPage(link, id: id),
        ]
        var note: String?
        if id == nil, let key = link.key, uses(.banidb) || uses(.url) {
            let variant = link.variant.map { " (variant \($0))" } ?? ""
            note = "no BaniDB id for '\(Printable.bounded(key))'\(variant): opening the reader's home"
        }
        switch form {
        case .web(let pieces):
            let page = Self.substitute(Self.cut(pieces, hasID: id != nil), values, encode: true)
            let words = opener.isEmpty ? ["xdg-open"] : opener
            return ReaderLaunch(argv: words + [page], via: .opener, target: page, note: note)
        case .command(let words):
            var argv: [String] = []
            for word in words {
                let pieces = Self.cut(word, hasID: id != nil)
                let value = Self.substitute(pieces, values, encode: false)
                let holdsPlaceholder = word.contains { if case .placeholder = $0 { true } else { false } }
                if value.isEmpty, holdsPlaceholder, !argv.isEmpty { continue }
                argv.append(value)
            }
            return ReaderLaunch(argv: argv, via: .command, target: link.url, note: note)
        }
    }

    /// The SikhiToTheMax page of `link`: the bani's page by id, else the home.
    static func defaultPage(_ link: DeepLink, id: Int?) -> String {
        id.map { Printable.replacing("{banidb}", with: String($0), in: ReaderLinks.baniTemplate) } ?? ReaderLinks.home
    }

    /// `pieces` cut before the part holding the first `{banidb}` when there is no id: at the last
    /// `/`, `?`, `&` or `#` before it (not one of a `scheme://`); else just without the placeholder.
    static func cut(_ pieces: [Piece], hasID: Bool) -> [Piece] {
        guard !hasID, let first = pieces.firstIndex(of: .placeholder(.banidb)) else { return pieces }
        for index in pieces[..<first].indices.reversed() {
            guard case .literal(let text) = pieces[index],
                let cut = text.lastIndex(where: { "/?&#".contains($0) })
            else { continue }
            let kept = String(text[..<cut])
            // `https://{banidb}.example`: the slash belongs to the scheme; there is no part to drop.
            let before = pieces[..<index].map { if case .literal(let t) = $0 { t } else { "x" } }.joined() + kept
            if before.hasSuffix(":") || before.hasSuffix(":/") || before.isEmpty { break }
            return Array(pieces[..<index]) + (kept.isEmpty ? [] : [.literal(kept)])
        }
        return pieces.filter { $0 != .placeholder(.banidb) }
    }

    static func substitute(_ pieces: [Piece], _ values: [Placeholder: String], encode: Bool) -> String {
        pieces.map { piece in
            switch piece {
            case .literal(let text): text
            case .placeholder(let p): encode ? DeepLink.percentEncoded(values[p] ?? "") : values[p] ?? ""
            }
        }.joined()
    }
}

/// What opening a deep link runs, as `ReaderTemplate.resolve` decided it.
package struct ReaderLaunch: Hashable, Sendable {
    /// Which config key the program comes from.
    package enum Via: Hashable, Sendable {
        /// The `open` program, with a web page.
        case opener
        /// The `reader` command itself.
        case command
        /// The `listen` command (a player).
        case listen
    }

    /// The program and its arguments: run as they are, never through a shell.
    package let argv: [String]
    /// Where the program comes from.
    package let via: Via
    /// What it opens, for messages: the page (opener), or the deep link (command).
    package let target: String
    /// One line to tell the user (the bani has no BaniDB id: the reader's home opens instead).
    package let note: String?
    /// The activation token a notification server gave with the press that asked for this launch
    /// (Read now): the program gets it as `XDG_ACTIVATION_TOKEN` (Wayland) and `DESKTOP_STARTUP_ID`
    /// (X11), so it may take the focus.
    package var activationToken: String?

    /// A launch of `argv`.
    package init(argv: [String], via: Via, target: String, note: String?) {
        self.argv = argv
        self.via = via
        self.target = target
        self.note = note
    }

    /// The program run: `argv[0]`.
    package var program: String { argv.first ?? "" }
}

/// A reader template that cannot be used: what kind of problem, and what is wrong in words a user
/// can act on.
package typealias ReaderTemplateError = CodedError<ReaderTemplateErrorCode>

/// What is wrong with a reader template.
package enum ReaderTemplateErrorCode: ErrorCode {
    /// Nothing but whitespace.
    case empty
    /// A `'` or `"` never closed.
    case unterminatedQuote
    /// `{name}` that is not `{banidb}`, `{key}`, `{variant}` or `{url}`.
    case unknownPlaceholder
    /// A web template with a space or tab in it.
    case whitespaceInURL
    /// A control character anywhere.
    case controlCharacter
    /// A web page where a command is needed (config `listen`).
    case notACommand
}
