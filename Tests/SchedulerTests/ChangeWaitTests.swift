// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import Scheduler

/// `status --changed-from TOKEN`'s decisions: the token names one output, a line whose token is the
/// caller's waits, any other line is printed (stamped with its token) at once.
@Suite struct ChangeWaitTests {
    static let evening = #"{"dayKey":"2026-11-29","today":{"done":2,"total":7}}"#
    static let marked = #"{"dayKey":"2026-11-29","today":{"done":3,"total":7}}"#

    /// (line, token): FNV-1a 64 of the UTF-8 bytes, 16 lowercase hex digits (the published vectors
    /// for "" and "a"; a Gurmukhi title hashed as UTF-8, not as UTF-16 units).
    @Test(arguments: [
        ("", "cbf29ce484222325"),
        ("a", "af63dc4c8601ec8c"),
        ("foobar", "85944171f73967e8"),
        ("ਜਪੁ", "3ae6456458d5cb43"),
    ])
    func theTokenIsFNV1a64OfTheBytes(_ line: String, _ token: String) {
        #expect(ChangeWait.token(of: line) == token)
        #expect(ChangeWait.token(of: line).count == 16)
    }

    /// (the caller's token, the line rendered now, whether it is printed)
    @Test(arguments: [
        (ChangeWait.token(of: evening), evening, false),  // unchanged: block
        (ChangeWait.token(of: evening), marked, true),  // changed since: at once
        ("new", evening, true),  // no token yet
        ("", evening, true),
        (ChangeWait.token(of: evening).uppercased(), evening, true),  // only the exact token matches
        (ChangeWait.stamped(evening), evening, true),  // a whole line is not its token
    ])
    func aLineIsPrintedOnlyWhenItsTokenDiffers(_ token: String, _ line: String, _ printed: Bool) {
        let decision = ChangeWait(from: token).decide(line)
        #expect(decision == (printed ? .print(ChangeWait.stamped(line)) : .wait))
    }

    @Test func theStampIsTheLastMemberAndNamesTheLineWithoutIt() {
        let stamped = ChangeWait.stamped(Self.evening)
        let token = ChangeWait.token(of: Self.evening)
        #expect(stamped == #"{"dayKey":"2026-11-29","today":{"done":2,"total":7},"changeToken":""# + token + #""}"#)
        #expect(ChangeWait.stamped("{}") == #"{"changeToken":""# + ChangeWait.token(of: "{}") + #""}"#)
        // What the widget passes back waits on the same output.
        #expect(ChangeWait(from: token).decide(Self.evening) == .wait)
    }
}
