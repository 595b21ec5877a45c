// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import Foundation
import TestSupport
import Testing

/// Where the binary looks for its catalogues: `$NITNEM_LOCALEDIR`, else its install prefix's
/// `share/locale` (`<prefix>/bin/nitnem`), else `/usr/share/locale`.
@Suite struct LanguageFolderTests {
    @Test func theVariableFirstThenThePrefixThenUsrShare() throws {
        let prefix = Support.tempFolder()
        defer { Support.cleanup(prefix) }
        let binary = prefix + "/bin/nitnem"
        // No share/locale under the prefix: the system's.
        #expect(Language.folder(environment: [:], executable: binary) == "/usr/share/locale")
        try Support.makeFolder(prefix + "/share/locale")
        #expect(Language.folder(environment: [:], executable: binary) == prefix + "/share/locale")
        #expect(Language.folder(environment: ["NITNEM_LOCALEDIR": "/x/locale"], executable: binary) == "/x/locale")
        // An empty variable is no choice.
        #expect(Language.folder(environment: ["NITNEM_LOCALEDIR": ""], executable: binary) == prefix + "/share/locale")
        #expect(Language.folder(environment: [:], executable: nil) == "/usr/share/locale")
        #expect(Language.folder(environment: [:], executable: "nitnem") == "/usr/share/locale")
    }
}
