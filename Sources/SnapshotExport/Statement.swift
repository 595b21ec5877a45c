// SPDX-License-Identifier: GPL-3.0-or-later
internal import CSQLite

/// A compiled SQL statement of a `Database`, stepped row by row; columns are read by index.
///
/// - Important: Holds its database, so the connection outlives it; `finalize()` (or `deinit`)
///   releases it (`sqlite3_finalize`).
final class Statement {
    private var handle: OpaquePointer?
    private let database: Database

    init(_ handle: OpaquePointer, database: Database) {
        self.handle = handle
        self.database = database
    }

    deinit { finalize() }

    /// Releases the statement (`sqlite3_finalize`).
    func finalize() {
        guard let stmt = handle else { return }
        handle = nil
        nitnem_sqlite3_finalize(stmt)
    }

    /// Advances to the next row (`sqlite3_step`): true for a row, false when done.
    func step() throws(SQLiteError) -> Bool {
        let rc = nitnem_sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(code: rc, call: "sqlite3_step")
        }
    }

    /// Binds `value` to parameter `index` (1-based; `sqlite3_bind_text`, copied).
    func bind(_ value: String, at index: Int32) throws(SQLiteError) {
        let rc = nitnem_sqlite3_bind_text(handle, index, value, -1, nitnem_sqlite_transient())
        guard rc == SQLITE_OK else { throw database.error(code: rc, call: "sqlite3_bind_text") }
    }

    /// Whether column `index` (0-based) is NULL (`sqlite3_column_type`).
    func isNull(_ index: Int32) -> Bool { nitnem_sqlite3_column_type(handle, index) == SQLITE_NULL }

    /// Column `index` as an integer (`sqlite3_column_int64`; NULL reads 0).
    func int(_ index: Int32) -> Int { Int(nitnem_sqlite3_column_int64(handle, index)) }

    /// Column `index` as an integer, `nil` for NULL.
    func optionalInt(_ index: Int32) -> Int? { isNull(index) ? nil : int(index) }

    /// Column `index` as UTF-8 text (`sqlite3_column_text`; NULL reads "").
    func text(_ index: Int32) -> String { optionalText(index) ?? "" }

    /// Column `index` as UTF-8 text, `nil` for NULL.
    func optionalText(_ index: Int32) -> String? {
        guard let bytes = nitnem_sqlite3_column_text(handle, index) else { return nil }
        let count = Int(nitnem_sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}
