// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLinux

/// glibc's gettext, once: the message locale from the environment, a text domain bound to a folder
/// of catalogues (`<folder>/<lang>/LC_MESSAGES/<domain>.mo`), and lookups in it.
///
/// - Important: glibc reads `LANGUAGE` only when the message locale is not `C`/`POSIX` and, from
///   glibc 2.39 on, not `C.<encoding>` either (`C.UTF-8`: its gettext then opens no catalogue at
///   all): `LANGUAGE=pa` needs a `LANG` (or `LC_ALL`, `LC_MESSAGES`) naming a generated locale, such
///   as `pa_IN.UTF-8` or `en_US.UTF-8`. A locale that is not installed leaves `C`: English, silently.
package struct Gettext: Sendable {
    /// The text domain.
    package let domain: String

    /// Sets the message locale from the environment (`setlocale(LC_MESSAGES, "")`) and binds `domain`
    /// to `folder` with UTF-8 output (`bindtextdomain`, `bind_textdomain_codeset`), whatever the
    /// locale's own character set.
    package init(domain: String, folder: String) {
        self.domain = domain
        _ = nitnem_messages_locale()
        _ = bindtextdomain(domain, folder)
        _ = bind_textdomain_codeset(domain, "UTF-8")
    }

    /// The message locale in effect (`setlocale(LC_MESSAGES, NULL)`): `C` when none is set or the
    /// one named is not installed.
    package static var messagesLocale: String {
        setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? "C"
    }

    /// The translation of `msgid` (`dcgettext`), or of its `plural` form for `count` (`dcngettext`);
    /// the English text itself when the catalogue has none.
    package func translate(_ msgid: String, plural: String?, count: Int) -> String {
        // gettext returns `msgid` (or `plural`) itself when it has no translation: the text is
        // copied while the pointers passed in are still valid.
        msgid.withCString { id in
            guard let plural else { return String(cString: nitnem_dcgettext(domain, id)) }
            return plural.withCString { String(cString: nitnem_dcngettext(domain, id, $0, UInt(max(count, 0)))) }
        }
    }
}
