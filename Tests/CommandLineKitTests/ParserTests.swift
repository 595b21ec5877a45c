// SPDX-License-Identifier: GPL-3.0-or-later
import CommandLineKit
import Testing

/// `CommandSpec.parse`: every way the words can fit or not fit a declaration.
@Suite struct ParserTests {
    enum Shape: String, CaseIterable { case circle, square }

    static let spec = CommandSpec(
        path: ["draw"], abstract: "Draw shapes.",
        options: [
            OptionSpec(
                name: "format", value: "FORMAT", help: "Output format.", choices: ["text", "json"],
                defaultValue: .value("text")),
            .choice("shape", Shape.self, help: "The shape.", default: .circle),
            OptionSpec(name: "from", value: "TIME", help: "Start.", required: true),
            OptionSpec(name: "mark", value: "AT", help: "A mark.", repeats: true),
            OptionSpec(name: "group", value: "DIR", help: "The folder.", defaultValue: .described("$HOME")),
            .flag("follow", "Keep running."),
        ],
        positionals: [
            PositionalSpec(name: "first", help: "The first."),
            PositionalSpec(name: "second", help: "The second.", optional: true),
        ])

    func parse(_ words: [String]) throws(ArgumentError) -> ParsedArguments { try Self.spec.parse(words) }

    func error(_ words: [String]) -> ArgumentError? {
        do {
            _ = try parse(words)
            return nil
        } catch {
            return error
        }
    }

    func option(_ name: String) -> OptionSpec { Self.spec.option(name)! }

    @Test func valuesFlagsAndPositionalsInAnyOrder() throws {
        let p = try parse(["a", "--from", "t0", "--follow", "b", "--group", "/g"])
        #expect(p.positionals == ["a", "b"])
        #expect(p.value("from") == "t0")
        #expect(p.value(option("group")) == "/g")
        #expect(p.flag("follow"))
        #expect(!p.helpRequested)
    }

    @Test(arguments: [["--bogus"], ["--bogus=1"], ["-x"], ["-fx"]])
    func unknownOption(_ extra: [String]) {
        let word = extra[0].split(separator: "=")[0]
        #expect(error(["a", "--from", "t"] + extra) == .unknownOption(String(word)))
        #expect(ArgumentError.unknownOption(String(word)).message == "unknown option '\(word)'")
    }

    @Test func missingValue() {
        #expect(error(["a", "--from"]) == .missingValue(option("from")))
        #expect(ArgumentError.missingValue(option("from")).message == "option '--from' needs a value")
    }

    @Test func choices() throws {
        #expect(error(["a", "--from", "t", "--format", "xml"]) == .invalidChoice("xml", option("format")))
        #expect(
            ArgumentError.invalidChoice("xml", option("format")).message
                == "'xml' is not a valid value for '--format'; use one of: text, json")
        #expect(error(["a", "--from", "t", "--shape", "cube"]) == .invalidChoice("cube", option("shape")))
        #expect(option("shape").choices == ["circle", "square"])
        let p = try parse(["a", "--from", "t", "--shape", "square"])
        #expect(p.value(option("shape"), as: Shape.self) == .square)
    }

    @Test func repeats() throws {
        let p = try parse(["a", "--from", "t", "--mark", "1", "--mark=2", "--mark", "3"])
        #expect(p.all("mark") == ["1", "2", "3"])
        #expect(p.value("mark") == "3")
        #expect(error(["a", "--from", "t", "--format", "json", "--format", "text"]) == .repeated(option("format")))
        #expect(ArgumentError.repeated(option("format")).message == "option '--format' given more than once")
        #expect(error(["a", "--from", "t", "--follow", "--follow"]) == nil)
    }

    @Test func inlineValues() throws {
        let p = try parse(["a", "--from=2026-11-29T22:00", "--group=/a=b", "--format=json"])
        #expect(p.value("from") == "2026-11-29T22:00")
        #expect(p.value("group") == "/a=b")
        #expect(p.value("format") == "json")
        #expect(try parse(["a", "--from="]).value("from") == "")
        #expect(error(["a", "--from", "t", "--format="]) == .invalidChoice("", option("format")))
        #expect(error(["a", "--from", "t", "--follow=yes"]) == .flagWithValue(option("follow")))
        #expect(ArgumentError.flagWithValue(option("follow")).message == "option '--follow' takes no value")
    }

    @Test func doubleDashEndsOptions() throws {
        let p = try parse(["--from", "t", "--", "--follow", "-"])
        #expect(p.positionals == ["--follow", "-"])
        #expect(!p.flag("follow"))
        #expect(try parse(["-", "--from", "t"]).positionals == ["-"])
        #expect(try parse(["--from", "--", "a"]).value("from") == "--")
    }

    /// The word after an option that takes a value is its value, even when it starts with `-`
    /// (`--day -1`); only a word in an option's place is read as one.
    @Test func aValueMayStartWithADash() throws {
        let p = try parse(["a", "--from", "-1", "--group=-2", "--mark", "-h", "--mark", "--follow"])
        #expect(p.value("from") == "-1")
        #expect(p.value("group") == "-2")
        #expect(p.all("mark") == ["-h", "--follow"])
        #expect(!p.flag("follow"))
        #expect(!p.helpRequested)
        #expect(error(["a", "--from", "t", "-1"]) == .unknownOption("-1"))
    }

    @Test func requiredOptionsAndPositionals() {
        #expect(error(["a"]) == .missingOption(option("from")))
        #expect(ArgumentError.missingOption(option("from")).message == "missing --from TIME")
        #expect(error(["--from", "t"]) == .missingPositional(Self.spec.positionals[0]))
        #expect(ArgumentError.missingPositional(Self.spec.positionals[0]).message == "missing <first>")
        #expect(error(["a", "b", "c", "--from", "t"]) == .unexpectedArgument("c"))
        #expect(ArgumentError.unexpectedArgument("c").message == "unexpected argument 'c'")
    }

    @Test func helpSkipsTheRequiredChecksButNotBadWords() throws {
        #expect(try parse(["--help"]).helpRequested)
        #expect(try parse(["a", "b", "c", "-h"]).helpRequested)
        #expect(error(["--bogus", "--help"]) == .unknownOption("--bogus"))
    }

    @Test func defaults() throws {
        let p = try parse(["a", "--from", "t"])
        #expect(p.value("format") == "text")
        #expect(p.value(option("shape"), as: Shape.self) == .circle)
        #expect(!p.isGiven("format"))
        #expect(p.value("group") == nil)
        #expect(p.all("mark") == [])
        #expect(!p.flag("follow"))
        let given = try parse(["a", "--from", "t", "--format", "json"])
        #expect(given.isGiven("format"))
        #expect(given.value("format") == "json")
    }

    /// A last positional that repeats takes every word left; its usage shows `<name>...`.
    @Test func aRepeatingLastPositionalTakesTheRest() throws {
        let spec = CommandSpec(
            path: ["mark"], abstract: "Mark.", options: [.flag("next", "Next.")],
            positionals: [PositionalSpec(name: "bani", help: "A bani.", optional: true, repeats: true)])
        #expect(try spec.parse([]).positionals == [])
        #expect(try spec.parse(["a", "--next", "b", "--", "--c"]).positionals == ["a", "b", "--c"])
        #expect(spec.usage(program: "nitnem") == "nitnem mark [--next] [<bani>...]")
        let required = CommandSpec(
            path: ["x"], abstract: "X.",
            positionals: [PositionalSpec(name: "a", help: "A."), PositionalSpec(name: "b", help: "B.", repeats: true)])
        #expect(required.usage(program: "p") == "p x <a> <b>...")
        #expect(throws: ArgumentError.missingPositional(required.positionals[1])) { try required.parse(["1"]) }
        #expect(try required.parse(["1", "2", "3"]).positionals == ["1", "2", "3"])
    }
}
