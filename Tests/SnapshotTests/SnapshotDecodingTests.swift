// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import TestSupport
import Testing

@testable import Snapshot

@Suite struct SnapshotDecodingTests {
    static let path = "/g/nitnem-snapshot.json"

    func decode(_ text: String) throws(GroupFileError) -> NitnemSnapshot {
        try NitnemSnapshot.decode(try JSONParser.parse(Array(text.utf8), path: Self.path), path: Self.path)
    }

    /// A minimal valid snapshot with `bani` as its one bani and `sets` as its sets.
    func document(bani: String = Self.japji, sets: String = #"{"morning":["japji"]}"#, extra: String = "") -> String {
        #"{"schema":1,"banisAvailable":true,"banis":[\#(bani)],"sets":\#(sets)\#(extra)}"#
    }

    static let japji =
        #"{"id":"japji","key":"japji","variant":"","titleEn":"Japji Sahib","source":"sggs","nLines":385}"#

    @Test func demoFixture() throws {
        let path = Support.fixture("groups/demo/nitnem-snapshot.json")
        let snapshot = try NitnemSnapshot.decode(try JSONParser.parse(Support.bytes(path), path: path), path: path)
        #expect(snapshot.banis.count == 11)
        #expect(snapshot.preferences.rehrasVariant == "taksal")
        let taksal = try #require(snapshot.bani(id: "rehras/taksal"))
        #expect(taksal.key == "rehras" && taksal.variant == "taksal" && !taksal.isDefault && taksal.underReview)
        #expect(taksal.url == "sggs://bani/rehras?variant=taksal")
        #expect(snapshot.bani(id: "japji")?.firstAng == 1)
        #expect(snapshot.sets["ceremony"] == ["anand"])
        #expect(snapshot.provenance?.databaseSize == 18_874_368)
        #expect(snapshot.generatedAt == "2026-11-20T08:00:00Z")
        // Every bani of the embedded registry's sets, the demo has too, with the same values (the banis
        // it only offers to add are not in the demo).
        let inSets = Set(EmbeddedRegistry.snapshot.sets.values.joined())
        for bani in EmbeddedRegistry.snapshot.banis where inSets.contains(bani.id) {
            var demo = try #require(snapshot.bani(id: bani.id))
            demo.firstAng = nil
            #expect(demo == bani)
        }
    }

    @Test func optionalMembersDefault() throws {
        let s = try decode(document())
        let japji = try #require(s.banis.first)
        #expect(japji.isDefault && !japji.underReview && japji.titleGurmukhi == nil && japji.firstAng == nil)
        #expect(s.generatedAt == nil && s.preferences.rehrasVariant == nil && s.provenance == nil)
        #expect(s.sets == ["morning": ["japji"]])
        // isDefault defaults to false for a variant whose id is not its key.
        let variant =
            #"{"id":"rehras/taksal","key":"rehras","variant":"taksal","titleEn":"R","source":"mixed","nLines":1}"#
        #expect(try decode(document(bani: variant, sets: "{}")).banis.first?.isDefault == false)
    }

    @Test func unknownMembersIgnored() throws {
        let bani = Self.japji.dropLast() + #","audio":{"url":"x"}}"#
        let s = try decode(
            document(bani: String(bani), sets: #"{"morning":["japji"],"custom":[1,2]}"#, extra: #","x":[]"#))
        #expect(s.banis.count == 1 && s.sets.keys.sorted() == ["morning"])
    }

    /// Each strict check: the JSON path and the exact problem.
    @Test(arguments: [
        (
            #"{"id":"japji","key":"japji","variant":"","titleEn":"J","source":"sggs","nLines":"ten"}"#, "{}",
            #"$.banis[0].nLines: expected an integer ≥ 0, found "ten""#
        ),
        (
            #"{"id":"japji","key":"japji","variant":"","titleEn":"J","source":"sggs","nLines":-1}"#, "{}",
            "$.banis[0].nLines: expected an integer ≥ 0, found -1"
        ),
        (
            #"{"id":"japji","key":"japji","variant":"","titleEn":"J","source":"sggs","nLines":1.5}"#, "{}",
            "$.banis[0].nLines: expected an integer ≥ 0, found 1.5"
        ),
        (
            #"{"id":"japji","key":"japji","variant":"","titleEn":"J","source":"sggs"}"#, "{}",
            "$.banis[0].nLines: missing; expected an integer ≥ 0"
        ),
        (
            #"{"id":"","key":"japji","variant":"","titleEn":"J","source":"sggs","nLines":1}"#, "{}",
            "$.banis[0].id: is empty; expected a non-empty string"
        ),
        (
            #"{"id":"japji","key":"japji","variant":null,"titleEn":"J","source":"sggs","nLines":1}"#, "{}",
            "$.banis[0].variant: expected a string, found null"
        ),
        (
            #"{"id":"japji","key":"japji","variant":"","titleEn":7,"source":"sggs","nLines":1}"#, "{}",
            "$.banis[0].titleEn: expected a string, found 7"
        ),
        (
            #"{"id":"japji","key":"japji","variant":"","titleEn":"J","source":"sggs","nLines":1,"isDefault":"yes"}"#,
            "{}", #"$.banis[0].isDefault: expected true or false, found "yes""#
        ),
        (
            #"{"id":"japji","key":"japji","variant":"","titleEn":"J","source":"sggs","nLines":1,"firstAng":0}"#, "{}",
            "$.banis[0].firstAng: expected an integer ≥ 1, found 0"
        ),
        (#"["japji"]"#, "{}", "$.banis[0]: expected an object, found an array"),
        (japji, #"{"morning":["japji","jaap"]}"#, #"$.sets.morning[1]: unknown bani id "jaap"; not in $.banis"#),
        (japji, #"{"night":[3]}"#, "$.sets.night[0]: expected a bani id (a string), found 3"),
        (japji, #"{"evening":"japji"}"#, #"$.sets.evening: expected an array of bani ids, found "japji""#),
        (japji + "," + japji, "{}", #"$.banis[1].id: duplicate id "japji" (also $.banis[0])"#),
    ])
    func strictErrors(_ bani: String, _ sets: String, _ problem: String) {
        let error = #expect(throws: GroupFileError.self) { try decode(document(bani: bani, sets: sets)) }
        #expect(error?.description == "\(Self.path): \(problem)")
    }

    @Test(arguments: [
        (
            #"{"schema":"1","banisAvailable":true,"banis":[],"sets":{}}"#,
            #"$.schema: expected an integer ≥ 1, found "1""#
        ),
        (#"{"banisAvailable":true,"banis":[],"sets":{}}"#, "$.schema: missing; expected an integer ≥ 1"),
        (#"{"schema":1,"banisAvailable":1,"banis":[],"sets":{}}"#, "$.banisAvailable: expected true or false, found 1"),
        (
            #"{"schema":1,"banisAvailable":true,"banis":{},"sets":{}}"#,
            "$.banis: expected an array of banis, found an object"
        ),
        (#"{"schema":1,"banisAvailable":true,"banis":[]}"#, "$.sets: missing; expected an object of sets"),
        (#"{"schema":1,"banisAvailable":true,"banis":[],"sets":[]}"#, "$.sets: expected an object, found an array"),
        (
            #"{"schema":1,"banisAvailable":true,"banis":[],"sets":{},"generatedAt":"today"}"#,
            #"$.generatedAt: expected an RFC 3339 time with Z or an offset, found "today""#
        ),
        (
            #"{"schema":1,"banisAvailable":true,"banis":[],"sets":{},"preferences":{"rehrasVariant":true}}"#,
            "$.preferences.rehrasVariant: expected a string, found true"
        ),
        (
            #"{"schema":1,"banisAvailable":true,"banis":[],"sets":{},"provenance":{"databasePath":"x"}}"#,
            "$.provenance.databaseSize: missing; expected an integer ≥ 0"
        ),
        ("[]", "$: expected an object, found an array"),
    ])
    func topLevelErrors(_ text: String, _ problem: String) {
        let error = #expect(throws: GroupFileError.self) { try decode(text) }
        #expect(error?.description == "\(Self.path): \(problem)")
    }

    @Test func newerSchemaDecodesWhatItUnderstands() throws {
        let s = try decode(#"{"schema":3,"banisAvailable":false,"banis":[],"sets":{},"layout":{}}"#)
        #expect(s.schema == 3 && !s.banisAvailable && s.banis.isEmpty)
    }
}

@Suite struct EmbeddedRegistryTests {
    @Test func matchesTheReferenceFile() throws {
        let embedded = EmbeddedRegistry.snapshot
        #expect(
            embedded.banis.map(\.id) == [
                "japji", "jaap", "savaiye", "chaupai", "anand", "rehras", "kirtan_sohila", "sukhmani", "asa_di_vaar",
                "aarti", "salok_m9", "raag_mala", "laavan", "anand_6", "sidh_gosht", "ramkali_sadu", "bavan_akhri",
                "baarah_maha", "shabad_hazare", "shabad_hazare_p10", "akal_ustat", "chandi_di_vaar", "savaiye_deenan",
                "ardaas", "dukh_bhanjani", "funhe_m5", "chaubole", "dakhni_oankar",
            ])
        // more-banis.json gives these ten no line count, and none is guessed: 0, as a snapshot says it.
        for id in ["shabad_hazare", "akal_ustat", "ardaas", "dukh_bhanjani", "dakhni_oankar"] {
            #expect(embedded.bani(id: id)?.nLines == 0, "\(id)")
        }
        #expect(embedded.bani(id: "salok_m9")?.nLines == 117)
        #expect(embedded.sets["morning"] == ["japji", "jaap", "savaiye", "chaupai", "anand"])
        #expect(embedded.sets["evening"] == ["rehras"])
        #expect(embedded.sets["night"] == ["kirtan_sohila"])
        #expect(embedded.sets["popular"] == ["sukhmani", "asa_di_vaar", "aarti"])
        #expect(embedded.banis.allSatisfy { $0.isDefault && $0.variant.isEmpty && !$0.underReview && $0.id == $0.key })
        #expect(embedded.bani(id: "japji")?.nLines == 385)
        #expect(embedded.bani(id: "japji")?.titleGurmukhi == "ਜਪੁ ਜੀ ਸਾਹਿਬ")
        #expect(embedded.bani(id: "rehras")?.source == "mixed")
        // Values transcribed from shared/reference/shabados-bani-ranges.json.
        let reference: [(String, String, String, Int)] = [
            ("japji", "Japji Sahib", "sggs", 385),
            ("jaap", "Jaap Sahib", "dasam", 444),
            ("savaiye", "Tav-Prasad Savaiye", "dasam", 41),
            ("chaupai", "Benti Chaupai", "dasam", 53),
            ("anand", "Anand Sahib", "sggs", 210),
            ("rehras", "Rehras Sahib", "mixed", 460),
            ("kirtan_sohila", "Kirtan Sohila", "sggs", 56),
            ("sukhmani", "Sukhmani Sahib", "sggs", 2027),
            ("asa_di_vaar", "Asa Di Vaar", "sggs", 725),
            ("aarti", "Aarti", "mixed", 60),
            // Transcribed from shared/reference/more-banis.json (only those with a line count).
            ("salok_m9", "Salok Mahalla 9", "sggs", 117),
            ("raag_mala", "Raag Mala", "sggs", 61),
            ("laavan", "Laavan (Anand Karaj)", "sggs", 25),
            ("anand_6", "Anand Sahib (6 pauris and salok)", "sggs", 41),
            ("sidh_gosht", "Sidh Gosht", "sggs", 406),
            ("ramkali_sadu", "Ramkali Sadu", "sggs", 38),
            ("bavan_akhri", "Bavan Akhri", "sggs", 689),
            ("baarah_maha", "Baarah Maha (Majh)", "sggs", 129),
        ]
        for (id, title, source, nLines) in reference {
            let bani = try #require(embedded.bani(id: id))
            #expect(bani.titleEn == title && bani.source == source && bani.nLines == nLines, "\(id)")
        }
    }
}
