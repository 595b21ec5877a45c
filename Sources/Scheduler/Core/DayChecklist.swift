// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The daily banis of one Nitnem day and which are read: `nitnem mark --list`, a menu's checklist.
///
/// Pure: from the snapshot, the progress, the day and the state `status` shows now.
package struct DayChecklist: Hashable, Sendable {
    /// One daily bani.
    package struct Item: Hashable, Sendable {
        /// The bani.
        package let bani: NitnemSnapshot.Bani
        /// The daily set it is read in (the first, when it is in several).
        package let set: DailySet
        /// Read on the day.
        package let read: Bool
        /// What `status` shows next (`nitnem mark --next` marks it).
        package let next: Bool
    }

    /// The Nitnem day.
    package let day: CivilDate
    /// The band now.
    package let band: Band
    /// The daily banis in the day's order: morning, evening, night.
    package let items: [Item]

    /// How many are read.
    package var done: Int { items.filter { $0.read }.count }

    /// The checklist of `day`; `order` is the order `status` follows now (the next is its first
    /// unread bani).
    package init(
        snapshot: NitnemSnapshot, progress: [String: BaniProgress], day: CivilDate, current: Band, order: [String]
    ) {
        let next = order.first { !progress.isRead($0, on: day) }
        let lines = BandOrder.checklist(
            snapshot: snapshot, idsBySet: DailySet.allCases.map(snapshot.ids(in:)), order: order)
        self.init(
            day: day, band: current,
            items: lines.map {
                Item(bani: $0.bani, set: $0.set, read: progress.isRead($0.id, on: day), next: $0.id == next)
            })
    }

    /// A checklist of `items` (`BandOrder` works them out once per band).
    init(day: CivilDate, band: Band, items: [Item]) {
        self.day = day
        self.band = band
        self.items = items
    }

    /// `{"dayKey","band":{"id","title"},"today":{"done","total"},"titles","banis":[{"id","key","variant",
    /// "titleEn","titleGurmukhi","title","set","read","next","url"}]}`: `titles` is the form config
    /// `titles` chose (`english` when not set), `title` each bani's title in it, for a widget to show
    /// as is.
    package func json(titles: TitleForm? = nil) -> JSONValue {
        let form = titles.or(.english)
        return .object([
            ("dayKey", .string(day.description)),
            ("band", .object([("id", .string(band.rawValue)), ("title", .string(band.title))])),
            ("today", .object([("done", .int(done)), ("total", .int(items.count))])),
            ("titles", .string(form.rawValue)),
            (
                "banis",
                .array(
                    items.map { item in
                        let b = item.bani
                        return .object([
                            ("id", .string(b.id)), ("key", .string(b.key)), ("variant", .string(b.variant)),
                            ("titleEn", .string(b.titleEn)), ("titleGurmukhi", .optional(b.titleGurmukhi)),
                            ("title", .string(form.title(b, Printable.folded))), ("set", .string(item.set.rawValue)),
                            ("read", .bool(item.read)),
                            ("next", .bool(item.next)), ("url", .string(b.url)),
                        ])
                    })
            ),
        ])
    }
}
