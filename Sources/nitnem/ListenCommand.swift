// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Scheduler
import Snapshot

/// `nitnem listen [bani|URL]`: plays a bani's recorded paath with config `listen` — the bani
/// named, the one a `sggs://` link names, or what `status` shows next.
enum ListenCommand {
    static let spec = CommandSpec(
        path: ["listen"],
        abstract: "Play a bani's recorded paath (else what status shows next) with config listen.",
        options: [.group, .config],
        positionals: [
            PositionalSpec(
                name: "bani",
                help:
                    "A bani's name as mark takes it (japji, sohila, ਚੌਪਈ), or sggs://bani/<key>[?variant=…] or sggs://composition/<key>.",
                optional: true)
        ],
        discussion: """
            Runs the config key `listen`, a command template, for the bani: split at whitespace
            ('…' and "…" group) and run as argv, never through a shell, with the reader's
            placeholders {banidb} {key} {variant} {url}; a word starting ~/ is in your home.
            Without a bani, plays what `nitnem status` shows next.

            EXAMPLE:
              listen = mpv --no-video ~/Music/Nitnem/{key}.mp3

            The player runs on after nitnem returns; its output goes to /dev/null, never to
            stdout (a bar's). The reminder offers a Listen button when `listen` is set. Exit 1
            when the program is not on PATH, an argument that is an absolute path names no file,
            or the player fails at once; 2 when `listen` is not set, for a name that matches no
            bani or several (with the closest titles), or a link that names no bani.
            """
    )

    /// How long a player is watched for a failure at once before it is left to play.
    static let settleMilliseconds = 300

    static func run(_ args: ParsedArguments) throws {
        let context = try Context.load()
        let configPath = context.paths.config(flag: args.value(.config))
        let config = try AgentConfig.load(path: configPath)
        guard let listen = config.listen else {
            throw CLIError.badInput(
                "no listen command: set listen = … in \(configPath) (e.g. mpv --no-video ~/Music/Nitnem/{key}.mp3)")
        }
        let link = try Self.link(args, context: context, config: config)
        let launch = listen.resolve(link, home: context.paths.home)
        let started = try ReaderLauncher().startPlayer(launch, settleMilliseconds: settleMilliseconds)
        // A player that fails at once (a file it cannot play) is said; one that plays is left to.
        if case .exited(let status) = started {
            throw CLIError.failure(
                "\(Printable.bounded(launch.program)) exited \(status) for \(Printable.bounded(launch.target))")
        }
    }

    /// The link to listen to: a `sggs://` link as given, a bani by name, or what `status` shows next.
    static func link(_ args: ParsedArguments, context: Context, config: AgentConfig) throws -> DeepLink {
        let link = try context.link(args, config: config) { state in
            guard let next = state.next else {
                throw CLIError.failure(
                    "nothing to listen to next: today's Nitnem is read (name a bani: nitnem listen japji)")
            }
            return next.bani.url
        }
        guard link.key != nil else {
            throw CLIError.badInput("\(link.url) names no bani to listen to; name one (nitnem listen japji)")
        }
        return link
    }
}
