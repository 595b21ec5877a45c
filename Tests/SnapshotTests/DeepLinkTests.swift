// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import TestSupport
import Testing

@testable import Snapshot

/// `sggs://` links: what `nitnem open` accepts, what it refuses (and says), and what it writes.
@Suite struct DeepLinkTests {
    struct Good: Sendable, CustomTestStringConvertible {
        let text: String
        let link: DeepLink
        var testDescription: String { text }
    }

    static let good: [Good] = [
        Good(text: "sggs://nitnem", link: .nitnem),
        Good(text: "sggs://nitnem/", link: .nitnem),
        Good(text: "sggs://nitnem?", link: .nitnem),
        Good(text: "SGGS://Nitnem", link: .nitnem),
        Good(text: "sggs://bani/japji", link: .bani(key: "japji", variant: nil)),
        Good(text: "sggs://BANI/jaap", link: .bani(key: "jaap", variant: nil)),
        Good(text: "sggs://bani/rehras?variant=taksal", link: .bani(key: "rehras", variant: "taksal")),
        Good(text: "sggs://bani/rehras?variant=", link: .bani(key: "rehras", variant: nil)),
        Good(text: "sggs://bani/rehras?", link: .bani(key: "rehras", variant: nil)),
        Good(text: "sggs://bani/kirtan%5Fsohila", link: .bani(key: "kirtan_sohila", variant: nil)),
        Good(text: "sggs://bani/asa%5fdi%5fvaar", link: .bani(key: "asa_di_vaar", variant: nil)),
        Good(text: "sggs://bani/rehras?variant=tak%73al", link: .bani(key: "rehras", variant: "taksal")),
        Good(text: "sggs://bani/a%20b?variant=c%26d", link: .bani(key: "a b", variant: "c&d")),
        Good(text: "sggs://bani/%E0%A8%9C%E0%A8%AA%E0%A9%81", link: .bani(key: "ਜਪੁ", variant: nil)),
        Good(text: "sggs://composition/sukhmani", link: .composition(key: "sukhmani", variant: nil)),
        Good(
            text: "sggs://composition/asa_di_vaar?variant=kirtan",
            link: .composition(key: "asa_di_vaar", variant: "kirtan")),
    ]

    @Test(arguments: good)
    func parses(_ c: Good) throws {
        #expect(try DeepLink(parsing: c.text) == c.link)
    }

    /// `fixtures/cases/deep-links-refused.tsv`; `OpenCommandTests.aBadLinkIsOneLineAndExit2` gives
    /// the binary every row that is a link.
    @Test(arguments: try CaseTable.rows("deep-links-refused", columns: ["link", "code", "problem"]))
    func refuses(_ c: CaseTable.Row) {
        #expect("\(c)") { try DeepLink(parsing: c["link"]) } throws: {
            DeepLinkError.matches($0, code: c["code"], subject: c["link"], problem: c["problem"])
        }
    }

    @Test func aKeyOver200BytesIsRefused() {
        let text = "sggs://bani/" + String(repeating: "a", count: 201)
        #expect(throws: DeepLinkError(.badName, subject: text, problem: "the key is longer than 200 bytes")) {
            try DeepLink(parsing: text)
        }
    }

    /// The message is one line naming the link, its control characters escaped.
    @Test func messageIsOneLineWithControlCharactersEscaped() {
        let error = DeepLinkError(.malformed, subject: "sggs://bani/x\u{1B}[31m\n\t\u{9B}", problem: "p")
        #expect(error.description == #"cannot open 'sggs://bani/x\u{1B}[31m\n\t\u{9B}': p"#)
    }

    struct Written: Sendable, CustomTestStringConvertible {
        let link: DeepLink
        let url: String
        var testDescription: String { url }
    }

    static let written: [Written] = [
        Written(link: .nitnem, url: "sggs://nitnem"),
        Written(link: .bani(key: "japji", variant: nil), url: "sggs://bani/japji"),
        Written(link: .bani(key: "japji", variant: ""), url: "sggs://bani/japji"),
        Written(link: .bani(key: "rehras", variant: "taksal"), url: "sggs://bani/rehras?variant=taksal"),
        Written(link: .bani(key: "kirtan_sohila", variant: nil), url: "sggs://bani/kirtan_sohila"),
        Written(link: .bani(key: "a b/c", variant: "x&y=z#"), url: "sggs://bani/a%20b%2Fc?variant=x%26y%3Dz%23"),
        Written(link: .bani(key: "ਜਪੁ", variant: nil), url: "sggs://bani/%E0%A8%9C%E0%A8%AA%E0%A9%81"),
        Written(link: .bani(key: "a.b~c-d", variant: "100%"), url: "sggs://bani/a.b~c-d?variant=100%25"),
        Written(link: .composition(key: "sukhmani", variant: "v 2"), url: "sggs://composition/sukhmani?variant=v%202"),
    ]

    @Test(arguments: written)
    func writesPercentEncoded(_ c: Written) throws {
        #expect(c.link.url == c.url)
        // Whatever parses back is the same link (a `/` in a key is written but not read back).
        if !(c.link.key ?? "").contains("/") {
            let expected: DeepLink =
                switch c.link {
                case .bani(let key, let variant): .bani(key: key, variant: variant == "" ? nil : variant)
                default: c.link
                }
            #expect(try DeepLink(parsing: c.url) == expected)
        }
    }

    /// Deep links built from snapshot text are percent-encoded: a key or variant with a space, `&`
    /// or `?` cannot change what the link says.
    @Test func snapshotBaniLinksAreEncoded() {
        let odd = NitnemSnapshot.Bani(
            id: "x y/v&w", key: "x y", variant: "v&w", isDefault: false, titleEn: "X", titleGurmukhi: nil,
            source: "sggs", nLines: 1)
        #expect(odd.url == "sggs://bani/x%20y?variant=v%26w")
        #expect(odd.link == .bani(key: "x y", variant: "v&w"))
        for bani in EmbeddedRegistry.snapshot.banis {
            #expect(bani.url == "sggs://bani/\(bani.key)")
            #expect((try? DeepLink(parsing: bani.url)) == .bani(key: bani.key, variant: nil))
        }
    }
}
