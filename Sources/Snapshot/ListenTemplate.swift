// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// What plays a recorded paath of a bani (config `listen = <command template>`, e.g.
/// `mpv --no-video ~/Music/Nitnem/{key}.mp3`): a command line run as argv, never through a shell.
///
/// The words and placeholders are the `reader` template's (`ReaderTemplate`: `{banidb}`, `{key}`,
/// `{variant}`, `{url}`; `'…'` and `"…"` group), but it is always a command, never a web page. A
/// word that is `~` or starts with `~/` starts in the home folder.
package struct ListenTemplate: Hashable, Sendable, CustomStringConvertible {
    /// The command's words, as a reader template of the command form.
    package let template: ReaderTemplate

    /// The template as written.
    package var description: String { template.text }

    /// Reads a template (the value of config key `listen`).
    /// - Throws: `ReaderTemplateError` for an empty template, an unterminated quote, an unknown
    ///   `{placeholder}`, or a web page (`http(s)://…`: a player is a command).
    package init(parsing text: String) throws(ReaderTemplateError) {
        let template: ReaderTemplate
        do {
            template = try ReaderTemplate(parsing: text)
        } catch {
            throw ReaderTemplateError(
                error.code,
                Printable.replacing("the reader template", with: "the listen command", in: error.description))
        }
        guard case .command = template.form else {
            throw ReaderTemplateError(
                .notACommand, "the listen command is a program and its arguments, not a web page")
        }
        self.template = template
    }

    /// What listening to `link` runs: the substituted words, `~` expanded to `home` (left as it is
    /// when `home` is nil or empty).
    package func resolve(_ link: DeepLink, home: String?) -> ReaderLaunch {
        let launch = template.resolve(link, opener: [])
        let argv = launch.argv.map { word in
            guard let home, !home.isEmpty, word == "~" || word.hasPrefix("~/") else { return word }
            return home + word.dropFirst()
        }
        // The BaniDB note is the reader's (its home page); a player has none.
        return ReaderLaunch(argv: argv, via: .listen, target: link.url, note: nil)
    }
}
