// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import Foundation
import Scheduler
import TestSupport
import Testing

@testable import nitnem

/// `nitnem completions`: the scripts load in real bash, zsh and fish and complete the declared
/// words; the man page renders without a warning and `man/nitnem.1` is the one the declarations
/// generate now (re-record with `NITNEM_RECORD_GOLDEN=1`). The shells come from scripts/deps.sh:
/// a missing one is installed, never skipped.
@Suite(.serialized) struct CompletionsTests {
    /// `/usr/bin/<name>`, installed by scripts/deps.sh when missing.
    static func tool(_ name: String) throws -> String {
        for folder in ["/usr/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
            return "\(folder)/\(name)"
        }
        let deps = NitnemBinary.packageRoot.path + "/scripts/deps.sh"
        let r = try NitnemBinary.run(
            [], environment: ProcessInfo.processInfo.environment, executable: deps, timeout: 600)
        #expect(r.status == 0, "scripts/deps.sh: \(r.stderr)")
        for folder in ["/usr/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
            return "\(folder)/\(name)"
        }
        throw ToolMissing(name: name)
    }

    struct ToolMissing: Error { let name: String }

    /// Runs `shell -c script` in a folder holding the generated scripts; `nitnem` on `PATH` is the built one.
    static func shell(_ name: String, _ arguments: [String]) throws -> NitnemBinary.Result {
        let binary = URL(fileURLWithPath: NitnemBinary.path).deletingLastPathComponent().path
        var env = Support.baseEnvironment
        env["PATH"] = binary + ":/usr/bin:/bin"
        env["HOME"] = scripts
        env["XDG_CONFIG_HOME"] = scripts + "/config"
        env["XDG_DATA_HOME"] = scripts + "/data"
        // A UTF-8 locale whatever the caller's (an `env -i` CI has none): in the C locale man renders
        // for ASCII, and troff warns about every non-ASCII glyph (…, Gurmukhi names).
        env["LC_ALL"] = "C.UTF-8"
        return try NitnemBinary.run(arguments, environment: env, executable: try tool(name))
    }

    /// A folder holding `nitnem.bash`, `_nitnem` and `nitnem.fish`, written once from the binary
    /// (removed when the test process exits).
    static let scripts: String = {
        let folder = Support.sharedTempFolder()
        for (shell, file) in [("bash", "nitnem.bash"), ("zsh", "_nitnem"), ("fish", "nitnem.fish")] {
            let r = try? NitnemBinary.run(["completions", shell])
            try? Support.write(r?.stdout ?? "", to: folder + "/" + file)
        }
        return folder
    }()

    @Test func theScriptsAreTheDeclarations() throws {
        for shell in CompletionsCommand.Shell.allCases {
            let r = try NitnemBinary.run(["completions", shell.rawValue])
            #expect(r.status == 0)
            #expect(r.stderr == "")
            #expect(r.stdout == CompletionsCommand.script(shell))
        }
        let bash = CompletionsCommand.script(.bash)
        // Every path, two-word ones included, every option and every choice is in there.
        for spec in Main.table.specs {
            if spec.path.count == 2 { #expect(bash.contains("'\(spec.path.joined(separator: " "))'")) }
            for option in spec.options { #expect(bash.contains("--\(option.name)")) }
        }
        #expect(bash.contains("words text json waybar i3blocks polybar"))
        let bad = try NitnemBinary.run(["completions", "tcsh"])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("nitnem: 'tcsh' is not a shell this knows; use bash, zsh or fish\n"))
    }

    /// Completes the words `line` (the last one the word under the cursor) with `_nitnem`, as bash
    /// does, and returns COMPREPLY.
    static func bashComplete(_ words: [String]) throws -> [String] {
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let script = """
            source /usr/share/bash-completion/bash_completion
            source nitnem.bash
            COMP_WORDS=(\(quoted)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
            _nitnem nitnem "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let r = try shell("bash", ["-c", "cd \(scripts) && " + script])
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashLoadsAndCompletes() throws {
        let loaded = try Self.shell("bash", ["-c", "cd \(Self.scripts) && source nitnem.bash && complete -p nitnem"])
        #expect(loaded.status == 0)
        #expect(loaded.stdout == "complete -F _nitnem nitnem\n")
        #expect(loaded.stderr == "")
        #expect(try Self.bashComplete(["nitnem", "m"]) == ["mark"])
        #expect(try Self.bashComplete(["nitnem", "status", "--format", ""]) == StatusFormat.allCases.map(\.rawValue))
        #expect(try Self.bashComplete(["nitnem", "status", "--format", "=", "j"]) == ["json"])
        #expect(try Self.bashComplete(["nitnem", "snapshot", ""]) == ["export"])
        #expect(try Self.bashComplete(["nitnem", "reminders", "l"]) == ["list"])
        #expect(try Self.bashComplete(["nitnem", "journey", ""]) == ["clear", "restore"])
        #expect(try Self.bashComplete(["nitnem", "journey", "clear", "--"]) == ["--yes", "--group", "--help"])
        #expect(try Self.bashComplete(["nitnem", "snapshot", "export", "--f"]) == ["--force"])
        #expect(try Self.bashComplete(["nitnem", "completions", ""]) == ["bash", "zsh", "fish"])
        // Bani ids come from the embedded registry (no snapshot in the group), asked of nitnem.
        #expect(try Self.bashComplete(["nitnem", "mark", "--undo", "j"]) == ["japji", "jaap"])
        #expect(try Self.bashComplete(["nitnem", "mark", "--day", "2026-11-29", "reh"]) == ["rehras"])
        // `--day` offers its words (a date or -N is typed).
        #expect(try Self.bashComplete(["nitnem", "mark", "--day", ""]) == ["today", "yesterday"])
        #expect(try Self.bashComplete(["nitnem", "mark", "--day", "y"]) == ["yesterday"])
        // bash splits sggs://… at the colon; the replies are what follows it.
        #expect(try Self.bashComplete(["nitnem", "open", "sggs", ":", "//bani/jaa"]) == ["//bani/jaap"])
    }

    @Test func zshParsesAndRegisters() throws {
        let syntax = try Self.shell("zsh", ["-n", Self.scripts + "/_nitnem"])
        #expect(syntax.status == 0)
        #expect(syntax.stderr == "")
        let registered = try Self.shell(
            "zsh",
            [
                "-f", "-c",
                "fpath=(\(Self.scripts) $fpath); autoload -Uz compinit; compinit -u -D; print -r -- $_comps[nitnem]",
            ])
        #expect(registered.status == 0)
        #expect(registered.stdout == "_nitnem\n")
    }

    /// What fish offers for `line` (its `complete -C`), the words only.
    static func fishComplete(_ line: String) throws -> [String] {
        let r = try shell("fish", ["--no-config", "-c", "source \(scripts)/nitnem.fish; complete -C '\(line)'"])
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
    }

    @Test func fishParsesAndCompletes() throws {
        let syntax = try Self.shell("fish", ["--no-execute", Self.scripts + "/nitnem.fish"])
        #expect(syntax.status == 0)
        #expect(syntax.stderr == "")
        #expect(try Self.fishComplete("nitnem m") == ["mark"])
        #expect(try Self.fishComplete("nitnem status --format ") == StatusFormat.allCases.map(\.rawValue).sorted())
        #expect(try Self.fishComplete("nitnem snapshot ") == ["export"])
        #expect(try Self.fishComplete("nitnem mark ja") == ["jaap", "japji"])
        #expect(try Self.fishComplete("nitnem mark --day ") == ["today", "yesterday"])
        #expect(try Self.fishComplete("nitnem journey ").contains("restore"))
    }

    @Test func theListsHoldIdsAndTitlesNeverScripture() throws {
        for listing in ["banis", "links"] {
            let r = try NitnemBinary.run(["completions", "--list", listing], environment: Support.baseEnvironment)
            #expect(r.status == 0)
            let lines = r.stdout.split(separator: "\n")
            #expect(lines.count >= 7)
            for line in lines {
                #expect(line.split(separator: "\t").count == 2)
                // No Gurmukhi (U+0A00–U+0A7F): ids, links and English titles only.
                #expect(!line.unicodeScalars.contains { (0x0A00...0x0A7F).contains($0.value) })
            }
        }
        let banis = try NitnemBinary.run(["completions", "--list", "banis"], environment: Support.baseEnvironment)
        #expect(banis.stdout.hasPrefix("japji\tJapji Sahib\n"))
        #expect(banis.stdout.contains("\nrehras\tRehras Sahib\n"))
    }

    @Test func theManPageIsCurrentAndRendersWithoutWarnings() throws {
        let r = try NitnemBinary.run(["completions", "--man"])
        #expect(r.status == 0)
        #expect(r.stdout == CompletionsCommand.manPage)
        let page = NitnemBinary.packageRoot.path + "/man/nitnem.1"
        if Golden.recording { try Support.write(r.stdout, to: page) }
        #expect(String(decoding: Support.bytes(page), as: UTF8.self) == r.stdout, "man/nitnem.1 is stale: re-record")
        for spec in Main.table.specs {
            #expect(r.stdout.contains(".SS \"nitnem \(spec.path.joined(separator: " "))\""))
        }
        for section in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "CONFIGURATION", "FILES", "ENVIRONMENT", "EXIT STATUS",
            "EXAMPLES",
        ] {
            #expect(r.stdout.contains("\n.SH \(section)\n"))
        }
        // CONFIGURATION: every declared key, its syntax, values and default (from `ConfigKey.all`).
        for key in ConfigKey.all {
            let term = "\(key.name) = \(key.syntax)".replacingOccurrences(of: "-", with: "\\-")
            #expect(r.stdout.contains("\n.TP\n.B \"\(term)\"\n"), "\(key.name)")
            #expect(
                CompletionsCommand.configuration.blocks.contains(
                    .item(
                        "\(key.name) = \(key.syntax)",
                        "\(key.help) Values: \(key.accepted). Default: \(key.defaultText).")))
        }
        #expect(r.stdout.contains("\n.TP\n.B \"3\"\n"))
        #expect(r.stdout.contains("\n.TP\n.B \"$XDG_STATE_HOME/nitnem/pause.json\"\n"))
        for variable in ["SGGS_APP_GROUP", "SGGS_CLOCK_NOW", "SGGS_CLOCK_RATE", "TZ", "XDG_CONFIG_HOME"] {
            #expect(r.stdout.contains(variable))
        }
        _ = try Self.tool("man")
        let rendered = try Self.shell("man", ["--warnings", "-l", page])
        #expect(rendered.status == 0)
        #expect(rendered.stderr == "")
        #expect(rendered.stdout.contains("journey clear"))
    }

    @Test func helpListsCompletionsAndVersion() throws {
        let r = try NitnemBinary.run(["--help"])
        #expect(r.stdout.contains("\n  completions               "))
        #expect(r.stdout.contains("\n  --version                 Show the version.\n"))
    }
}
