// SPDX-License-Identifier: GPL-3.0-or-later
/// Every user-facing text of nitnem that is translated (gettext, text domain `nitnem`): one table.
/// The English text is the msgid; `{name}` marks a value put in (`Localizer`), kept by every
/// translation (`po/nitnem.pot` flags those entries `python-brace-format`, so `msgfmt --check`
/// refuses a translation that loses or renames one). `po/nitnem.pot` is generated from this table
/// (`Message.pot`, `scripts/update-po.sh`); a test fails when it is stale.
///
/// - Important: Errors, `--help` and the man page are not here: they stay English (so do a config
///   key's `help` and `accepted` in `config --format json`). Titles of banis are names and are never
///   a message; no scripture is ever one.
package enum Message: String, CaseIterable, Sendable {
    // Bands.
    case bandAmritVela, bandMorning, bandEvening, bandNight
    // Daily sets (`nitnem sets`).
    case setMorning, setEvening, setNight

    // status and the bars.
    case nitnemNotAvailable, nitnemNotAvailableInDatabase, noDailyBanis, nitnemComplete
    case bandAndDay, nothingInMorningSet, nothingInEveningSet, nothingInNightSet
    case detailNext, detailResume, detailComplete, detailToday, bandDone, remindersPausedUntil
    case textNext, textResume, textComplete, textToday
    // The widgets (GNOME Shell, KDE Plasma).
    case timelineStale

    // Reminders.
    case reminderSummary, reminderBody, reminderResume, baniReminderSummary, baniReminderBody
    case buttonReadNow, buttonListen, buttonMarkRead, buttonLater
    case testSummary, testBody

    // mark --list.
    case listHeadingToday, listHeadingThatDay, listNext

    // sets.
    case setsYours, setsSnapshots, setsNothingToRead, setsRemind
    // sets add, remove, move, reset (the sets after an edit) and sets remind.
    case setsYourMorning, setsYourEvening, setsYourNight
    case setsSnapshotsMorning, setsSnapshotsEvening, setsSnapshotsNight
    case setsRemindAt, setsNoReminder

    // journey.
    case january, february, march, april, may, june, july, august, september, october, november, december
    case monthYear, journeyAfterToday, journeyBeforeFirstRecord, journeyBeforeAnyRecord, journeyHeading
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday
    case journeyTodayInProgress, journeyLegend
    // The journey in a widget's menu.
    case journeyDate, journeyStreaks, journeyDayComplete, journeyDayPartial, journeyDayNone, journeyDayInProgress
    case journeyDayToCome

    // reminders list.
    case remindersHeading, remindersOffNote, remindersPausedNote
    // reminders pause and resume.
    case pausedDayStart, resumed, notPaused, notPausedEndedRemoved, notPausedUnreadableRemoved
    case slotOff, slotRemindersOff, slotUnavailable, slotReminded, slotRemindedLate, slotWithdrawn, slotShownAgain
    case slotSnoozed, slotDueAgain, slotThenSkipped, slotNotShownAgain, slotSkipped, slotScheduled, slotDue
    case slotPaused, slotWillBeSkipped, slotMissed
    case reasonBandComplete, reasonEmptySet, reasonPaused, reasonBaniRead
    case nextSlot, nextDue, nextAgain, nextNone
    case baniSlotsHeading, baniSlotName, nextBaniSlot, nextBaniDue, nextBaniAgain

    // The settings pages (GNOME Preferences, the Plasma widget's settings): config --format json's
    // words and labels, sets --format json's.
    case settingsReminders, settingsReading, settingsYourNitnem, settingsPause, settingsNotPaused
    case settingsPauseUntil, settingsPauseForms, settingsResume, settingsDefault, settingsResetKey, settingsReport
    case keyReminders, keyBandReminder, keySnooze, keySound, keyClick, keyOpen, keyReader, keyListen, keyRehras
    case keyTitles, keyRemindWhenDone
    case setAdd, setChoose, setReset, baniRemindTime, baniMoveUp, baniMoveDown, baniRemove
    case buttonAdd, buttonReset, buttonRemove, buttonMoveUp, buttonMoveDown

    // practice (one bani daily for a number of days).
    case practiceDay, practiceToRead, practiceReadToday, practiceMissed, practiceRestartHint, practiceUpcoming
    case practiceCompleted, practiceStopped, practiceEnded, practiceNone
    case journeyPracticeLegend, journeyDayPracticeRead, journeyDayPracticeMissed, journeyDayPracticeToday
    // practice on the settings pages (practice --format json's words).
    case settingsPractice, practiceChoose, practiceDays, practiceStart, practiceStop, practiceRestart
    case practiceStopLabel, practiceRestartLabel

    /// One entry of the catalogue: the English text (the msgid), its plural (msgid_plural) when the
    /// text counts something, and a note for translators.
    package struct Entry: Sendable {
        package let english: String
        package let plural: String?
        package let note: String
    }
}
