// swift-tools-version: 6.0
// SPDX-License-Identifier: GPL-3.0-or-later
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

var package = Package(
    name: "nitnem",
    // One product: the binary. Linux only (inotify, timerfd, signalfd); no platform list needed.
    products: [
        .executable(name: "nitnem", targets: ["nitnem"])
    ],
    dependencies: [],
    targets: [
        // C libraries from Debian -dev packages, and a shim for Linux-only syscalls.
        // The one dlopen/dlsym helper the two loaders below fill their tables of entry points through.
        .target(name: "CLoader"),
        // SQLite is loaded with dlopen when `snapshot export` opens a database (nothing is linked); its
        // types and constants come from libsqlite3-dev's header.
        .target(name: "CSQLite", dependencies: ["CLoader"]),
        // libnotify and GLib are loaded with dlopen at the first reminder (nothing is linked); the
        // loader's copied declarations are checked against the -dev headers by a test-only target.
        // Its flags come from the package's own .pc (only -I: libnotify.pc's would bring -pthread,
        // which SwiftPM warns about on every build).
        .target(name: "CLibnotify", dependencies: ["CLoader"], path: "Sources/CLibnotify/Loader"),
        .systemLibrary(
            name: "CLibnotifyHeaders",
            path: "Sources/CLibnotify/Headers",
            pkgConfig: Context.packageDirectory + "/Sources/CLibnotify/Headers/nitnem-libnotify-headers.pc",
            providers: [.apt(["libnotify-dev"])]
        ),
        .target(
            name: "CLibnotifyCheck", dependencies: ["CLibnotifyHeaders", "CLibnotify"], path: "Sources/CLibnotify/Check"
        ),
        .target(name: "CLinux"),

        // Pure decisions: no Glibc, no CLinux, no system layer (checked by scripts/check-pure.sh).
        .target(name: "NitnemClockKit"),
        .target(name: "Snapshot", dependencies: ["NitnemClockKit"]),
        .target(name: "Scheduler", dependencies: ["NitnemClockKit", "Snapshot"]),

        // The system layer: every system call, once.
        .target(name: "Posix", dependencies: ["CLinux", "NitnemClockKit"]),
        // Desktop notifications (libnotify) and the GLib pump.
        .target(name: "Notify", dependencies: ["CLibnotify", "Posix", "NitnemClockKit"]),
        // The shell: loads and writes the files, runs the agent's and the follower's loops.
        .target(name: "AgentShell", dependencies: ["NitnemClockKit", "Snapshot", "Scheduler", "Posix", "Notify"]),
        // The command-line parser: declared commands and options, generated help. A word it quotes
        // in an error goes through NitnemClockKit's one rule for text from outside (Printable).
        .target(name: "CommandLineKit", dependencies: ["NitnemClockKit"]),
        // The only code that opens a database.
        .target(name: "SnapshotExport", dependencies: ["NitnemClockKit", "Snapshot", "Posix", "CSQLite"]),
        .executableTarget(
            name: "nitnem",
            dependencies: [
                "NitnemClockKit", "Snapshot", "Scheduler", "Posix", "Notify", "AgentShell", "SnapshotExport",
                "CommandLineKit",
            ]
        ),
        .target(name: "TestSupport", dependencies: ["NitnemClockKit", "Snapshot", "Scheduler", "Posix", "Notify"]),

        .testTarget(name: "NitnemClockKitTests", dependencies: ["NitnemClockKit", "TestSupport"]),
        .testTarget(name: "SnapshotTests", dependencies: ["Snapshot", "NitnemClockKit", "TestSupport"]),
        .testTarget(name: "SchedulerTests", dependencies: ["Scheduler", "NitnemClockKit", "Snapshot", "TestSupport"]),
        .testTarget(name: "PosixTests", dependencies: ["Posix", "NitnemClockKit", "TestSupport"]),
        .testTarget(
            name: "NotifyTests", dependencies: ["Notify", "Posix", "NitnemClockKit", "TestSupport", "CLibnotifyCheck"]),
        .testTarget(
            name: "AgentShellTests",
            dependencies: ["AgentShell", "Scheduler", "Snapshot", "NitnemClockKit", "Posix", "Notify", "TestSupport"]),
        .testTarget(
            name: "ExportTests", dependencies: ["SnapshotExport", "Snapshot", "NitnemClockKit", "TestSupport"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "TestSupport", "nitnem", "CommandLineKit", "AgentShell", "Scheduler", "Snapshot", "NitnemClockKit",
                "Posix",
            ]),
        .testTarget(name: "CommandLineKitTests", dependencies: ["CommandLineKit", "nitnem", "NitnemClockKit"]),
        // The tiers `make check` leaves out (docs/guide/testing.md): tests that start desktop programs
        // (their own dbus-daemon, Xvfb, dunst, polybar), and tests that need root (they set the clock,
        // chown to another user). `make test` runs them with the rest.
        .testTarget(
            name: "DesktopTests",
            dependencies: ["TestSupport", "nitnem", "AgentShell", "Snapshot", "NitnemClockKit", "Notify", "Posix"]),
        .testTarget(name: "RootTests", dependencies: ["TestSupport", "nitnem", "NitnemClockKit", "Posix"]),
    ]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
