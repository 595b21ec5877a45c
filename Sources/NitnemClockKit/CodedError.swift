// SPDX-License-Identifier: GPL-3.0-or-later
/// An error that is a kind (`code`) and a line for people: what it is about (a link; nothing when the
/// line says it all) and what is wrong. The one shape of the errors that carry no file and no cause
/// (`DeepLinkError`, `ReaderTemplateError`, `NotifyError`); each is this with its own kinds.
///
/// Callers switch on `code`; nobody matches `problem`, which is for people.
package struct CodedError<Kinds: ErrorCode>: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kinds (`DeepLinkError.Code.badName`).
    package typealias Code = Kinds

    /// What kind of problem.
    package let code: Code
    /// What it is about, as given (a link); empty when `problem` says it all.
    package let subject: String
    /// What is wrong, in words a user can act on.
    package let problem: String

    /// A problem of `code` with `subject`.
    package init(_ code: Code, subject: String = "", problem: String) {
        self.code = code
        self.subject = subject
        self.problem = problem
    }

    /// A problem of `code` that `problem` says in full.
    package init(_ code: Code, _ problem: String) { self.init(code, problem: problem) }

    /// One line, as `Code` words it.
    package var description: String { Code.describe(subject: subject, problem: problem) }
}

/// The kinds of one `CodedError`, and how its line reads.
package protocol ErrorCode: Hashable, Sendable {
    /// The line of an error about `subject`: `problem` alone unless the kinds say otherwise.
    static func describe(subject: String, problem: String) -> String
}

extension ErrorCode {
    /// `problem` alone.
    package static func describe(subject: String, problem: String) -> String { problem }
}
