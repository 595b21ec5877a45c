// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

// One line on stdout, as `nitnem status` prints, and nothing else; `floor wait` then waits for a
// signal, as the agent waits at rest (the floor of its RSS).
let line = "{\"text\":\"floor\"}\n"
_ = line.withCString { write(1, $0, strlen($0)) }
if CommandLine.arguments.dropFirst().first == "wait" {
    while true { pause() }
}
