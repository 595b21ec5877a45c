// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Snapshot
import Testing

/// Which daily set each band reads, and in which order the home lists the sets.
@Suite struct DailySetTests {
    @Test(arguments: [
        (Band.amritVela, DailySet.morning, [DailySet.morning, .evening, .night]),
        (.morning, .morning, [.morning, .evening, .night]),
        (.evening, .evening, [.evening, .night, .morning]),
        (.night, .night, [.night, .morning, .evening]),
    ])
    func eachBandReadsOneDailySet(_ band: Band, _ set: DailySet, _ rotation: [DailySet]) {
        #expect(band.dailySet == set)
        #expect(band.dailySet.rotation == rotation)
        #expect(Set(rotation) == Set(DailySet.allCases))
    }

    @Test(arguments: [
        (DailySet.morning, ["japji", "jaap", "savaiye", "chaupai", "anand"]),
        (.evening, ["rehras"]),
        (.night, ["kirtan_sohila"]),
    ])
    func idsOfEachSetOfTheEmbeddedRegistry(_ set: DailySet, _ ids: [String]) {
        #expect(EmbeddedRegistry.snapshot.ids(in: set) == ids)
        var unavailable = EmbeddedRegistry.snapshot
        unavailable.banisAvailable = false
        #expect(unavailable.ids(in: set).isEmpty)
    }

    @Test func theFileKeepsItsSetNames() {
        // The text of the file's `sets` members: the daily sets first, then the others.
        #expect(DailySet.allCases.map(\.rawValue) == ["morning", "evening", "night"])
        #expect(NitnemSnapshot.setNames == ["morning", "evening", "night", "popular", "ceremony"])
        #expect(EmbeddedRegistry.snapshot.dailyIDs.count == 7)
    }

    @Test func theEveningSetUsesThePreferredRehras() {
        var snapshot = EmbeddedRegistry.snapshot
        snapshot.banis.append(
            NitnemSnapshot.Bani(
                id: "rehras/taksal", key: "rehras", variant: "taksal", isDefault: false, titleEn: "Rehras Sahib",
                titleGurmukhi: nil, source: "mixed", nLines: 480))
        #expect(snapshot.ids(in: .evening) == ["rehras"])
        snapshot.preferences.rehrasVariant = "taksal"
        #expect(snapshot.ids(in: .evening) == ["rehras/taksal"])
        #expect(snapshot.ids(in: .morning) == ["japji", "jaap", "savaiye", "chaupai", "anand"])
    }
}
