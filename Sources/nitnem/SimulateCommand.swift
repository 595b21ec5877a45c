// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import Glibc
import NitnemClockKit
import Posix
import Scheduler
import Snapshot

/// `nitnem simulate`: the agent's core on a virtual clock, printing every timeline write in order.
enum SimulateCommand {
    static let from = OptionSpec(
        name: "from", value: "TIME", help: "Start (RFC 3339 with offset, or local wall time in TZ).", required: true)
    static let to = OptionSpec(name: "to", value: "TIME", help: "End, in the same forms.", required: true)
    static let mark = OptionSpec(
        name: "mark", value: "AT=BANI", help: "Record BANI as read at instant AT (may repeat).", repeats: true)
    static let asleep = OptionSpec(
        name: "asleep", value: "FROM/TO", help: "Suspend the machine between two instants (may repeat).", repeats: true)

    static let spec = CommandSpec(
        path: ["simulate"],
        abstract: "Run the agent's schedule on a virtual clock and print what it would do, as JSON lines.",
        options: [from, to, .group, .config, mark, asleep],
        discussion: """
            Prints one JSON object per line, in time order:
              {"at","event":"timeline","dayKey","band","next","done","total"}
            No real waiting; the same input always prints the same bytes.
            """
    )

    static func run(_ args: ParsedArguments) throws {
        let context = try Context.load()
        func instant(_ option: String, _ text: String?) throws(CLIError) -> Date {
            guard let text else { throw spec.usageError("missing --\(option)") }
            guard let t = RFC3339.parse(text, in: context.calendar) else {
                throw .badInput(
                    "--\(option): '\(Printable.bounded(text))' is not a time; use 2026-11-29T22:00:00+05:30, …Z, or a local 2026-11-29T22:00"
                )
            }
            guard NitnemClock.range.contains(t) else {
                throw .badInput("--\(option): '\(text)' \(NitnemClock.outsideRange)")
            }
            return t
        }
        let from = try instant("from", args.value(Self.from))
        let to = try instant("to", args.value(Self.to))
        guard from <= to else { throw CLIError.badInput("--to is before --from") }
        let group = context.group(args)
        let files = try context.loadFiles(group)
        var marks: [Simulation.Mark] = []
        for text in args.all(Self.mark) {
            guard let eq = text.firstIndex(of: "=") else {
                throw CLIError.badInput(
                    "--mark: '\(Printable.bounded(text))' is not AT=BANI (e.g. 2026-11-29T06:30=japji)")
            }
            let at = try instant("mark", String(text[..<eq]))
            guard from <= at, at <= to else {
                throw CLIError.badInput("--mark: '\(Printable.bounded(text))' is outside --from … --to")
            }
            let name = String(text[text.index(after: eq)...])
            guard let bani = files.snapshot.lookup(name) else {
                throw CLIError.badInput(
                    "--mark: unknown bani '\(Printable.bounded(name))'; known: \(files.snapshot.banis.map { Printable.bounded($0.id) }.joined(separator: ", "))"
                )
            }
            marks.append(Simulation.Mark(at: at, baniID: bani.id))
        }
        var asleep: [DateInterval] = []
        for text in args.all(Self.asleep) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2 else {
                throw CLIError.badInput("--asleep: '\(Printable.bounded(text))' is not FROM/TO")
            }
            let a = try instant("asleep", String(parts[0]))
            let b = try instant("asleep", String(parts[1]))
            guard a < b else { throw CLIError.badInput("--asleep: '\(Printable.bounded(text))' ends before it starts") }
            guard from <= a, b <= to else {
                throw CLIError.badInput("--asleep: '\(Printable.bounded(text))' is outside --from … --to")
            }
            asleep.append(DateInterval(start: a, end: b))
        }
        let config = try context.agentConfig(args).config
        let simulation = Simulation(
            from: from, to: to, calendar: context.calendar, files: files, marks: marks, asleep: asleep, config: config)
        // Lines go straight into one byte buffer, flushed every 64 KiB: no JSON objects, no Strings.
        var out: [UInt8] = []
        out.reserveCapacity(1 << 17)
        simulation.run(lines: { line in
            line.write(to: &out)
            if out.count > 1 << 16 {
                writeAll(out)
                out.removeAll(keepingCapacity: true)
            }
        })
        writeAll(out)
    }

    /// Writes all of `bytes` to stdout, retrying on EINTR (as `Output.write`, for bytes); stops when
    /// the reader is gone.
    private static func writeAll(_ bytes: [UInt8]) { _ = try? FileDescriptor.writeAll(bytes, to: 1) }
}
