// SPDX-License-Identifier: GPL-3.0-or-later
import CommandLineKit
import Foundation
import TestSupport
import Testing

@testable import nitnem

/// Every `--help` text of the built `nitnem`, byte for byte against `fixtures/golden/help/`
/// (re-record with `NITNEM_RECORD_GOLDEN=1`); the shared options declared once are
/// CommandLineKitTests' `SharedOptionTests`.
@Suite struct NitnemHelpGoldenTests {
    /// The program itself (`[]`), every declared command path, and every group that is no command
    /// of its own (`journey` is both).
    static let invocations: [[String]] =
        [[]] + Main.table.specs.map(\.path)
        + Main.table.groups.filter { group in !Main.table.specs.contains { $0.path == [group] } }.map { [$0] }

    @Test(arguments: invocations)
    func helpMatchesGolden(_ path: [String]) throws {
        let r = try NitnemBinary.run(path + ["--help"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        let name = path.isEmpty ? "nitnem" : path.joined(separator: "-")
        #expect(r.stdout == (try Golden.expected("help/\(name).txt", actual: r.stdout)))
    }

    @Test func theBinaryPrintsTheDeclarations() throws {
        #expect(try NitnemBinary.run(["--help"]).stdout == Main.table.overview + "\n")
        for spec in Main.table.specs {
            #expect(try NitnemBinary.run(spec.path + ["-h"]).stdout == Main.table.help(of: spec) + "\n")
        }
    }

    /// The names `mark --help` and `open --help` give as examples each name a bani of the embedded
    /// registry (a group with no snapshot), and so does the man page's `mark` example.
    @Test func theHelpExamplesNameBanisOfTheEmbeddedRegistry() throws {
        let examples = [
            "japji", "kirtan_sohila", "\"Japji Sahib\"", "ਜਪੁ ਜੀ ਸਾਹਿਬ", "sohila", "ਚੌਪਈ", "\"tav prasad savaiye\"",
            "ਜਪੁਜੀ ਸਾਹਿਬ", "\"Tav Prasad Savaiye\"",
        ]
        let help = Main.table.help(of: MarkCommand.spec) + Main.table.help(of: OpenCommand.spec)
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        for example in examples {
            #expect(help.contains(example), "\(example) is no longer an example: update this list")
            let name = example.replacingOccurrences(of: "\"", with: "")
            let r = try Support.mark([name], group: dir)
            #expect(r.status == 0, "\(name): \(r.stderr)")
        }
        let r = try Support.mark(["anand,rehras,kirtan_sohila", "--day", "yesterday"], group: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(CompletionsCommand.manPage.contains("nitnem mark japji,jaap \\-\\-day yesterday"))
        let example = try Support.mark(["japji,jaap", "--day", "yesterday"], group: dir)
        #expect(example.stdout.hasSuffix("(5 of 7 that day)\n"), "\(example.stdout)")
    }

    @Test func overviewListsVersion() throws {
        #expect(Main.table.overview.contains("\n  --version                 Show the version.\n"))
        let r = try NitnemBinary.run(["--version"])
        #expect(r.status == 0)
        #expect(r.stdout == "nitnem \(Main.version)\n")
    }

    @Test func remindersAloneStillLists() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("nitnem-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let environment = [
            "TZ": "UTC", "SGGS_CLOCK_NOW": "2026-11-29T10:00:00Z", "XDG_STATE_HOME": state.path,
            "XDG_CONFIG_HOME": state.path, "HOME": state.path,
        ]
        let bare = try NitnemBinary.run(["reminders"], environment: environment)
        let list = try NitnemBinary.run(["reminders", "list"], environment: environment)
        #expect(bare.status == 0)
        #expect(bare.stdout.hasPrefix("Reminders for Nitnem day 2026-11-29\n"))
        #expect(bare.stdout == list.stdout)
        #expect(bare.stderr == list.stderr)
    }

    @Test func mistypedRemindersSubcommandIsUsage() throws {
        let r = try NitnemBinary.run(["reminders", "tset"])
        #expect(r.status == 2)
        #expect(
            r.stderr
                == "nitnem: 'reminders' has no subcommand 'tset'\n"
                + "usage: nitnem reminders list [--config FILE] [--group DIR]\n"
                + "usage: nitnem reminders test [--config FILE] [--group DIR] [--no-wait]\n"
                + "usage: nitnem reminders pause [--until WHEN]\n" + "usage: nitnem reminders resume\n")
    }
}
