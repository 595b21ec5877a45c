// SPDX-License-Identifier: GPL-3.0-or-later
import Scheduler
import Snapshot
import TestSupport
import Testing

/// A band's reminder is skipped for an empty set (`ReminderRules.skipReason`) by asking
/// `NitnemSnapshot.hasNoIDs(in:)`, not by making the set's ids: both must agree on every snapshot.
@Suite struct SetEmptinessTests {
    static let snapshots: [NitnemSnapshot] = [
        EmbeddedRegistry.snapshot,
        Fixture.registryWithTaksalRehras,
        NitnemSnapshot(
            banisAvailable: false, banis: EmbeddedRegistry.snapshot.banis, sets: EmbeddedRegistry.snapshot.sets),
        NitnemSnapshot(banis: EmbeddedRegistry.snapshot.banis, sets: [:]),
        NitnemSnapshot(banis: EmbeddedRegistry.snapshot.banis, sets: ["morning": [], "evening": ["missing"]]),
        NitnemSnapshot(banis: [], sets: ["night": ["x"]]),
    ]

    @Test(arguments: snapshots.indices)
    func hasNoIDsIsIdsInEmpty(_ index: Int) {
        let snapshot = Self.snapshots[index]
        for set in DailySet.allCases {
            #expect(snapshot.hasNoIDs(in: set) == snapshot.ids(in: set).isEmpty, "\(index) \(set)")
        }
    }
}
