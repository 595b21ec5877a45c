// SPDX-License-Identifier: GPL-3.0-or-later
import Posix
import Scheduler

/// The user's language for nitnem's words: gettext's catalogue of text domain `nitnem`, found in
/// `$NITNEM_LOCALEDIR`, else the install prefix's `share/locale` beside the binary
/// (`<prefix>/bin/nitnem` → `<prefix>/share/locale`), else `/usr/share/locale`.
package enum Language {
    /// The text domain: `nitnem.mo`.
    package static let domain = "nitnem"

    /// The folder of catalogues for a binary at `executable`.
    package static func folder(environment: [String: String], executable: String?) -> String {
        if let folder = environment["NITNEM_LOCALEDIR"], !folder.isEmpty { return folder }
        if let executable, let slash = executable.lastIndex(of: "/") {
            let bin = executable[..<slash]
            if let up = bin.lastIndex(of: "/") {
                let folder = bin[..<up] + "/share/locale"
                if FileStatus.lookup(String(folder))?.kind == .folder { return String(folder) }
            }
        }
        return "/usr/share/locale"
    }

    /// The running binary (`/proc/self/exe`), symlinks resolved.
    package static var executable: String? { FileReader.resolvedPath("/proc/self/exe") }

    /// A localizer for the environment's language (once per process: it sets the message locale).
    package static func localizer(environment: [String: String]) -> Localizer {
        let gettext = Gettext(domain: domain, folder: folder(environment: environment, executable: executable))
        return Localizer { msgid, plural, count in gettext.translate(msgid, plural: plural, count: count) }
    }
}
