// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// Doctor's judgement of the desktop, pure: a font for Gurmukhi, the `sggs://` handler, the
/// reader's program. Warnings, never failures: `nitnem open URL` works without them.
extension Doctor {
    /// Whether an installed font covers Gurmukhi: without one, Gurmukhi titles and the Punjabi words
    /// show as boxes in the bar, the reminders and the terminal.
    static func diagnose(_ facts: FontFacts) -> Finding {
        let output: String
        switch facts {
        case .noFcList:
            return notFound("fc-list", install: "fontconfig", .fontNoFcList, "whether a font covers Gurmukhi")
        case .failed(let status):
            return Finding(.warn, .fontFcListFailed, "fc-list :lang=pa failed (exit \(status))")
        case .cannotRun(let why):
            return Finding(.warn, .fontFcListFailed, "cannot run fc-list: \(why)")
        case .listed(let text): output = text
        }
        // One line per font, `Family[,Other name]`: the first name of each family, once.
        let names = output.split(separator: "\n").compactMap {
            $0.split(separator: ",").first.map { String(Substring($0).trimmingWhitespace()) }
        }
        let families = Array(Set(names.filter { !$0.isEmpty })).sorted()
        guard !families.isEmpty else {
            return Finding(
                .warn, .fontNone,
                "no installed font covers Gurmukhi (fc-list :lang=pa): Gurmukhi titles and Punjabi words show as boxes",
                remedy: .init("install one, such as Debian's fonts-noto-core or fonts-lohit-guru", .semicolon))
        }
        let shown = families.prefix(3).joined(separator: ", ") + (families.count > 3 ? ", …" : "")
        return Finding(.ok, .font, "Gurmukhi: \(shown) (fc-list :lang=pa)")
    }

    /// The `sggs://` handler: `nitnem.desktop`, nothing, or another program.
    static func diagnose(_ facts: HandlerFacts) -> Finding {
        let register = Finding.Remedy(
            "run make install, or: xdg-mime default nitnem.desktop x-scheme-handler/sggs", .colon)
        switch facts {
        case .noXdgMime:
            return notFound("xdg-mime", install: "xdg-utils", .handlerNoXdgMime, "what opens sggs:// links")
        case .cannotAsk(let why):
            return Finding(.warn, .handlerCannotAsk, "cannot ask xdg-mime what opens sggs:// links: \(why)")
        case .answer(let output):
            let answer = String(Substring(output).trimmingWhitespace())
            if answer == "nitnem.desktop" {
                return Finding(.ok, .handler, "sggs:// links open with nitnem.desktop (nitnem open)")
            }
            if answer.isEmpty {
                return Finding(
                    .warn, .handlerNone, "nothing opens sggs:// links (Read now, bar clicks)", remedy: register)
            }
            return Finding(
                .warn, .handlerOther, "sggs:// links open with \(answer), not nitnem.desktop", remedy: register)
        }
    }

    /// The reader's program: found on `PATH`, or not (naming the config key that chose it).
    static func diagnose(_ facts: ReaderFacts) -> Finding {
        let what = facts.viaOpener ? "\(facts.reader) with \(facts.program)" : facts.reader
        guard let path = facts.located else {
            let key = facts.viaOpener ? "open" : "reader"
            return Finding(
                .warn, .readerNotFound,
                "\(what): program '\(Printable.bounded(facts.program))' not found on PATH (config key `\(key)`)")
        }
        return Finding(.ok, .reader, "\(what) (\(path))")
    }

    /// A program doctor asks is not on `PATH`: `fc-list not found (install fontconfig): cannot tell
    /// whether a font covers Gurmukhi`.
    static func notFound(_ program: String, install: String, _ code: Finding.Code, _ question: String) -> Finding {
        Finding(.warn, code, "\(program) not found (install \(install)): cannot tell \(question)")
    }
}
