// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import Testing

/// `nitnem listen [bani|URL]` run as a user runs it, with a recording player: a script that writes
/// its argv to a file (and talks on stdout and stderr, which must reach nobody).
@Suite struct ListenCommandTests {
    typealias Scratch = OpenCommandTests.Scratch

    /// A scratch home whose config plays `~/Music/Nitnem/{key}.mp3 {variant}` with the recorder,
    /// and the recordings it has.
    static func player(_ scratch: Scratch, files: [String] = ["japji", "kirtan_sohila", "rehras", "chaupai"]) throws
        -> String
    {
        let player = try scratch.script(
            "player",
            "for a in \"$@\"; do printf '%s\\n' \"$a\"; done > '\(scratch.root)/argv.tmp'\n"
                + "mv '\(scratch.root)/argv.tmp' '\(scratch.root)/argv'\necho PLAYER-STDOUT\necho PLAYER-STDERR >&2")
        try FileManager.default.createDirectory(
            atPath: scratch.root + "/Music/Nitnem", withIntermediateDirectories: true)
        for key in files {
            #expect(FileManager.default.createFile(atPath: scratch.root + "/Music/Nitnem/\(key).mp3", contents: Data()))
        }
        try scratch.config("listen = \(player) --no-video ~/Music/Nitnem/{key}.mp3 {variant}\n")
        return player
    }

    /// The player's argv, once it has run (it runs on after `nitnem listen` returns).
    static func played(_ scratch: Scratch) -> [String]? {
        let deadline = Foundation.Date().addingTimeInterval(5)
        while scratch.recorded == nil, Foundation.Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        return scratch.recorded
    }

    @Test(arguments: [
        (["sohila"], "kirtan_sohila", nil as String?),
        ([], "japji", nil),  // what `status` shows next at 13:00 with nothing read
        (["sggs://bani/rehras?variant=taksal"], "rehras", "taksal"),
        (["ਚੌਪਈ"], "chaupai", nil),
    ])
    func playsTheBaniWithTheConfiguredPlayer(_ arguments: [String], _ key: String, _ variant: String?) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try Self.player(scratch)
        let r = try NitnemBinary.run(["listen"] + arguments, environment: scratch.environment)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.isEmpty, "the player's output never reaches stdout (a bar's)")
        #expect(!r.stderr.contains("PLAYER"), "nor the caller's stderr: it runs on, detached: \(r.stderr)")
        let argv = try #require(Self.played(scratch))
        #expect(argv == ["--no-video", scratch.root + "/Music/Nitnem/\(key).mp3"] + (variant.map { [$0] } ?? []))
    }

    @Test func unsetIsBadUsageNamingTheConfigFile() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let r = try NitnemBinary.run(["listen", "japji"], environment: scratch.environment)
        #expect(r.status == 2)
        #expect(
            r.stderr.hasPrefix(
                "nitnem: no listen command: set listen = … in \(scratch.root)/config/nitnem/config"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func aMissingProgramOrFileIsOneLineNamingIt() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try Self.player(scratch, files: ["japji"])
        try scratch.config("listen = no-such-player ~/Music/Nitnem/{key}.mp3\n")
        let missing = try NitnemBinary.run(["listen", "japji"], environment: scratch.environment)
        #expect(missing.status == 1)
        #expect(
            missing.stderr == "nitnem: program 'no-such-player' not found (config key `listen`, PATH)\n",
            "\(missing.stderr)")
        _ = try Self.player(scratch, files: [])
        let file = try NitnemBinary.run(["listen", "jaap"], environment: scratch.environment)
        #expect(file.status == 1)
        #expect(
            file.stderr == "nitnem: no such file: \(scratch.root)/Music/Nitnem/jaap.mp3 (config key `listen`)\n",
            "\(file.stderr)")
        #expect(scratch.recorded == nil, "nothing ran")
    }

    @Test func anUnknownBaniOrALinkWithoutOneIsBadUsage() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try Self.player(scratch)
        let unknown = try NitnemBinary.run(["listen", "japjo"], environment: scratch.environment)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("Japji Sahib"), "the closest titles: \(unknown.stderr)")
        let home = try NitnemBinary.run(["listen", "sggs://nitnem"], environment: scratch.environment)
        #expect(home.status == 2, "\(home.stderr)")
        #expect(scratch.recorded == nil)
    }
}
