// SPDX-License-Identifier: GPL-3.0-or-later
extension Message {
    /// The entry: the English text of each message (the msgid), its plural and its note for translators,
    /// one case a message (the switch is exhaustive: a new message has no text until it is given one here).
    package var entry: Entry {
        func e(_ english: String, plural: String? = nil, _ note: String) -> Entry {
            Entry(english: english, plural: plural, note: note)
        }
        switch self {
        case .bandAmritVela: return e("Amrit Vela", "A band of the Nitnem day, 03:00–08:59 (ਅੰਮ੍ਰਿਤ ਵੇਲਾ).")
        case .bandMorning: return e("Morning", "A band of the Nitnem day, 09:00–16:59.")
        case .bandEvening: return e("Evening", "A band of the Nitnem day, 17:00–20:59.")
        case .bandNight: return e("Night", "A band of the Nitnem day, 21:00–02:59.")
        case .setMorning: return e("Morning (Amrit Vela and Morning)", "The morning daily set, read in two bands.")
        case .setEvening: return e("Evening", "The evening daily set.")
        case .setNight: return e("Night", "The night daily set.")

        case .nitnemNotAvailable: return e("Nitnem not available", "The bar when the snapshot has no banis.")
        case .nitnemNotAvailableInDatabase:
            return e("Nitnem not available in this database", "An older database without the bani registry.")
        case .noDailyBanis: return e("No daily banis in this snapshot", "The daily sets are empty.")
        case .nitnemComplete: return e("Nitnem complete · {done}/{total}", "The bar when today's banis are all read.")
        case .bandAndDay: return e("{band} · Nitnem day {day}", "{band}: a band name; {day}: 2026-11-29.")
        case .nothingInMorningSet:
            return e("nothing to read in {band} (your morning set is empty)", "nitnem status: your set is empty.")
        case .nothingInEveningSet:
            return e("nothing to read in {band} (your evening set is empty)", "nitnem status: your set is empty.")
        case .nothingInNightSet:
            return e("nothing to read in {band} (your night set is empty)", "nitnem status: your set is empty.")
        case .detailNext: return e("Next: {title}", "The bar's tooltip; {title}: a bani's title (a name).")
        case .detailResume:
            return e("{line}, resume at line {seq} of {lines} ({percent}%)", "{line}: the Next line before it.")
        case .detailComplete: return e("Today's Nitnem is complete", "The bar's tooltip.")
        case .detailToday: return e("Today: {done} of {total} read", "The bar's tooltip: banis read today.")
        case .bandDone: return e("{line} · {band} done", "{line}: the progress line before it.")
        case .remindersPausedUntil: return e("Reminders paused until {time}", "{time}: 03:00 or 2026-11-30 03:00.")
        case .textNext: return e("{band} · next: {title}", "nitnem status; {title}: a bani's title (a name).")
        case .textResume: return e("{line} — resume at line {seq} of {lines}", "{line}: the next line before it.")
        case .textComplete: return e("{band} · today's Nitnem is complete", "nitnem status.")
        case .textToday: return e("Today {done} of {total} · Nitnem day {day}", "nitnem status, second line.")
        case .timelineStale:
            return e(
                "Out of date since {time}: is the nitnem agent running (nitnem run)?",
                "A panel widget whose timeline the agent stopped writing; {time}: 03:00 or 2026-11-30 03:00.")

        case .reminderSummary: return e("{band} · {title}", "A reminder's summary: the band and the bani's title.")
        case .reminderBody: return e("{done} of {total} today", "A reminder's body: banis read today.")
        case .reminderResume: return e("{line} · resume at line {seq} of {lines}", "{line}: the body before it.")
        case .baniReminderSummary:
            return e("{title} · {time}", "A per-bani reminder's summary (nitnem sets remind): the title, 10:00.")
        case .baniReminderBody:
            return e("your daily reminder · {done} of {total} today", "A per-bani reminder's body: banis read today.")
        case .buttonReadNow: return e("Read now", "A reminder's button: open the bani in the reader.")
        case .buttonListen: return e("Listen", "A reminder's button: play the bani (config listen).")
        case .buttonMarkRead: return e("Mark read", "A reminder's button: record the bani read.")
        case .buttonLater: return e("Later", "A reminder's button: remind again a little later.")
        case .testSummary: return e("Nitnem · test", "nitnem reminders test: the test notification's summary.")
        case .testBody:
            return e("If you can read this, reminders will reach you.", "nitnem reminders test: its body.")

        case .listHeadingToday:
            return e("{band} · Nitnem day {day} · {done} of {total} read today", "nitnem mark --list, first line.")
        case .listHeadingThatDay:
            return e("{band} · Nitnem day {day} · {done} of {total} read that day", "mark --list --day, a past day.")
        case .listNext: return e("{line} · next", "mark --list: the bani status shows next.")

        case .setsYours: return e("{set} (yours)", "nitnem sets: a set you changed.")
        case .setsSnapshots: return e("{set} (the snapshot's)", "nitnem sets: a set as the snapshot has it.")
        case .setsNothingToRead: return e("nothing to read", "nitnem sets: an empty set.")
        case .setsRemind: return e("{line} · remind {time}", "nitnem sets: a bani's reminder time, 10:00.")
        case .setsYourMorning:
            return e("Your morning set: {titles}", "After nitnem sets add/remove/move; {titles}: bani titles (names).")
        case .setsYourEvening:
            return e("Your evening set: {titles}", "After nitnem sets add/remove/move; {titles}: bani titles (names).")
        case .setsYourNight:
            return e("Your night set: {titles}", "After nitnem sets add/remove/move; {titles}: bani titles (names).")
        case .setsSnapshotsMorning:
            return e("The snapshot's morning set: {titles}", "After nitnem sets reset; {titles}: bani titles.")
        case .setsSnapshotsEvening:
            return e("The snapshot's evening set: {titles}", "After nitnem sets reset; {titles}: bani titles.")
        case .setsSnapshotsNight:
            return e("The snapshot's night set: {titles}", "After nitnem sets reset; {titles}: bani titles.")
        case .setsRemindAt: return e("{title}: remind at {time}", "nitnem sets remind: a bani's daily reminder, 10:00.")
        case .setsNoReminder: return e("{title}: no reminder", "nitnem sets remind … off.")

        case .january: return e("January", "A month.")
        case .february: return e("February", "A month.")
        case .march: return e("March", "A month.")
        case .april: return e("April", "A month.")
        case .may: return e("May", "A month.")
        case .june: return e("June", "A month.")
        case .july: return e("July", "A month.")
        case .august: return e("August", "A month.")
        case .september: return e("September", "A month.")
        case .october: return e("October", "A month.")
        case .november: return e("November", "A month.")
        case .december: return e("December", "A month.")
        case .monthYear: return e("{month} {year}", "nitnem journey's month: November 2026.")
        case .journeyAfterToday:
            return e("{month} · after today ({today}): nothing to show yet", "nitnem journey, a month to come.")
        case .journeyBeforeFirstRecord:
            return e("{month} · before the first record, {first}: nothing recorded", "nitnem journey.")
        case .journeyBeforeAnyRecord: return e("{month} · before any record: nothing recorded", "nitnem journey.")
        case .journeyHeading:
            return e(
                "{month} · {n} complete day · current streak {streak} · longest {longest} this month, {overall} overall",
                plural:
                    "{month} · {n} complete days · current streak {streak} · longest {longest} this month, {overall} overall",
                "nitnem journey's heading; the streaks count complete days in a row.")
        case .monday: return e("Mo", "The calendar's weekday column, two letters at most.")
        case .tuesday: return e("Tu", "The calendar's weekday column, two letters at most.")
        case .wednesday: return e("We", "The calendar's weekday column, two letters at most.")
        case .thursday: return e("Th", "The calendar's weekday column, two letters at most.")
        case .friday: return e("Fr", "The calendar's weekday column, two letters at most.")
        case .saturday: return e("Sa", "The calendar's weekday column, two letters at most.")
        case .sunday: return e("Su", "The calendar's weekday column, two letters at most.")
        case .journeyTodayInProgress:
            return e("Today ({today}): {done} of {total} read, in progress", "nitnem journey, under the calendar.")
        case .journeyLegend:
            return e(
                "✓ all {total} daily banis read · n = banis read · · none · … today, in progress",
                "nitnem journey's legend: keep the marks ✓ n · … as they are.")
        case .journeyDate: return e("{day} {month}", "A day of the widget's calendar: 2 December.")
        case .journeyStreaks:
            return e("Current streak {streak} · longest {overall}", "The widget's calendar: complete days in a row.")
        case .journeyDayComplete:
            return e(
                "{day}: complete, {done} of {total}", "A day of the widget's calendar, as a screen reader says it.")
        case .journeyDayPartial: return e("{day}: {done} of {total} read", "A day of the widget's calendar.")
        case .journeyDayNone: return e("{day}: none of {total} read", "A day of the widget's calendar.")
        case .journeyDayInProgress:
            return e("{day}: today, {done} of {total} read, in progress", "A day of the widget's calendar.")
        case .journeyDayToCome: return e("{day}: to come", "A day of the widget's calendar after today.")

        case .remindersHeading: return e("Reminders for Nitnem day {day}", "nitnem reminders list, first line.")
        case .remindersOffNote: return e("{line} (reminders = off)", "Config key and value: keep as they are.")
        case .remindersPausedNote:
            return e("paused until {time} (nitnem reminders resume)", "Keep the command as it is.")
        case .pausedDayStart:
            return e(
                "{line} (the start of Nitnem day {day})", "nitnem reminders pause; {line}: Reminders paused until ….")
        case .resumed: return e("Reminders resumed", "nitnem reminders resume.")
        case .notPaused: return e("Reminders were not paused", "nitnem reminders resume, with no pause.")
        case .notPausedEndedRemoved:
            return e("Reminders were not paused (removed an ended pause)", "nitnem reminders resume.")
        case .notPausedUnreadableRemoved:
            return e("Reminders were not paused (removed an unreadable pause)", "nitnem reminders resume.")
        case .slotOff: return e("off (reminder.{band} = off)", "Config key and value: keep as they are.")
        case .slotRemindersOff: return e("off (reminders = off)", "Config key and value: keep as they are.")
        case .slotUnavailable: return e("none: the snapshot has no bani registry", "nitnem reminders list.")
        case .slotReminded: return e("reminded {title} at {time}", "{title}: a bani's title (a name).")
        case .slotRemindedLate: return e("reminded {title} at {time} (late)", "Shown after its time: the agent slept.")
        case .slotWithdrawn:
            return e(
                "reminded {title} at {time}, taken off the screen when the agent stopped (shown again if it restarts in the band)",
                "nitnem reminders list.")
        case .slotShownAgain:
            return e("reminded {title}, shown again after a restart at {time}", "nitnem reminders list.")
        case .slotSnoozed: return e("snoozed until {time} (Later ×{count})", "Later: the reminder's button.")
        case .slotDueAgain: return e("{line}, due again now", "After a snooze.")
        case .slotThenSkipped: return e("{line}, then skipped: {reason}", "After a snooze.")
        case .slotNotShownAgain: return e("{line}, not shown again", "After a snooze.")
        case .slotSkipped: return e("skipped at {time}: {reason}", "nitnem reminders list.")
        case .slotScheduled: return e("scheduled", "nitnem reminders list: a reminder still to come.")
        case .slotDue: return e("due now (the agent reminds while the band lasts)", "nitnem reminders list.")
        case .slotPaused: return e("paused (skipped unless resumed first)", "nitnem reminders list.")
        case .slotWillBeSkipped: return e("will be skipped: {reason}", "nitnem reminders list.")
        case .slotMissed: return e("not reminded, and the band has ended", "nitnem reminders list.")
        case .reasonBandComplete: return e("the band's banis are read", "Why a reminder is skipped.")
        case .reasonEmptySet: return e("the band's set is empty", "Why a reminder is skipped.")
        case .reasonPaused: return e("reminders are paused", "Why a reminder is skipped.")
        case .reasonBaniRead: return e("the bani is read today", "Why a per-bani reminder is skipped.")
        case .nextSlot: return e("Next: {band} at {time}", "nitnem reminders list, last line.")
        case .nextDue: return e("Next: {band}, due now", "nitnem reminders list, last line.")
        case .nextAgain: return e("Next: {band} again at {time} (Later)", "Later: the reminder's button.")
        case .nextNone: return e("Next: none", "nitnem reminders list: no reminder to come today.")
        case .baniSlotsHeading:
            return e("Per-bani reminders (nitnem sets remind)", "nitnem reminders list; keep the command as it is.")
        case .baniSlotName:
            return e("{title} ({band})", "nitnem reminders list: a per-bani reminder's bani and the band of its time.")
        case .nextBaniSlot: return e("Next: {title} at {time}", "nitnem reminders list: a per-bani reminder next.")
        case .nextBaniDue: return e("Next: {title}, due now", "nitnem reminders list: a per-bani reminder next.")
        case .nextBaniAgain:
            return e("Next: {title} again at {time} (Later)", "Later: the reminder's button.")

        case .settingsReminders:
            return e("Reminders", "A settings page (and its group): reminder times, snooze, sound.")
        case .settingsReading: return e("Reading", "A settings page: the title form, the reader, Listen.")
        case .settingsYourNitnem: return e("Your Nitnem", "A settings page: the three daily sets, yours to change.")
        case .settingsPause: return e("Pause", "The settings' group that pauses reminders, and its button.")
        case .settingsNotPaused: return e("Not paused", "The settings' pause group: reminders are not paused.")
        case .settingsPauseUntil:
            return e("Pause until", "The settings: the field for when paused reminders come back.")
        case .settingsPauseForms:
            return e(
                "YYYY-MM-DD, HH:MM or tomorrow",
                "What the pause field takes: keep YYYY-MM-DD, HH:MM and tomorrow as they are (the command's words).")
        case .settingsResume: return e("Resume reminders", "The settings: a button that ends a pause.")
        case .settingsDefault: return e("Default", "The settings: a button that gives a setting back its default.")
        case .settingsResetKey:
            return e("Reset {setting} to its default ({value})", "{setting}: a setting's label; {value}: 18:00.")
        case .settingsReport:
            return e("What nitnem reported", "The settings: the line under a page, what the last change said.")
        case .keyReminders: return e("Reminders", "A setting: reminders on or off.")
        case .keyBandReminder: return e("{band} reminder", "A setting: the band's reminder time; {band}: Evening.")
        case .keySnooze: return e("Snooze (Later)", "A setting: how long Later defers a reminder.")
        case .keySound: return e("Sound", "A setting: the reminder's sound.")
        case .keyClick: return e("Click on a reminder", "A setting: what a click on the reminder itself does.")
        case .keyOpen: return e("Web pages open with", "A setting: the program that opens a web page.")
        case .keyReader: return e("Reader", "A setting: what opens a bani to read.")
        case .keyListen: return e("Listen command", "A setting: what plays a bani's recorded paath.")
        case .keyRehras: return e("Rehras", "A setting: which Rehras the evening set counts (a name).")
        case .keyTitles: return e("Titles", "A setting: which title of a bani is shown.")
        case .keyRemindWhenDone: return e("Remind when done", "A setting: remind even when the band's set is read.")
        case .setAdd: return e("Add to {set}", "The settings: adds the chosen bani to a daily set.")
        case .setChoose: return e("Bani to add to {set}", "The settings: the list of banis to add.")
        case .setReset: return e("Reset {set} to the snapshot's", "The settings: gives a set back to the snapshot.")
        case .baniRemindTime: return e("Reminder time for {title}", "The settings: a bani's own daily reminder.")
        case .baniMoveUp: return e("Move up: {title}", "The settings: moves a bani one place up in its set.")
        case .baniMoveDown: return e("Move down: {title}", "The settings: moves a bani one place down in its set.")
        case .baniRemove: return e("Remove {title} from {set}", "The settings: takes a bani out of a set.")
        case .buttonAdd: return e("Add", "The settings: a button's text (adds a bani to a set).")
        case .buttonReset: return e("Reset", "The settings: a button's text (gives a set back to the snapshot).")
        case .buttonRemove: return e("Remove", "The settings: a button's text (takes a bani out of a set).")
        case .buttonMoveUp: return e("Move up", "The settings: a button's text.")
        case .buttonMoveDown: return e("Move down", "The settings: a button's text.")

        case .practiceDay:
            return e(
                "{title} · day {day} of {days}",
                "A practice: one bani read daily for {days} days; today is its {day}th. The bars and menus show it.")
        case .practiceToRead: return e("today: still to read", "A practice's bani is not yet read this Nitnem day.")
        case .practiceReadToday: return e("today: read", "A practice's bani is read this Nitnem day.")
        case .practiceMissed:
            return e(
                "{n} day missed ({first})", plural: "{n} days missed (first {first})",
                "A practice: days on which its bani was not read; {first}: a day, 2026-12-03.")
        case .practiceRestartHint:
            return e(
                "to begin again: {command}", "{command}: the command that begins the practice again; never translated.")
        case .practiceUpcoming: return e("{title} · {days} days from {from}", "A practice that begins on a later day.")
        case .practiceCompleted:
            return e("{title} · {days} days complete, {from} to {last}", "A practice whose every day was read.")
        case .practiceStopped:
            return e("{title} · stopped on {stopped} · {read} of {days} days read", "A practice the user stopped.")
        case .practiceEnded:
            return e(
                "{title} · ended on {last} · {read} of {days} days read",
                "A practice whose last day is past, with days missed.")
        case .practiceNone: return e("No practice. To begin one: {command}", "nitnem practice, when there is none.")
        case .journeyPracticeLegend:
            return e(
                "• a day of a practice, its bani read · × a day of it missed",
                "nitnem journey's second legend, when a practice has days in the month: keep • and × as they are.")
        case .journeyDayPracticeRead:
            return e("{line} · practice: read", "A day of the widget's calendar ({line}) in a practice, its bani read.")
        case .journeyDayPracticeMissed:
            return e("{line} · practice: missed", "A day of the widget's calendar in a practice, its bani not read.")
        case .journeyDayPracticeToday:
            return e(
                "{line} · practice: still to read", "Today in the widget's calendar, a practice's bani not yet read.")
        case .settingsPractice:
            return e("Practice", "The settings' group of practices (one bani read daily for a number of days).")
        case .practiceChoose: return e("Bani to practise", "The settings: the list of banis to begin a practice of.")
        case .practiceDays: return e("Days", "The settings: how many Nitnem days a practice to begin lasts.")
        case .practiceStart: return e("Start", "The settings: a button's text (begins a practice of the chosen bani).")
        case .practiceStop: return e("Stop", "The settings: a button's text (stops a running practice).")
        case .practiceRestart:
            return e("Begin again", "The settings: a button's text (begins a practice again from today).")
        case .practiceStopLabel:
            return e("Stop the practice of {title}", "The settings: the Stop button's name for a screen reader.")
        case .practiceRestartLabel:
            return e(
                "Begin the practice of {title} again",
                "The settings: the Begin again button's name for a screen reader.")
        }
    }
}
