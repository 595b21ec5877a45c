// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The words of the settings pages (GNOME Preferences, the Plasma widget's settings) in the user's
/// language: page titles, the pause group, the buttons. `config --format json` carries them as
/// `words`, each key's `label` and `reset`; `sets --format json` the words of each set and bani. A
/// widget renders them and words nothing itself.
package struct SettingsWords: Sendable {
    /// The user's language.
    package let localizer: Localizer
    /// When paused reminders come back, as `status` shows it (`03:00`, `2026-12-04 03:00`); nil when
    /// reminders are not paused.
    package let pausedUntilShown: String?

    /// The words for `localizer`, the pause as `pausedUntilShown` says it.
    package init(localizer: Localizer, pausedUntilShown: String? = nil) {
        self.localizer = localizer
        self.pausedUntilShown = pausedUntilShown
    }

    /// The pause group's line: `Not paused`, `Reminders paused until 03:00`.
    package var pauseState: String {
        pausedUntilShown.map { localizer(.remindersPausedUntil, ["time": $0]) } ?? localizer(.settingsNotPaused)
    }

    /// The reset button's accessible name for `key`: `Reset Evening reminder to its default (18:00)`.
    package func reset(_ key: ConfigKey) -> String {
        localizer(.settingsResetKey, ["setting": key.label(localizer), "value": key.defaultText])
    }

    /// `config --format json`'s `words`: `{"pages":{"reminders","reading","sets"},"pause":{"title",
    /// "state","until","forms","button","resume"},"default","report"}`.
    package var json: JSONValue {
        let l = localizer
        return .object([
            (
                "pages",
                .object([
                    ("reminders", .string(l(.settingsReminders))), ("reading", .string(l(.settingsReading))),
                    ("sets", .string(l(.settingsYourNitnem))),
                ])
            ),
            (
                "pause",
                .object([
                    ("title", .string(l(.settingsPause))), ("state", .string(pauseState)),
                    ("until", .string(l(.settingsPauseUntil))), ("forms", .string(l(.settingsPauseForms))),
                    ("button", .string(l(.settingsPause))), ("resume", .string(l(.settingsResume))),
                ])
            ),
            ("default", .string(l(.settingsDefault))),
            ("report", .string(l(.settingsReport))),
        ])
    }

    /// The words of a set's group: `{"title","heading","add","choose","reset"}` — `Evening`,
    /// `Evening (yours)`, `Add to Evening`, `Bani to add to Evening`, `Reset Evening to the snapshot's`.
    package func set(_ set: DailySet, yours: Bool) -> [(key: String, value: JSONValue)] {
        let l = localizer
        let name = l.set(set)
        return [
            ("title", .string(name)),
            ("heading", .string(l(yours ? .setsYours : .setsSnapshots, ["set": name]))),
            ("add", .string(l(.setAdd, ["set": name]))), ("choose", .string(l(.setChoose, ["set": name]))),
            ("reset", .string(l(.setReset, ["set": name]))),
        ]
    }

    /// The accessible names of a bani's controls in `set`: `{"remind","up","down","remove"}`.
    package func bani(title: String, in set: DailySet) -> JSONValue {
        let l = localizer
        return .object([
            ("remind", .string(l(.baniRemindTime, ["title": title]))),
            ("up", .string(l(.baniMoveUp, ["title": title]))), ("down", .string(l(.baniMoveDown, ["title": title]))),
            ("remove", .string(l(.baniRemove, ["title": title, "set": l.set(set)]))),
        ])
    }

    /// `sets --format json`'s `words`, the buttons' texts: `{"add","reset","remove","up","down","off"}`;
    /// `off` is the word a reminder field takes for none (a value, never translated).
    package var setsJSON: JSONValue {
        let l = localizer
        return .object([
            ("add", .string(l(.buttonAdd))), ("reset", .string(l(.buttonReset))), ("remove", .string(l(.buttonRemove))),
            ("up", .string(l(.buttonMoveUp))), ("down", .string(l(.buttonMoveDown))), ("off", .string("off")),
        ])
    }

    /// `practice --format json`'s `words`, the practice group's: `{"title","choose","days","start","stop",
    /// "restart"}` — `Practice`, `Bani to practise`, `Days`, `Start`, `Stop`, `Begin again`.
    package var practiceJSON: JSONValue {
        let l = localizer
        return .object([
            ("title", .string(l(.settingsPractice))), ("choose", .string(l(.practiceChoose))),
            ("days", .string(l(.practiceDays))), ("start", .string(l(.practiceStart))),
            ("stop", .string(l(.practiceStop))), ("restart", .string(l(.practiceRestart))),
        ])
    }

    /// The accessible names of a practice's buttons: `{"stop","restart"}` — `Stop the practice of
    /// Sukhmani Sahib`, `Begin the practice of Sukhmani Sahib again`.
    package func practice(title: String) -> JSONValue {
        let l = localizer
        return .object([
            ("stop", .string(l(.practiceStopLabel, ["title": title]))),
            ("restart", .string(l(.practiceRestartLabel, ["title": title]))),
        ])
    }
}
