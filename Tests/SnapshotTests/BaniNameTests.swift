// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import TestSupport
import Testing

@testable import Snapshot

/// The names a bani goes by (`NitnemSnapshot.bani(named:)`): exact ids, keys and titles first, then
/// the forgiving forms (case, spaces, hyphens, a trailing Sahib), the short names, and what an
/// unknown or ambiguous name is told.
@Suite struct BaniNameTests {
    static let registry = EmbeddedRegistry.snapshot

    /// The registry with a second Rehras (taksal), preferred, as the reader app writes it.
    static let withVariant = Fixture.registryWithTaksalRehras

    /// The registry with a second key under Benti Chaupai's titles (a database that keeps two forms
    /// of it under different keys): its titles name both.
    static let twoChaupais: NitnemSnapshot = {
        var s = registry
        s.banis.append(
            NitnemSnapshot.Bani(
                id: "chaupai_sahib", key: "chaupai_sahib", titleEn: "Benti Chaupai", titleGurmukhi: "ਚੌਪਈ ਸਾਹਿਬ",
                source: "dasam", nLines: 53))
        return s
    }()

    /// The demo group's snapshot (`fixtures/groups/demo`), which the binary's tests mark in.
    static let demo: NitnemSnapshot = {
        let path = NitnemBinary.fixture("groups/demo/nitnem-snapshot.json")
        let bytes = Array(FileManager.default.contents(atPath: path)!)
        return try! NitnemSnapshot.decode(JSONParser.parse(bytes, path: path), path: path)
    }()

    /// The names `MarkCommandTests.marksByIdKeyOrTitle` gives the binary name the same bani here.
    @Test(arguments: try CaseTable.rows("mark-names", columns: ["name", "id", "line"]))
    func markNames(_ c: CaseTable.Row) throws {
        #expect(try Self.demo.bani(named: c["name"]).id == c["id"], "\(c)")
    }

    @Test(arguments: [
        // Exact ids, keys and titles, as before.
        ("japji", "japji"), ("Japji Sahib", "japji"), ("ਜਪੁ ਜੀ ਸਾਹਿਬ", "japji"), ("kirtan_sohila", "kirtan_sohila"),
        ("Asa Di Vaar", "asa_di_vaar"), ("aarti", "aarti"),
        // Case, hyphens, spaces, underscores and apostrophes.
        ("JAPJI", "japji"), ("Japji-Sahib", "japji"), ("japjisahib", "japji"), ("jap ji sahib", "japji"),
        ("Tav Prasad Savaiye", "savaiye"), ("tav-prasad-savaiye", "savaiye"), ("TavPrasadSavaiye", "savaiye"),
        ("kirtan sohila", "kirtan_sohila"), ("Kirtan-Sohila", "kirtan_sohila"), ("asa-di-vaar", "asa_di_vaar"),
        ("asa di vaar", "asa_di_vaar"), ("Asa Di' Vaar", "asa_di_vaar"), ("benti_chaupai", "chaupai"),
        // A trailing Sahib, in either script, given or left out.
        ("jaap", "jaap"), ("Jaap Sahib", "jaap"), ("rehras", "rehras"), ("Rehras-Sahib", "rehras"),
        ("anand", "anand"), ("Anand Sahib", "anand"), ("sukhmani", "sukhmani"), ("Chaupai Sahib", "chaupai"),
        ("Kirtan Sohila Sahib", "kirtan_sohila"), ("Aarti Sahib", "aarti"), ("sukhmani  sahib ", "sukhmani"),
        // Gurmukhi titles with and without their spaces and their ਸਾਹਿਬ.
        ("ਜਪੁਜੀ ਸਾਹਿਬ", "japji"), ("ਜਪੁਜੀ", "japji"), ("ਜਪੁ ਜੀ", "japji"), ("ਚੌਪਈ", "chaupai"),
        ("ਚੌਪਈਸਾਹਿਬ", "chaupai"), ("ਜਾਪੁ", "jaap"), ("ਤ੍ਵ ਪ੍ਰਸਾਦਿ ਸਵੱਯੇ", "savaiye"), ("ਤ੍ਵਪ੍ਰਸਾਦਿਸਵੱਯੇ", "savaiye"),
        ("ਰਹਰਾਸਿ", "rehras"), ("ਸੋਹਿਲਾ", "kirtan_sohila"), ("ਸੋਹਿਲਾ ਸਾਹਿਬ", "kirtan_sohila"),
        ("ਆਸਾ ਦੀ ਵਾਰ", "asa_di_vaar"), ("ਆਸਾਦੀਵਾਰ", "asa_di_vaar"),
        // The short name no title gives.
        ("Sohila", "kirtan_sohila"), ("sohila sahib", "kirtan_sohila"), ("SOHILA", "kirtan_sohila"),
    ])
    func namesResolve(_ name: String, _ id: String) {
        #expect(Self.registry.resolve(name)?.id == id)
    }

    @Test(arguments: [
        ("rehras", "rehras/taksal"), ("Rehras Sahib", "rehras/taksal"), ("rehras sahib", "rehras/taksal"),
        ("Rehras-Sahib", "rehras/taksal"), ("ਰਹਰਾਸਿ", "rehras/taksal"), ("ਰਹਰਾਸਿ ਸਾਹਿਬ", "rehras/taksal"),
        ("rehras/taksal", "rehras/taksal"), ("REHRAS/TAKSAL", "rehras/taksal"),
    ])
    func aForgivingNameGivesThePreferredVariantAsAKeyDoes(_ name: String, _ id: String) {
        #expect(Self.withVariant.resolve(name)?.id == id)
    }

    @Test func anExactIdOrKeyComesBeforeAForgivingMatch() throws {
        // `chaupai` is a key, and also what Chaupai Sahib's key becomes without its Sahib: the key wins.
        #expect(Self.twoChaupais.resolve("chaupai")?.id == "chaupai")
        #expect(Self.twoChaupais.resolve("chaupai_sahib")?.id == "chaupai_sahib")
        #expect(Self.twoChaupais.resolve("CHAUPAI_SAHIB")?.id == "chaupai_sahib")
        // `rehras` is a key before it is an id: the preferred variant, as before.
        #expect(Self.withVariant.resolve("rehras")?.id == "rehras/taksal")
    }

    @Test(arguments: ["Benti Chaupai", "benti-chaupai", "ਚੌਪਈ", "ਚੌਪਈ ਸਾਹਿਬ", "Chaupai-Sahib"])
    func aNameOfSeveralKeysIsAmbiguousNeverOneOfThem(_ name: String) throws {
        let chaupai = try #require(Self.twoChaupais.bani(id: "chaupai"))
        let sahib = try #require(Self.twoChaupais.bani(id: "chaupai_sahib"))
        #expect(throws: NitnemSnapshot.NameProblem.ambiguous(name, candidates: [chaupai, sahib])) {
            try Self.twoChaupais.bani(named: name)
        }
        #expect(Self.twoChaupais.resolve(name) == nil)
        #expect(
            Self.twoChaupais.explain([.ambiguous(name, candidates: [chaupai, sahib])])
                == "ambiguous bani '\(name)': it names Benti Chaupai (chaupai) or Benti Chaupai (chaupai_sahib); "
                + "give the id")
    }

    @Test(arguments: [
        // One character off, or two in a longer name.
        ("japjii", ["japji"]), ("rehraas", ["rehras"]), ("sukhmanee", ["sukhmani"]), ("chopai", ["chaupai"]),
        ("asa di var", ["asa_di_vaar"]), ("arti", ["aarti"]), ("sohla", ["kirtan_sohila"]),
        ("anandd sahib", ["anand", "anand_6"]),  // anand_6 is one letter away too ("Tav Prasad Savaye", ["savaiye"]),
        // Near two: the nearer first, then in registry order; a name a bani's begins with comes last.
        ("jap", ["jaap", "japji"]), ("ਜਪੁ", ["japji", "jaap"]),
        ("sukh", ["sukhmani"]), ("kirtan", ["kirtan_sohila"]),
        // Nothing near: nothing offered.
        ("xyz", []), ("sahib", []), ("ਸਾਹਿਬ", []), ("morning", []), ("ja", []),
    ])
    func anUnknownNameOffersTheClosest(_ name: String, _ ids: [String]) {
        #expect(Self.registry.resolve(name) == nil)
        do {
            _ = try Self.registry.bani(named: name)
            Issue.record("'\(name)' named a bani")
        } catch {
            guard case .unknown(let given, let closest) = error else {
                Issue.record("'\(name)': \(error)")
                return
            }
            #expect(given == name)
            #expect(closest.map(\.id) == ids)
        }
    }

    @Test func atMostThreeAreOffered() {
        // A name one letter from four keys: the three first in registry order.
        var s = Self.registry
        for key in ["japja", "japjo", "japju"] {
            s.banis.append(
                NitnemSnapshot.Bani(
                    id: key, key: key, titleEn: "Japji Sahib", titleGurmukhi: nil, source: "sggs", nLines: 1))
        }
        guard case .unknown(_, let closest)? = Self.problem(s, "japjy") else {
            Issue.record("japjy named a bani")
            return
        }
        #expect(closest.map(\.id) == ["japji", "japja", "japjo"])
    }

    @Test func theErrorLineNamesTheClosestTitles() {
        let s = Self.registry
        func line(_ names: [String]) -> String { s.explain(names.compactMap { Self.problem(s, $0) }) }
        #expect(line(["japjii"]) == "unknown bani 'japjii' (did you mean Japji Sahib?)")
        #expect(line(["jap"]) == "unknown bani 'jap' (did you mean Jaap Sahib or Japji Sahib?)")
        // Written in Gurmukhi: offered in Gurmukhi.
        #expect(line(["ਜਪੁ"]) == "unknown bani 'ਜਪੁ' (did you mean ਜਪੁ ਜੀ ਸਾਹਿਬ or ਜਾਪੁ ਸਾਹਿਬ?)")
        let ids =
            "japji, jaap, savaiye, chaupai, anand, rehras, kirtan_sohila, sukhmani, asa_di_vaar, aarti, "
            + "salok_m9, raag_mala, laavan, anand_6, sidh_gosht, ramkali_sadu, bavan_akhri, baarah_maha, "
            + "shabad_hazare, shabad_hazare_p10, akal_ustat, chandi_di_vaar, savaiye_deenan, ardaas, dukh_bhanjani, "
            + "funhe_m5, chaubole, dakhni_oankar"
        #expect(line(["xyz"]) == "unknown bani 'xyz'; use an id, a key, or an English or Gurmukhi title: " + ids)
        #expect(
            line(["japjii", "xyz"])
                == "unknown bani 'japjii' (did you mean Japji Sahib?); unknown bani 'xyz'; "
                + "use an id, a key, or an English or Gurmukhi title: " + ids)
        // A name with a line break stays one line.
        #expect(line(["x\ny"]) == "unknown bani 'x\\ny'; use an id, a key, or an English or Gurmukhi title: " + ids)
    }

    @Test(arguments: [
        (["japji,jaap"], ["japji", "jaap"]), (["japji,", "jaap"], ["japji", "jaap"]),
        (["japji", ",", "jaap"], ["japji", "jaap"]), ([" japji , jaap ,"], ["japji", "jaap"]),
        (["Japji Sahib, Jaap Sahib"], ["Japji Sahib", "Jaap Sahib"]), ([",,"], []), ([""], []),
    ])
    func commasSeparateNames(_ words: [String], _ names: [String]) {
        #expect(NitnemSnapshot.names(in: words) == names)
    }

    @Test(arguments: [
        ("Japji Sahib", "japji"), ("JAPJI-SAHIB", "japji"), ("japji_sahib", "japji"), ("Tav‐Prasad", "tavprasad"),
        ("Asa Di’ Vaar", "asadivaar"), ("sahib", "sahib"), ("Sahib Sahib", "sahib"), ("ਜਪੁ ਜੀ ਸਾਹਿਬ", "ਜਪੁਜੀ"),
        ("ਸਾਹਿਬ", "ਸਾਹਿਬ"), ("  ", ""),
    ])
    func theComparedForm(_ name: String, _ form: String) {
        #expect(BaniName(name).text == form)
    }

    @Test(arguments: [
        ("japji", "japji", 0), ("japjii", "japji", 1), ("jaap", "japji", 3), ("", "jaap", 4), ("jap", "", 3),
        ("chopai", "chaupai", 2), ("ਜਪੁ", "ਜਪੁਜੀ", 1), ("ਜਪੁ", "ਜਾਪੁ", 1),
    ])
    func distanceCountsCharacters(_ a: String, _ b: String, _ distance: Int) {
        #expect(BaniName(a).distance(to: BaniName(b)) == distance)
        #expect(BaniName(b).distance(to: BaniName(a)) == distance)
    }

    static func problem(_ s: NitnemSnapshot, _ name: String) -> NitnemSnapshot.NameProblem? {
        do {
            _ = try s.bani(named: name)
            return nil
        } catch {
            return error
        }
    }
}
