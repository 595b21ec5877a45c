// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// A reminder to show: `Evening · Rehras Sahib`, with today's progress in the body.
package struct ReminderNotice: BoxedValue {
    /// The fields, behind one reference: a notice is copied into each action, event, log line and
    /// memory that holds it, and copying the box is one retain where the fields were several.
    package private(set) var box: Boxed<Fields>

    package struct Fields: Hashable, Sendable {
        let dayKey: CivilDate
        let subject: ReminderSubject
        let band: Band
        let bani: NitnemSnapshot.Bani
        let late: Bool
        let done: Int
        let total: Int
        let resume: TodayState.Resume?
        let titles: TitleForm?
        var actions: [ReminderAction] = [.read, .mark, .later]
        var click: ReminderAction = .read
        var sound: String?
        var shownAgain = false
        var time: WallTime?
        var practice: PracticeReminder.Count?
        var replacing: Int?
    }

    /// A notice; `time`, `practice` and what `config` makes it offer (`offer(_:)`) are set in the
    /// one box it is made with.
    package init(
        dayKey: CivilDate, subject: ReminderSubject, band: Band, bani: NitnemSnapshot.Bani, late: Bool, done: Int,
        total: Int, resume: TodayState.Resume?, titles: TitleForm?, time: WallTime? = nil,
        practice: PracticeReminder.Count? = nil, offering config: AgentConfig? = nil
    ) {
        var fields = Fields(
            dayKey: dayKey, subject: subject, band: band, bani: bani, late: late, done: done, total: total,
            resume: resume, titles: titles)
        fields.time = time
        fields.practice = practice
        if let config { Self.offer(config, in: &fields) }
        box = Boxed(fields)
    }

    /// Brought back after a restart, as the notification `replacing` an earlier agent left on
    /// screen (nil: none): the one change made to a notice, in a new box (the old one may be shared
    /// by copies that must not change).
    mutating func showAgain(replacing: Int?) {
        box = box.changed {
            $0.shownAgain = true
            $0.replacing = replacing
        }
    }

    package var dayKey: CivilDate { box.value.dayKey }
    /// What it is about: a band's set, or one bani (`nitnem sets remind`).
    package var subject: ReminderSubject { box.value.subject }
    /// Its band (for a per-bani reminder: the band its slot falls in).
    package var band: Band { box.value.band }
    package var bani: NitnemSnapshot.Bani { box.value.bani }
    /// Shown after its slot: the agent was asleep or off at the slot.
    package var late: Bool { box.value.late }
    /// Banis of the day read, of `total` (the body).
    package var done: Int { box.value.done }
    package var total: Int { box.value.total }
    /// Where to resume (line `seq` of `nLines`), when there is a saved position.
    package var resume: TodayState.Resume? { box.value.resume }
    /// Which title the summary shows (config `titles`; nil: English).
    package var titles: TitleForm? { box.value.titles }
    /// The buttons it offers (when the server shows actions): `ReminderAction.buttons(_:)`.
    package var actions: [ReminderAction] { box.value.actions }
    /// What a click on it does (its default action): `ReminderAction.clicked(_:)`.
    package var click: ReminderAction { box.value.click }
    /// The `sound-name` hint (config `sound`), if any.
    package var sound: String? { box.value.sound }
    /// Brought back after the agent restarted (the same episode as before the stop).
    package var shownAgain: Bool { box.value.shownAgain }
    /// A per-bani reminder's wall time (its summary says it).
    package var time: WallTime? { box.value.time }
    /// The practice a per-bani reminder protects (its summary says its day instead of the time).
    package var practice: PracticeReminder.Count? { box.value.practice }
    /// The server id of the notification an earlier agent (killed) left on screen for this
    /// episode: shown with it as `replaces_id`, so the server replaces that one in place.
    package var replacing: Int? { box.value.replacing }

    /// What `config` makes it offer: its buttons, its click and its sound.
    private static func offer(_ config: AgentConfig, in fields: inout Fields) {
        fields.actions = ReminderAction.buttons(config)
        fields.click = ReminderAction.clicked(config)
        fields.sound = config.sound
    }

    /// The deep link the "Read now" action opens: its bani's, made when asked (the core makes a
    /// notice at each show and update; only a press opens it).
    package var url: String { bani.url }

    /// The slot it reminds of (the band its slot falls in, for a per-bani reminder).
    package var slot: SlotKey { SlotKey(day: dayKey, band: band) }
    /// Which reminder it is, for logs: its band's, or its bani's by English title.
    package var reminder: LogEvent.Reminder { isForBani ? .bani(title: bani.titleEn) : .band(band) }
    /// Whether it is a per-bani reminder.
    var isForBani: Bool { subject.baniID != nil }

    /// `<Band> · <Bani title>` (`Sukhmani Sahib · 10:00` for a per-bani one), in English (logs,
    /// `simulate`).
    package var summary: String { summary(.english) }
    /// `5 of 7 today` (`your daily reminder · 5 of 7 today` for a per-bani one), and where to
    /// resume when there is a saved position, in English.
    package var body: String { body(.english) }

    /// The summary in the user's language: `Evening · Rehras Sahib`, `ਸ਼ਾਮ · ਰਹਿਰਾਸ ਸਾਹਿਬ`;
    /// `Sukhmani Sahib · 10:00` for a per-bani one. One line: control characters in the title are
    /// folded (`Printable.folded`), so a title cannot add a line or turn the text around.
    package func summary(_ localizer: Localizer) -> String {
        let title = titles.or(.english).title(bani, Printable.folded)
        if isForBani, let practice {
            return localizer(.practiceDay, ["title": title, "day": "\(practice.day)", "days": "\(practice.days)"])
        }
        if isForBani, let time {
            return localizer(.baniReminderSummary, ["title": title, "time": "\(time)"])
        }
        return localizer(.reminderSummary, ["band": localizer.band(band), "title": title])
    }

    /// Whether it says what `other` says (its `summary` and `body`): at once when what they are made
    /// of is the same, else by the words (the agent asks at every wake while a reminder is on screen).
    func saysSame(as other: ReminderNotice) -> Bool {
        let sameSummary = summarySame(as: other)
        let sameBody =
            done == other.done && total == other.total && isForBani == other.isForBani
            && resume == other.resume
        return (sameSummary || summary == other.summary) && (sameBody || body == other.body)
    }

    /// Whether its `summary` is made of what `other`'s is made of (so says the same).
    func summarySame(as other: ReminderNotice) -> Bool {
        // The cheap fields first: most notices kept differ in their band (the bani is compared whole).
        band == other.band && isForBani == other.isForBani && time == other.time && practice == other.practice
            && titles == other.titles && bani == other.bani
    }

    /// The body in the user's language: `2 of 7 today · resume at line 120 of 444`; `your daily
    /// reminder · 2 of 7 today` for a per-bani one.
    package func body(_ localizer: Localizer) -> String {
        let values = ["done": "\(done)", "total": "\(total)"]
        let body = localizer(isForBani ? .baniReminderBody : .reminderBody, values)
        guard let resume else { return body }
        return localizer(.reminderResume, ["line": body, "seq": "\(resume.seq)", "lines": "\(resume.nLines)"])
    }
}
