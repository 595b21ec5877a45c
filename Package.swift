// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

var package = Package(
    name: "nitnem",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "nitnem", targets: ["nitnem"]),
        .library(name: "NitnemClockKit", targets: ["NitnemClockKit"]),
    ],
    dependencies: [],
    targets: [
        // C libraries from Debian -dev packages, and a shim for Linux-only syscalls.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CLibnotify",
            pkgConfig: "libnotify",
            providers: [.apt(["libnotify-dev"])]
        ),
        .target(name: "CLinux"),

        .target(name: "NitnemClockKit"),
        .target(name: "CommandLineKit"),
        .target(name: "Snapshot", dependencies: ["NitnemClockKit", "CSQLite", "CLinux"]),
        .target(name: "Notify", dependencies: ["CLibnotify"]),
        .target(name: "Scheduler", dependencies: ["NitnemClockKit", "Snapshot", "Notify", "CLinux"]),
        .executableTarget(
            name: "nitnem",
            dependencies: ["NitnemClockKit", "Snapshot", "Scheduler", "Notify", "CommandLineKit"]
        ),
        .target(name: "TestSupport", dependencies: ["NitnemClockKit", "Notify"]),

        .testTarget(name: "NitnemClockKitTests", dependencies: ["NitnemClockKit"]),
        .testTarget(name: "NotifyTests", dependencies: ["Notify", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "nitnem"]),
        .testTarget(name: "SchedulerTests", dependencies: ["Scheduler", "NitnemClockKit", "Snapshot", "TestSupport"]),
        .testTarget(name: "ExportTests", dependencies: ["Snapshot", "NitnemClockKit"]),
        .testTarget(name: "SnapshotTests", dependencies: ["Snapshot", "NitnemClockKit"]),
        .testTarget(name: "CommandLineKitTests", dependencies: ["CommandLineKit", "TestSupport", "nitnem"]),
    ]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
