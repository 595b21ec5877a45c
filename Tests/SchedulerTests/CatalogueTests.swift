// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler
import Snapshot
import TestSupport
import Testing

/// The message table, `po/nitnem.pot` generated from it, and how a `Localizer` says a message.
@Suite struct CatalogueTests {
    static let potPath = NitnemBinary.packageRoot.appendingPathComponent("po/nitnem.pot").path

    /// `po/nitnem.pot` is the table's: a message added or changed without `scripts/update-po.sh`
    /// fails here (`NITNEM_RECORD_POT=1` writes it, as the script does).
    @Test func potIsCurrent() throws {
        if ProcessInfo.processInfo.environment["NITNEM_RECORD_POT"] == "1" {
            try Data(Message.pot.utf8).write(to: URL(fileURLWithPath: Self.potPath))
        }
        let onDisk = try String(contentsOfFile: Self.potPath, encoding: .utf8)
        #expect(onDisk == Message.pot, "po/nitnem.pot is stale: run scripts/update-po.sh")
    }

    /// A text two messages share is one entry (msgfmt refuses a duplicate msgid); a counted one has
    /// its plural; one with a value is python-brace-format, so msgfmt --check holds translations to it.
    @Test func potHasOneEntryPerTextWithPluralsAndFormatFlags() {
        let pot = Message.pot
        #expect(pot.components(separatedBy: "\nmsgid \"Evening\"\n").count == 2)
        #expect(pot.contains("#. A band of the Nitnem day, 17:00–20:59.\n#. The evening daily set.\nmsgid \"Evening\""))
        #expect(pot.contains("msgid_plural \"{month} · {n} complete days · current streak {streak}"))
        #expect(pot.contains("#, python-brace-format\nmsgid \"{band} · {title}\"\nmsgstr \"\""))
        #expect(
            pot.contains("\n\n#. A reminder's button: open the bani in the reader.\nmsgid \"Read now\"\nmsgstr \"\"\n"))
        #expect(!pot.contains("POT-Creation-Date"), "no date: the file changes only when the table does")
    }

    /// Every `{name}` of an English text is one the table documents a value for somewhere: a typo
    /// (`{titel}`) would show as is.
    @Test func placeholdersAreKnownNames() {
        let known: Set = [
            "band", "day", "title", "done", "total", "line", "seq", "lines", "percent", "time", "set", "month", "year",
            "setting", "value", "titles",
            "today", "first", "n", "streak", "longest", "overall", "count", "reason",
            "days", "from", "last", "stopped", "read", "command",
        ]
        for message in Message.allCases {
            let e = message.entry
            for text in [e.english] + (e.plural.map { [$0] } ?? []) {
                var rest = Substring(text)
                while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                    let name = String(rest[rest.index(after: open)..<close])
                    #expect(known.contains(name), "\(message): {\(name)}")
                    rest = rest[rest.index(after: close)...]
                }
            }
        }
    }

    @Test func englishFillsValuesAndCountsPlurals() {
        let l = Localizer.english
        #expect(l(.reminderSummary, ["band": "Evening", "title": "Rehras Sahib"]) == "Evening · Rehras Sahib")
        #expect(l(.reminderBody, ["done": "2", "total": "7"]) == "2 of 7 today")
        let one = l(.journeyHeading, count: 1, ["month": "M", "streak": "1", "longest": "1", "overall": "2"])
        #expect(one == "M · 1 complete day · current streak 1 · longest 1 this month, 2 overall")
        let two = l(.journeyHeading, count: 2, ["month": "M", "streak": "1", "longest": "1", "overall": "2"])
        #expect(two.hasPrefix("M · 2 complete days ·"))
        // A value is put in once, as is: a value holding braces is not read again.
        #expect(l(.detailNext, ["title": "{band}"]) == "Next: {band}")
        // A name with no value stays visible rather than vanish.
        #expect(l(.detailNext) == "Next: {title}")
    }

    /// The shell's lookup: a translation where there is one, the table's English where it gives
    /// nothing (an empty string is no translation).
    @Test func aLookupTranslatesAndFallsBack() {
        let l = Localizer { msgid, plural, count in
            switch msgid {
            case "Evening": "ਸ਼ਾਮ"
            case "{done} of {total} today": "ਅੱਜ {total} ਵਿੱਚੋਂ {done}"
            case "Later": ""
            default: plural.map { count == 1 ? msgid : $0 } ?? msgid
            }
        }
        #expect(l.band(.evening) == "ਸ਼ਾਮ")
        #expect(l(.reminderBody, ["done": "2", "total": "7"]) == "ਅੱਜ 7 ਵਿੱਚੋਂ 2")
        #expect(l(.buttonLater) == "Later")
        #expect(ReminderAction.later.label(l) == "Later")
        #expect(l.band(.night) == "Night")
        #expect(l.reason(.other("made-up")) == "made-up")
    }

    @Test func titleForms() {
        let bani = NitnemSnapshot.Bani(
            id: "rehras/taksal", key: "rehras", variant: "taksal", isDefault: false, titleEn: "Rehras Sahib",
            titleGurmukhi: "ਰਹਿਰਾਸ ਸਾਹਿਬ", source: "mixed", nLines: 10)
        #expect(TitleForm.english.title(bani) == "Rehras Sahib")
        #expect(TitleForm.gurmukhi.title(bani) == "ਰਹਿਰਾਸ ਸਾਹਿਬ")
        #expect(TitleForm.both.title(bani) == "Rehras Sahib (ਰਹਿਰਾਸ ਸਾਹਿਬ)")
        #expect(TitleForm.gurmukhi.titleWithVariant(bani) == "ਰਹਿਰਾਸ ਸਾਹਿਬ (taksal)")
        #expect(TitleForm.both.titleWithVariant(bani) == "Rehras Sahib (taksal) (ਰਹਿਰਾਸ ਸਾਹਿਬ)")
        var noGurmukhi = bani
        noGurmukhi.titleGurmukhi = nil
        #expect(TitleForm.gurmukhi.title(noGurmukhi) == "Rehras Sahib", "no Gurmukhi title: the English one")
        #expect(TitleForm.both.title(noGurmukhi, { "<\($0)>" }) == "<Rehras Sahib>")
        let unset: TitleForm? = nil
        #expect(unset.or(.both) == .both)
        #expect(TitleForm?.some(.gurmukhi).or(.both) == .gurmukhi)
    }
}
