// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import TestSupport
import Testing

/// `nitnem open [URL]`, the `sggs://` handler, run as a user runs it: a reader command that records
/// its argv, bad links, openers that fail or talk. The desktop's `xdg-open sggs://…` reaching it
/// through `nitnem.desktop` is `DesktopHandlerTests` (DesktopTests).
@Suite struct OpenCommandTests {
    static let home = "https://www.sikhitothemax.org/sundar-gutka"

    /// A scratch home with a reader script that records its argv.
    typealias Scratch = ScratchHome

    @Test func aReaderCommandGetsEachArgumentWhole() throws {
        let s = try Scratch()
        defer { s.remove() }
        try s.config("reader = \(try s.recorder()) {url} '{key} {variant}' --id={banidb}\n")
        let r = try s.open(["sggs://bani/jaap"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "")
        #expect(r.stderr == "")
        #expect(s.recorded == [Self.home + "/4", "jaap ", "--id=4"])

        // Percent-decoded; a variant has no BaniDB id: the home, and one line saying so.
        let taksal = try s.open(["sggs://bani/reh%72as?variant=taksal"])
        #expect(taksal.status == 0)
        #expect(taksal.stdout == "")
        #expect(taksal.stderr == "nitnem: no BaniDB id for 'rehras' (variant taksal): opening the reader's home\n")
        #expect(s.recorded == [Self.home, "rehras taksal", "--id="])

        let composition = try s.open(["sggs://composition/kirtan_sohila"])
        #expect(composition.status == 0)
        #expect(s.recorded == [Self.home + "/23", "kirtan_sohila ", "--id=23"])
    }

    @Test func withoutALinkItOpensWhatStatusShowsNext() throws {
        let s = try Scratch()
        defer { s.remove() }
        try s.config("reader = \(try s.recorder()) {url} {key}\n")
        let demo = NitnemBinary.packageRoot.appendingPathComponent("fixtures/groups/demo").path
        let next = try s.open(["--group", demo])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(s.recorded == [Self.home + "/6", "savaiye"])

        // Today complete: the home (nothing to say about a missing id).
        let group = s.root + "/group"
        for bani in ["japji", "jaap", "savaiye", "chaupai", "anand", "rehras", "kirtan_sohila"] {
            let marked = try NitnemBinary.run(["mark", bani, "--group", group], environment: s.environment)
            #expect(marked.status == 0, "\(marked.stderr)")
        }
        let done = try s.open(["--group", group])
        #expect(done.status == 0)
        #expect(done.stderr == "")
        #expect(s.recorded == [Self.home])
    }

    /// A word without a colon is a bani's name, read as `nitnem mark` reads it.
    @Test func aBaniNameOpensThatBani() throws {
        let s = try Scratch()
        defer { s.remove() }
        try s.config("reader = \(try s.recorder()) {url} {key}\n")
        for (name, recorded) in [
            ("Sohila", [Self.home + "/23", "kirtan_sohila"]), ("Tav Prasad Savaiye", [Self.home + "/6", "savaiye"]),
            ("ਚੌਪਈ", [Self.home + "/9", "chaupai"]), ("japji", [Self.home + "/2", "japji"]),
        ] {
            let r = try s.open([name])
            #expect(r.status == 0, "\(name): \(r.stderr)")
            #expect(r.stderr == "")
            #expect(s.recorded == recorded, "\(name)")
        }
        try? FileManager.default.removeItem(atPath: s.root + "/argv")
        let unknown = try s.open(["japjii"])
        #expect(unknown.status == 2)
        #expect(unknown.stdout == "")
        #expect(unknown.stderr == "nitnem: unknown bani 'japjii' (did you mean Japji Sahib?)\n")
        #expect(s.recorded == nil)
    }

    /// Every link of `fixtures/cases/deep-links-refused.tsv` (`DeepLinkTests` reads it too; a text
    /// without a colon is a bani's name here): one line naming it, escaped, exit 2, nothing run.
    @Test(
        arguments: try CaseTable.rows("deep-links-refused", columns: ["link", "code", "problem"]).filter {
            $0["link"].contains(":")
        })
    func aBadLinkIsOneLineAndExit2(_ c: CaseTable.Row) throws {
        let (link, message) = (c["link"], "cannot open '\(Printable.bounded(c["link"]))': \(c["problem"])")
        let s = try Scratch()
        defer { s.remove() }
        try s.config("reader = \(try s.recorder()) {url}\n")
        let r = try s.open([link])
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == "nitnem: \(message)\n")
        #expect(s.recorded == nil)
    }

    /// `nitnem open link` in a new scratch home whose `open` is a script running `body`.
    static func open(_ link: String, withOpener body: String) throws -> (Scratch, String, NitnemBinary.Result) {
        let s = try Scratch()
        do {
            let opener = try s.script("opener", body)
            try s.config("open = \(opener)\n")
            return (s, opener, try s.open([link]))
        } catch {
            s.remove()
            throw error
        }
    }

    @Test func anOpenerThatFailsIsReportedWithItsStatus() throws {
        let (s, opener, r) = try Self.open("sggs://bani/jaap", withOpener: "exit 3")
        defer { s.remove() }
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr == "nitnem: \(opener) exited 3 for \(Self.home)/4\n")

        try s.config("reader = \(opener) {key}\n")
        let command = try s.open(["sggs://bani/jaap"])
        #expect(command.status == 1)
        #expect(command.stderr == "nitnem: \(opener) exited 3 for sggs://bani/jaap\n")

        try s.config("open = nitnem-no-such-opener\n")
        let missing = try s.open(["sggs://bani/jaap"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "nitnem: program 'nitnem-no-such-opener' not found (config key `open`, PATH)\n")
    }

    /// Whatever the opener prints goes to our stderr, never our stdout (a bar may be reading it).
    @Test func anOpenersOutputNeverReachesOurStdout() throws {
        let (s, _, r) = try Self.open("sggs://nitnem", withOpener: "echo \"opening $1\"; echo 'to stderr' >&2")
        defer { s.remove() }
        #expect(r.status == 0)
        #expect(r.stdout == "")
        #expect(r.stderr == "opening \(Self.home)\nto stderr\n")
    }

    /// Every template of `fixtures/cases/reader-refused.tsv` (`ReaderTemplateTests` reads it too) that
    /// a config line can hold (not blank, no control character): the file and line, exit 2.
    @Test(
        arguments: try CaseTable.rows("reader-refused", columns: ["template", "code", "message"]).filter {
            !$0["template"].allSatisfy(\.isWhitespace) && !$0["template"].unicodeScalars.contains { $0.value < 0x20 }
        })
    func aBadReaderInTheConfigNamesFileAndLine(_ c: CaseTable.Row) throws {
        let s = try Scratch()
        defer { s.remove() }
        try s.config("# mine\nreader = \(c["template"])\n")
        let r = try s.open(["sggs://bani/jaap"])
        #expect(r.status == 2, "\(c)")
        #expect(
            r.stderr
                == "nitnem: \(s.root)/config/nitnem/config:2: reader: \(c["message"]); "
                + "it must be a web page template (https://...) or a command line, with {banidb} {key} {variant} {url}\n"
        )
    }
}

/// `contrib/nitnem.desktop`, which makes nitnem the `sggs://` handler (`xdg-open` reaching it is
/// `DesktopHandlerTests`, DesktopTests).
@Suite struct DesktopEntryTests {
    /// The shipped entry is valid, and its id is the notifications' `desktop-entry` hint (`nitnem`).
    @Test func theShippedEntryValidates() throws {
        let path = NitnemBinary.packageRoot.appendingPathComponent("contrib/nitnem.desktop").path
        let r = try NitnemBinary.run([path], executable: "/usr/bin/desktop-file-validate")
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout == "")
        let entry = try String(contentsOfFile: path, encoding: .utf8)
        for line in ["Name=Nitnem", "Exec=nitnem open %u", "MimeType=x-scheme-handler/sggs;", "Icon=nitnem"] {
            #expect(entry.contains("\n\(line)\n"), "\(line)")
        }
    }
}
