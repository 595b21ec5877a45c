// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Snapshot
import SnapshotExport
import TestSupport
import Testing

/// What the exporter reads from each fixture database: ids, counts, Angs, sources, review, sets.
@Suite struct SnapshotExporterTests {
    static let now = Fixture.instant("2026-11-29T16:30:00Z")
    static let utc = ZoneFiles.calendar("UTC")

    static func export(_ fixtures: [String], registry: Bool = true) throws -> NitnemSnapshot {
        let path = try CorpusFixture.database(fixtures, registry: registry)
        return try SnapshotExporter(databasePath: path).snapshot(now: now, calendar: utc)
    }

    typealias Expected = CorpusFixture.ExpectedBani

    @Test func banisAreInRegistryOrder() throws {
        let snapshot = try Self.export(["sets"])
        #expect(snapshot.banisAvailable)
        #expect(snapshot.schema == 1)
        #expect(snapshot.banis.map(\.id) == (try CorpusFixture.expectedRegistry()).map(\.id))
        #expect(snapshot.generatedAt == "2026-11-29T16:30:00+00:00")
    }

    @Test(arguments: try CorpusFixture.expectedRegistry())
    func baniFromTheRegistry(_ expected: Expected) throws {
        let bani = try #require(try Self.export(["sets"]).bani(id: expected.id))
        #expect(bani.key == expected.key)
        #expect(bani.variant == expected.variant)
        #expect(bani.isDefault == expected.isDefault)
        #expect(bani.nLines == expected.nLines)
        #expect(bani.firstAng == expected.firstAng)
        #expect(bani.source == expected.source)
        // No meta row: the non-SGGS layer is not attested as reviewed.
        #expect(bani.underReview == expected.nonSGGS)
    }

    @Test func titlesComeFromTheDatabase() throws {
        let snapshot = try Self.export([])
        #expect(snapshot.bani(id: "japji")?.titleEn == "Japji Sahib")
        #expect(snapshot.bani(id: "japji")?.titleGurmukhi == "ਜਪੁ ਜੀ ਸਾਹਿਬ")
        #expect(snapshot.bani(id: "rehras/taksal")?.titleEn == "Rehras Sahib (Taksal)")
        #expect(snapshot.bani(id: "ardaas")?.titleGurmukhi == nil)
    }

    @Test func reviewedFlagClearsUnderReview() throws {
        let snapshot = try Self.export(["sets", "reviewed"])
        #expect(snapshot.banis.filter(\.underReview).isEmpty)
        // The sources do not change with the review.
        #expect(snapshot.bani(id: "ardaas")?.source == "ardaas")
        #expect(snapshot.bani(id: "jaap")?.source == "dasam")
    }

    @Test(arguments: [["not-reviewed"], ["no-optional-tables"]])
    func withoutTheFlagNonSGGSIsUnderReview(_ fixtures: [String]) throws {
        let snapshot = try Self.export(fixtures)
        let underReview = snapshot.banis.filter(\.underReview).map(\.id)
        #expect(underReview == (try CorpusFixture.expectedRegistry()).filter(\.nonSGGS).map(\.id))
    }

    /// The morning, evening, night and popular sets of the fixture corpus, in order.
    static func expectTheDailyAndPopularSets(_ sets: [String: [String]]) {
        #expect(sets["morning"] == ["japji", "jaap", "savaiye", "chaupai", "anand"])
        #expect(sets["evening"] == ["rehras"])
        #expect(sets["night"] == ["kirtan_sohila"])
        #expect(sets["popular"] == ["sukhmani", "asa_di_vaar", "aarti"])
    }

    @Test func setsComeFromBaniSetsOrderedByPosition() throws {
        let snapshot = try Self.export(["sets"])
        Self.expectTheDailyAndPopularSets(snapshot.sets)
        #expect(snapshot.sets["ceremony"] == ["anand", "ardaas"])
        #expect(snapshot.sets.count == 5)
    }

    @Test func anEmptyBaniSetsTableMeansTheCatalogSets() throws {
        let sets = try Self.export([]).sets
        #expect(sets["morning"] == ["japji", "jaap", "savaiye", "chaupai", "anand"])
        #expect(sets["evening"] == ["rehras"])
    }

    @Test func withoutBaniSetsTheCatalogSetsApply() throws {
        let snapshot = try Self.export(["no-optional-tables"])
        Self.expectTheDailyAndPopularSets(snapshot.sets)
        #expect(snapshot.sets["ceremony"] == nil)
    }

    @Test func catalogSetsKeepOnlyKeysTheDatabaseHas() throws {
        let snapshot = try Self.export(["no-optional-tables", "without-aarti"])
        #expect(snapshot.sets["popular"] == ["sukhmani", "asa_di_vaar"])
        #expect(snapshot.bani(id: "aarti") == nil)
    }

    @Test func anOlderCorpusHasNoRegistry() throws {
        let snapshot = try Self.export(["old-corpus"], registry: false)
        #expect(snapshot.banisAvailable == false)
        #expect(snapshot.banis.isEmpty)
        #expect(snapshot.sets.isEmpty)
        #expect(snapshot.provenance != nil)
    }

    @Test func provenanceRecordsTheFileNotItsText() throws {
        let path = try CorpusFixture.database([])
        let modified = Fixture.instant("2026-03-04T05:06:07Z")
        try FileManager.default.setAttributes([.modificationDate: modified.foundation], ofItemAtPath: path)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        let snapshot = try SnapshotExporter(databasePath: path).snapshot(now: Self.now, calendar: Self.utc)
        #expect(
            snapshot.provenance
                == NitnemSnapshot.Provenance(
                    databasePath: path, databaseSize: size, databaseModifiedAt: "2026-03-04T05:06:07+00:00"))
    }

    @Test func generatedAtIsNowOnTheCalendarsWallClock() throws {
        let path = try CorpusFixture.database([])
        let kolkata = ZoneFiles.calendar("Asia/Kolkata")
        let snapshot = try SnapshotExporter(databasePath: path).snapshot(now: Self.now, calendar: kolkata)
        #expect(snapshot.generatedAt == "2026-11-29T22:00:00+05:30")
    }
}
