// SPDX-License-Identifier: GPL-3.0-or-later
internal import CSQLite
import NitnemClockKit
import Posix
import Snapshot

/// Builds the App-Group snapshot from a SQLite corpus database (`nitnem snapshot export`).
///
/// Reads the bani registry (`banis`, `bani_lines`, `lines`, `extra_lines`, and the optional
/// `bani_sets` and `meta`) with one aggregate query, guards it the way the seeds'
/// `guard_banis.py` does, and returns the snapshot; writing it is the caller's job, so a failure
/// here never touches the old snapshot.
package struct SnapshotExporter: Sendable {
    /// The database path as given; recorded in the snapshot's provenance.
    package let databasePath: String
    /// How long to wait for a writer holding the database (`sqlite3_busy_timeout`).
    package let busyTimeoutMilliseconds: Int32

    /// The variants the registry may use (the API allowlist of the seeds).
    package static let variantAllowlist: [String] = ["", "sgpc", "taksal", "kirtan", "printed"]

    /// The embedded catalog's sets, used when the database has no `bani_sets` table.
    // Kept here, in the one place that needs the fallback, until the embedded default registry
    // carries the sets; the two must agree.
    /// The embedded default registry's sets (whose ids are keys), used when the DB has no `bani_sets`.
    static var catalogSets: [(name: String, keys: [String])] {
        NitnemSnapshot.setNames.compactMap { name in EmbeddedRegistry.snapshot.sets[name].map { (name, $0) } }
    }

    /// An exporter of the database at `databasePath`.
    package init(databasePath: String, busyTimeoutMilliseconds: Int32 = 2000) {
        self.databasePath = databasePath
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
    }

    /// Reads the database and returns its snapshot, stamped `generatedAt` = `now` on `calendar`'s
    /// wall clock.
    ///
    /// A database without a `banis` table (an older corpus) is not an error: the snapshot has
    /// `banisAvailable` false, no banis and no sets.
    /// - Throws: `GroupFileError` naming the database: a missing, empty, truncated or non-SQLite
    ///   file, a corrupt or locked database, an incomplete registry, or guard violations (every
    ///   offending row, one per line).
    package func snapshot(now: Date, calendar: NitnemCalendar) throws(GroupFileError) -> NitnemSnapshot {
        let provenance = try inspectFile()
        let db: Database
        do {
            db = try Database(readOnly: databasePath, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        } catch {
            throw failure(error)
        }
        defer { db.close() }
        do {
            return try read(db, now: now, calendar: calendar, provenance: provenance)
        } catch let error as SQLiteError {
            throw failure(error)
        } catch let error as GroupFileError {
            throw error
        } catch {
            throw GroupFileError(path: databasePath, problem: "\(error)")
        }
    }

    // MARK: - The file

    /// Checks the file before SQLite opens it (SQLite would say less, or treat an empty file as an
    /// empty database) and returns its provenance.
    func inspectFile() throws(GroupFileError) -> NitnemSnapshot.Provenance {
        let info: FileStatus
        do {
            info = try FileStatus.of(databasePath)
        } catch  where error.isNotFound {
            throw GroupFileError(.unreadable, path: databasePath, problem: "no such file")
        } catch {
            throw GroupFileError(.unreadable, path: databasePath, problem: "cannot read: \(error.reason)", cause: error)
        }
        if info.kind == .folder {
            throw GroupFileError(.unreadable, path: databasePath, problem: "is a folder, not a database file")
        }
        let size = info.size
        if size == 0 { throw GroupFileError(path: databasePath, problem: "is empty, not a SQLite database") }
        if let header = SQLiteHeader(SQLiteHeader.bytes(of: databasePath)),
            let truncation = header.truncation(fileSize: size)
        {
            throw GroupFileError(path: databasePath, problem: truncation)
        }
        let modified = Date(timeIntervalSince1970: TimeInterval(info.modifiedSeconds))
        return NitnemSnapshot.Provenance(
            databasePath: databasePath, databaseSize: size,
            databaseModifiedAt: RFC3339.format(modified, in: Self.utc))
    }

    static let utc = NitnemCalendar(zone: .utc)

    /// The one line a user reads for a failed SQLite call.
    func failure(_ error: SQLiteError) -> GroupFileError {
        if error.call == "dlopen" {
            return GroupFileError(path: databasePath, problem: "cannot be read without SQLite: \(error.message)")
        }
        let problem: String
        switch error.primary {
        case SQLITE_NOTADB: problem = "is not a SQLite database"
        case SQLITE_CORRUPT: problem = "the database is corrupt"
        case SQLITE_BUSY, SQLITE_LOCKED:
            problem = "the database is locked by another process (gave up after \(busyTimeoutMilliseconds) ms)"
        case SQLITE_CANTOPEN: problem = "cannot open the database"
        case SQLITE_IOERR: problem = "cannot read the database"
        case SQLITE_PERM, SQLITE_AUTH: problem = "not allowed to read the database"
        default: problem = "cannot read the bani registry (\(error.call))"
        }
        return GroupFileError(path: databasePath, problem: "\(problem) (\(error))")
    }

    // MARK: - The registry

    /// One row of `banis` with its aggregates over `bani_lines`.
    struct BaniRow {
        var rowid: Int
        var key: String
        var variant: String
        var isDefault: Bool
        var titleEn: String
        var titleGurmukhi: String?
        var nLines: Int
        var minSeq: Int?
        var maxSeq: Int?
        var firstAng: Int?
        var sggs: Int
        var dasam: Int
        var ardaas: Int
        var badPointers: Int
        var dangling: Int

        /// `key/variant`, or `key` for the empty variant: how a message names the row.
        var label: String { variant.isEmpty ? key : "\(key)/\(variant)" }
        /// The snapshot id: `key` for the default, else `key/variant`.
        var id: String { isDefault ? key : label }
        /// Whether seq runs 1..n.
        var seqIsDense: Bool { nLines == 0 || (minSeq == 1 && maxSeq == nLines) }

        var source: String {
            if nLines > 0, sggs == nLines { return "sggs" }
            if nLines > 0, dasam == nLines { return "dasam" }
            if nLines > 0, ardaas == nLines { return "ardaas" }
            return "mixed"
        }
    }

    // One pass over bani_lines, grouped by bani: everything the snapshot and the guard's fast path
    // need. The guard lists offending rows with further queries only when a count says so.
    // bench/export/run.sh times this same text through the sqlite3 CLI; keep the two alike.
    static let aggregateSQL = """
        SELECT b.id, b.key, b.variant, b.is_default, b.title_en, b.title_gurmukhi,
          count(bl.bani_id), min(bl.seq), max(bl.seq), min(l.ang), count(l.id),
          count(CASE WHEN e.source = 'dasam' THEN 1 END), count(CASE WHEN e.source = 'ardaas' THEN 1 END),
          count(CASE WHEN bl.bani_id IS NOT NULL AND (bl.line_id IS NULL) = (bl.extra_line_id IS NULL) THEN 1 END),
          count(bl.line_id) - count(l.id) + count(bl.extra_line_id) - count(e.id)
        FROM banis b
          LEFT JOIN bani_lines bl ON bl.bani_id = b.id
          LEFT JOIN lines l ON l.id = bl.line_id
          LEFT JOIN extra_lines e ON e.id = bl.extra_line_id
        GROUP BY b.id ORDER BY b.id
        """

    func read(_ db: Database, now: Date, calendar: NitnemCalendar, provenance: NitnemSnapshot.Provenance)
        throws -> NitnemSnapshot
    {
        // The aggregate revisits index and table pages bani by bani; with SQLite's default 2 MB
        // page cache a large registry is read from the OS page cache several times over. Up to
        // 64 MiB of cache (only what is touched is allocated) makes it one read.
        _ = try db.rows("PRAGMA cache_size = -65536") { _ in () }
        let tables = Set(try db.rows("SELECT name FROM sqlite_master WHERE type = 'table'") { $0.text(0) })
        let generatedAt = RFC3339.format(now, in: calendar)
        guard tables.contains("banis") else {
            return NitnemSnapshot(
                generatedAt: generatedAt, banisAvailable: false, banis: [], sets: [:], provenance: provenance)
        }
        let missing = ["bani_lines", "lines", "extra_lines"].filter { !tables.contains($0) }
        if !missing.isEmpty {
            throw GroupFileError(
                path: databasePath,
                problem:
                    "has a banis table but no \(missing.joined(separator: ", ")) table: not a complete bani registry")
        }
        let rows = try db.rows(Self.aggregateSQL) { s in
            BaniRow(
                rowid: s.int(0), key: s.text(1), variant: s.text(2), isDefault: s.int(3) != 0, titleEn: s.text(4),
                titleGurmukhi: s.optionalText(5), nLines: s.int(6), minSeq: s.optionalInt(7),
                maxSeq: s.optionalInt(8), firstAng: s.optionalInt(9), sggs: s.int(10), dasam: s.int(11),
                ardaas: s.int(12), badPointers: s.int(13), dangling: s.int(14))
        }
        let totalLines = try db.rows("SELECT count(*) FROM bani_lines") { $0.int(0) }.first ?? 0
        let reviewed =
            tables.contains("meta")
            ? try db.rows("SELECT value FROM meta WHERE key = 'extra_text_reviewed'") { $0.optionalText(0) }
                .first == "true"
            : false
        let setRows: [(name: String, position: Int, key: String)]? =
            tables.contains("bani_sets")
            ? try db.rows("SELECT set_name, position, bani_key FROM bani_sets ORDER BY set_name, position") {
                ($0.text(0), $0.int(1), $0.text(2))
            } : nil

        var violations = Self.check(rows)
        violations += try detail(db, rows: rows, orphans: totalLines != rows.reduce(0) { $0 + $1.nLines })
        let keys = Set(rows.map { $0.key })
        for set in setRows ?? [] where !keys.contains(set.key) {
            violations.append(
                RegistryViolation(
                    row: "bani_sets \(set.name) position \(set.position)",
                    problem: "bani_key '\(Printable.bounded(set.key))' is not a key in banis"))
        }
        if !violations.isEmpty {
            let count = violations.count == 1 ? "1 row breaks" : "\(violations.count) rows break"
            throw GroupFileError(
                path: databasePath,
                problem: "the bani registry fails its guard, \(count) a rule:\n"
                    + violations.map { "  " + $0.description }.joined(separator: "\n"))
        }

        let banis = rows.map { row in
            NitnemSnapshot.Bani(
                id: row.id, key: row.key, variant: row.variant, isDefault: row.isDefault, titleEn: row.titleEn,
                titleGurmukhi: row.titleGurmukhi, source: row.source, nLines: row.nLines, firstAng: row.firstAng,
                underReview: row.sggs < row.nLines && !reviewed)
        }
        var sets: [String: [String]] = [:]
        // An absent or empty `bani_sets` means the DB defines no sets: the catalog's apply.
        if let setRows, !setRows.isEmpty {
            // A set member names a key; its id is the key's default variant, whose id is the key.
            for set in setRows where NitnemSnapshot.setNames.contains(set.name) {
                sets[set.name, default: []].append(set.key)
            }
        } else {
            for (name, members) in Self.catalogSets {
                let present = members.filter { keys.contains($0) }
                if !present.isEmpty { sets[name] = present }
            }
        }
        return NitnemSnapshot(
            generatedAt: generatedAt, banisAvailable: true, banis: banis, sets: sets, provenance: provenance)
    }
}
