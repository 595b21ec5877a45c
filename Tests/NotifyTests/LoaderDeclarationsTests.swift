// SPDX-License-Identifier: GPL-3.0-or-later
import CLibnotifyCheck
import Testing

/// The loader's copied libnotify and GLib declarations (Sources/CLibnotify/Loader) have the types
/// the -dev headers give: the check is static, in C, so a mismatch fails the build of the tests.
@Suite struct LoaderDeclarationsTests {
    @Test func everyEntryHasTheTypeOfTheRealFunction() {
        #expect(nitnem_notify_declarations_checked() == 1)
    }
}
