// SPDX-License-Identifier: GPL-3.0-or-later
internal import CSQLite

/// A read-only connection to a SQLite database: the one place in the project that opens a DB.
///
/// - Important: Opened with `SQLITE_OPEN_READONLY`, so a missing file is never created and the
///   corpus is never changed. Close it with `close()`; `deinit` closes a connection left open.
final class Database {
    private var handle: OpaquePointer?
    /// The path as given.
    let path: String

    /// Opens `path` read-only (`sqlite3_open_v2`) with extended result codes and a busy timeout
    /// (`sqlite3_busy_timeout`), so a writer holding the file briefly is waited for, not failed on.
    /// - Throws: `SQLiteError` (call `dlopen`) when the SQLite library cannot be loaded.
    init(readOnly path: String, busyTimeoutMilliseconds: Int32 = 2000) throws(SQLiteError) {
        self.path = path
        // The first database opened loads the library (CSQLite); no other command maps it.
        guard nitnem_sqlite_load() != nil else {
            let cause = nitnem_sqlite_load_error().map { String(cString: $0) } ?? NITNEM_SQLITE_SONAME
            throw SQLiteError(code: SQLITE_CANTOPEN, message: cause + " (install libsqlite3-0)", call: "dlopen")
        }
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
        let rc = nitnem_sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK else {
            let error = SQLiteError.from(db, code: rc, call: "sqlite3_open_v2")
            nitnem_sqlite3_close_v2(db)
            throw error
        }
        handle = db
        nitnem_sqlite3_extended_result_codes(db, 1)
        nitnem_sqlite3_busy_timeout(db, busyTimeoutMilliseconds)
    }

    deinit { close() }

    /// Closes the connection (`sqlite3_close_v2`: statements still alive finish it when they go).
    func close() {
        guard let db = handle else { return }
        handle = nil
        nitnem_sqlite3_close_v2(db)
    }

    /// Compiles one SQL statement (`sqlite3_prepare_v2`).
    func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        guard let db = handle else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "the database is closed", call: "sqlite3_prepare_v2")
        }
        var stmt: OpaquePointer?
        let rc = nitnem_sqlite3_prepare_v2(db, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else {
            let error = SQLiteError.from(db, code: rc == SQLITE_OK ? SQLITE_MISUSE : rc, call: "sqlite3_prepare_v2")
            nitnem_sqlite3_finalize(stmt)
            throw error
        }
        return Statement(stmt, database: self)
    }

    /// The error the last call on this connection left, for `Statement`.
    func error(code: Int32, call: String) -> SQLiteError { SQLiteError.from(handle, code: code, call: call) }

    /// Runs `sql` and returns every row, each read by `row`.
    func rows<T>(_ sql: String, _ row: (Statement) -> T) throws(SQLiteError) -> [T] {
        let stmt = try prepare(sql)
        defer { stmt.finalize() }
        var out: [T] = []
        while try stmt.step() { out.append(row(stmt)) }
        return out
    }
}
