// SPDX-License-Identifier: GPL-3.0-or-later
/// `nitnem status --format json --changed-from TOKEN`, pure: the token of what status shows, and
/// whether a line rendered now ends the wait. A widget that re-runs status on each exit (Plasma's
/// executable data source) passes the token of the output it shows: status then prints at once when
/// the output already differs (a change between two runs is never lost), else it blocks until it
/// does, prints once and exits. The shell (`StatusFollower`) renders and waits on files and timers.
package struct ChangeWait: Sendable, Equatable {
    /// What to do with a line rendered now.
    package enum Decision: Sendable, Equatable {
        /// Print this line (the JSON with its `changeToken`) and exit.
        case print(String)
        /// The output is still what the caller shows: keep waiting for a change.
        case wait
    }

    /// The token of the output the caller shows (any other text, `new` say, never matches).
    package let token: String

    /// A wait for a change from the output whose `changeToken` is `token`.
    package init(from token: String) { self.token = token }

    /// The JSON member naming the token.
    package static let member = "changeToken"

    /// The token of `line` (one compact JSON object, without its own `changeToken`): FNV-1a 64 of its
    /// UTF-8 bytes as 16 lowercase hex digits. Not a secret, only a name for one output.
    package static func token(of line: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in line.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// `line` (one JSON object) with `"changeToken":"<its token>"` as its last member.
    package static func stamped(_ line: String) -> String {
        let member = "\"\(Self.member)\":\"\(token(of: line))\""
        guard line.hasSuffix("}") else { return line }
        let body = line.dropLast()
        return body.hasSuffix("{") ? "\(body)\(member)}" : "\(body),\(member)}"
    }

    /// What to do with `line`, rendered now: print it stamped when its token differs from the
    /// caller's, else wait.
    package func decide(_ line: String) -> Decision {
        Self.token(of: line) == token ? .wait : .print(Self.stamped(line))
    }
}
