// SPDX-License-Identifier: GPL-3.0-or-later
internal import CSQLite

/// A failed SQLite call: the extended result code and SQLite's own message.
struct SQLiteError: Error, CustomStringConvertible {
    /// The extended result code (`SQLITE_CORRUPT_INDEX`, …); `primary` is its low byte.
    let code: Int32
    /// `sqlite3_errmsg` at the time of the failure, or `sqlite3_errstr` of the code.
    let message: String
    /// The C function that failed, e.g. `sqlite3_step`.
    let call: String

    /// The primary result code (`SQLITE_BUSY` for `SQLITE_BUSY_RECOVERY`).
    var primary: Int32 { code & 0xff }

    /// The name of the primary code, e.g. `SQLITE_NOTADB`.
    var name: String {
        let names: [Int32: String] = [
            SQLITE_ERROR: "SQLITE_ERROR", SQLITE_INTERNAL: "SQLITE_INTERNAL", SQLITE_PERM: "SQLITE_PERM",
            SQLITE_ABORT: "SQLITE_ABORT", SQLITE_BUSY: "SQLITE_BUSY", SQLITE_LOCKED: "SQLITE_LOCKED",
            SQLITE_NOMEM: "SQLITE_NOMEM", SQLITE_READONLY: "SQLITE_READONLY", SQLITE_INTERRUPT: "SQLITE_INTERRUPT",
            SQLITE_IOERR: "SQLITE_IOERR", SQLITE_CORRUPT: "SQLITE_CORRUPT", SQLITE_NOTFOUND: "SQLITE_NOTFOUND",
            SQLITE_FULL: "SQLITE_FULL", SQLITE_CANTOPEN: "SQLITE_CANTOPEN", SQLITE_PROTOCOL: "SQLITE_PROTOCOL",
            SQLITE_SCHEMA: "SQLITE_SCHEMA", SQLITE_TOOBIG: "SQLITE_TOOBIG", SQLITE_CONSTRAINT: "SQLITE_CONSTRAINT",
            SQLITE_MISMATCH: "SQLITE_MISMATCH", SQLITE_MISUSE: "SQLITE_MISUSE", SQLITE_NOLFS: "SQLITE_NOLFS",
            SQLITE_AUTH: "SQLITE_AUTH", SQLITE_RANGE: "SQLITE_RANGE", SQLITE_NOTADB: "SQLITE_NOTADB",
        ]
        return names[primary] ?? "SQLite code \(primary)"
    }

    /// `SQLITE_CORRUPT (extended 779): database disk image is malformed`.
    var description: String {
        let extended = code == primary ? "" : " (extended \(code))"
        return "\(name)\(extended): \(message)"
    }

    /// The error `call` left on `db`, or the generic text of `code` when there is no handle.
    static func from(_ db: OpaquePointer?, code: Int32, call: String) -> SQLiteError {
        let extended = db.map { nitnem_sqlite3_extended_errcode($0) } ?? code
        // A handle may hold no error of its own (e.g. after close); fall back to the code's text.
        let useHandle = db != nil && extended & 0xff == code & 0xff
        let text = useHandle ? nitnem_sqlite3_errmsg(db) : nitnem_sqlite3_errstr(code)
        return SQLiteError(
            code: useHandle ? extended : code, message: text.map { String(cString: $0) } ?? "unknown error",
            call: call)
    }
}
