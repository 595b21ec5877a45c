// SPDX-License-Identifier: GPL-3.0-or-later
/// One thing `nitnem doctor` checked: how it stands, what it is about, what was found and, when
/// something can be done about it, what.
///
/// Data, not output: `Doctor`'s diagnosis makes findings from the facts its probe collected, and
/// the command prints them (its words for a level, its columns, its escaping of control characters).
/// Tests and programs tell findings apart by `code`, never by their words.
package struct Finding: Equatable, Sendable {
    /// How a check stands.
    package enum Level: Equatable, Sendable {
        /// Fine.
        case ok
        /// Works, but something is missing or worth a look.
        case warn
        /// Broken: `doctor` exits 1.
        case fail
    }

    /// What a finding is about.
    package enum Subject: Equatable, Sendable {
        case timeZone, nitnemDay, group, snapshot, progress, sets, files, timeline, agent, config, rehras, pause,
            ledger, notify, font, handler, reader, sync

        /// The subject as a person reads it: `time zone`, `group`.
        package var name: String {
            switch self {
            case .timeZone: "time zone"
            case .nitnemDay: "nitnem day"
            case .group: "group"
            case .snapshot: "snapshot"
            case .progress: "progress"
            case .sets: "sets"
            case .files: "files"
            case .timeline: "timeline"
            case .agent: "agent"
            case .config: "config"
            case .rehras: "rehras"
            case .pause: "pause"
            case .ledger: "ledger"
            case .notify: "notify"
            case .font: "font"
            case .handler: "handler"
            case .reader: "reader"
            case .sync: "sync"
            }
        }
    }

    /// What the user can do about a finding (`run chmod 700 on it`), and how it reads after the detail.
    package struct Remedy: Equatable, Sendable {
        /// How the remedy joins the detail in one sentence: `detail; remedy`, `detail: remedy` or
        /// `detail (remedy)`.
        package enum Joint: Equatable, Sendable { case semicolon, colon, parentheses }

        /// What to do, and how it follows the detail.
        package var text: String, joint: Joint

        /// `text`, joined to the detail by `joint`.
        package init(_ text: String, _ joint: Joint) { (self.text, self.joint) = (text, joint) }
    }

    /// How it stands; what was found, as a program tells it from the others (a stable name, `Code`);
    /// what was found, in words; what to do about it, when there is something.
    package var level: Level, code: Code, detail: String, remedy: Remedy?
    /// What it is about (its code's subject).
    package var subject: Subject { code.subject }

    /// A finding of kind `code`.
    package init(_ level: Level, _ code: Code, _ detail: String, remedy: Remedy? = nil) {
        (self.level, self.code, self.detail, self.remedy) = (level, code, detail, remedy)
    }

    /// The detail and the remedy as one sentence: `/g (mode 755); run chmod 700 on it`. Raw text
    /// (paths and file contents as they are): the printer escapes control characters.
    package var sentence: String {
        switch remedy?.joint {
        case nil: detail
        case .semicolon?: "\(detail); \(remedy!.text)"
        case .colon?: "\(detail): \(remedy!.text)"
        case .parentheses?: "\(detail) (\(remedy!.text))"
        }
    }
}
