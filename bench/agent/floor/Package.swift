// swift-tools-version: 6.0
// SPDX-License-Identifier: GPL-3.0-or-later
// The floor for bench/agent (e): a static Swift program that only prints a line, built like the
// installed nitnem (release, --static-swift-stdlib). What it costs over `cat` is Swift's own start.
import PackageDescription

let package = Package(name: "floor", targets: [.executableTarget(name: "floor")])
