// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// The progress of one bani in `nitnem-progress.json`. Public, not package, to be inlined in other
/// modules (`CivilDate`).
public struct BaniProgress: Hashable, Sendable {
    /// The last line sequence read (1-based), if any.
    package var lastSeq: Int?
    /// When it was last read.
    package var lastReadAt: Date?
    /// The Nitnem days (keys) it was read to the end.
    package var completedDays: Set<CivilDate>
    /// A verbatim anchor of the saved position, so it survives a registry rebuild.
    package var anchor: String?
    /// The line count the position was saved against.
    package var nLines: Int?

    /// A bani's progress.
    package init(
        lastSeq: Int? = nil, lastReadAt: Date? = nil, completedDays: Set<CivilDate> = [], anchor: String? = nil,
        nLines: Int? = nil
    ) {
        self.lastSeq = lastSeq
        self.lastReadAt = lastReadAt
        self.completedDays = completedDays
        self.anchor = anchor
        self.nLines = nLines
    }

    /// Whether it was read to the end on Nitnem day `day`: the one rule every count asks.
    package func isRead(on day: CivilDate) -> Bool {
        // `contains` hashes the day even when there is no day to find (a bani not read yet).
        !completedDays.isEmpty && completedDays.contains(day)
    }
}

extension [String: BaniProgress] {
    /// Whether bani `id` was read to the end on Nitnem day `day` (`BaniProgress.isRead(on:)`; no entry: no).
    package func isRead(_ id: String, on day: CivilDate) -> Bool { self[id]?.isRead(on: day) ?? false }
}
