// swift-tools-version: 6.0
// SPDX-License-Identifier: GPL-3.0-or-later
// The floor for bench/agent: a static Swift program that only prints a line (e), or prints it and
// waits (`floor wait`, d), built as a static Swift program is by default (release,
// --static-swift-stdlib). What it costs over `cat` is Swift's own start; what it holds, Swift's own RSS.
import PackageDescription

let package = Package(name: "floor", targets: [.executableTarget(name: "floor")])
