import Foundation
import Scheduler

/// The top-level `nitnem` command: picks a subcommand and maps errors to exit codes.
@main
enum Main {
    struct Subcommand: Sendable {
        let spec: CommandSpec
        let run: @Sendable (ParsedArguments) throws(CLIError) -> Void
    }

    static let subcommands: [Subcommand] = [
        Subcommand(spec: RunCommand.spec, run: RunCommand.run),
        Subcommand(spec: StatusCommand.spec, run: StatusCommand.run),
        Subcommand(spec: MarkCommand.spec, run: MarkCommand.run),
        Subcommand(spec: JourneyCommand.spec, run: JourneyCommand.run),
        Subcommand(spec: RemindersCommand.spec, run: RemindersCommand.run),
        Subcommand(spec: TimelineCommand.spec, run: TimelineCommand.run),
        Subcommand(spec: SimulateCommand.spec, run: SimulateCommand.run),
        Subcommand(spec: DoctorCommand.spec, run: DoctorCommand.run),
        Subcommand(spec: ClockCommand.spec, run: ClockCommand.run),
        Subcommand(spec: SnapshotCommand.exportSpec, run: SnapshotCommand.runExport),
    ]

    static var overview: String {
        var lines = [
            "OVERVIEW: nitnem — your daily Nitnem on the Linux desktop: the next bani, today's progress,",
            "a widget timeline for status bars, and one gentle reminder per band.",
            "",
            "USAGE: nitnem <command> [options]",
            "",
            "COMMANDS:",
        ]
        for sub in subcommands {
            lines.append(CommandSpec.row(sub.spec.path.joined(separator: " "), sub.spec.abstract))
        }
        lines += ["", "See 'nitnem <command> --help' for the options of a command."]
        return lines.joined(separator: "\n")
    }

    /// This build's version.
    static let version = "0.1.0"

    static func main() {
        exit(run(Array(CommandLine.arguments.dropFirst())))
    }

    static func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            Output.error("missing command\nusage: nitnem <command> [options]; see 'nitnem --help'")
            return 2
        }
        if first == "--help" || first == "-h" || first == "help" {
            Output.line(overview)
            return 0
        }
        if first == "--version" {
            Output.line("nitnem \(version)")
            return 0
        }
        // The longest declared command path that the words start with.
        let match = subcommands.filter { arguments.starts(with: $0.spec.path) }
            .max { $0.spec.path.count < $1.spec.path.count }
        guard let sub = match else {
            // A group of commands named without its subcommand (`nitnem snapshot`): list them.
            let group = subcommands.filter { $0.spec.path.count > 1 && $0.spec.path[0] == first }
            if !group.isEmpty {
                let usages = group.map { "usage: \($0.spec.usage)" }.joined(separator: "\n")
                if arguments.dropFirst().allSatisfy({ $0 == "--help" || $0 == "-h" }) && arguments.count > 1 {
                    Output.line(group.map(\.spec.help).joined(separator: "\n\n"))
                    return 0
                }
                Output.error("'\(first)' needs a subcommand\n\(usages)")
                return 2
            }
            Output.error("unknown command '\(first)'\nusage: nitnem <command> [options]; see 'nitnem --help'")
            return 2
        }
        do throws(CLIError) {
            let parsed = try sub.spec.parse(Array(arguments.dropFirst(sub.spec.path.count)))
            if parsed.helpRequested {
                Output.line(sub.spec.help)
                return 0
            }
            try sub.run(parsed)
            return 0
        } catch {
            switch error {
            case .usage(let message, let usage): Output.error("\(message)\nusage: \(usage)")
            case .badInput(let message), .failure(let message): Output.error(message)
            }
            return error.exitCode
        }
    }
}
