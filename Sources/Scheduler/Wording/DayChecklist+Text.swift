// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

extension DayChecklist {
    /// `nitnem mark --list` for a person: the day and band, then one line per daily bani
    /// (`✓ japji  Japji Sahib · ਜਪੁਜੀ ਸਾਹਿਬ`), the next one said.
    package func text(today: CivilDate, titles: TitleForm? = nil, localizer l: Localizer = .english) -> String {
        var lines = [
            l(
                day == today ? .listHeadingToday : .listHeadingThatDay,
                [
                    "band": l.band(band), "day": day.description, "done": "\(done)", "total": "\(items.count)",
                ])
        ]
        let width = items.map { Printable.escaped($0.bani.id).count }.max() ?? 0
        for item in items {
            var line = "\(item.read ? "✓" : "○") \(Printable.escaped(item.bani.id).padded(to: width))  "
            line += titles.or(.both).titleWithVariant(item.bani, Printable.escaped)
            if item.next { line = l(.listNext, ["line": line]) }
            lines.append(line)
        }
        if items.isEmpty { lines.append(l(.noDailyBanis)) }
        return lines.joined(separator: "\n")
    }
}
