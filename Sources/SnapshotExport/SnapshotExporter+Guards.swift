// SPDX-License-Identifier: GPL-3.0-or-later
internal import CSQLite
import NitnemClockKit
import Posix
import Snapshot

/// The registry's guards, as the seeds' `guard_banis.py` has them: what the aggregate rows decide
/// alone, and the detail queries that name each violation.
extension SnapshotExporter {
    /// The rules the aggregate rows alone decide: allowlisted variants, one default per key,
    /// no empty bani.
    static func check(_ rows: [BaniRow]) -> [RegistryViolation] {
        var violations: [RegistryViolation] = []
        var defaults: [String: Int] = [:]
        for row in rows { defaults[row.key, default: 0] += row.isDefault ? 1 : 0 }
        let allowed = variantAllowlist.map { "'\($0)'" }.joined(separator: ", ")
        for row in rows {
            if !variantAllowlist.contains(row.variant) {
                violations.append(
                    RegistryViolation(
                        row: row.label, problem: "variant '\(Printable.bounded(row.variant))' is not one of \(allowed)")
                )
            }
            switch defaults[row.key] ?? 0 {
            case 0:
                violations.append(
                    RegistryViolation(
                        row: row.label, problem: "key '\(Printable.bounded(row.key))' has no default variant"))
            case 1: break
            case let n where row.isDefault:
                violations.append(
                    RegistryViolation(
                        row: row.label, problem: "key '\(Printable.bounded(row.key))' has \(n) default variants"))
            default: break
            }
            if row.nLines == 0 {
                violations.append(RegistryViolation(row: row.label, problem: "has no lines in bani_lines"))
            }
        }
        return violations
    }

    /// Lists every row behind a failed count: seq gaps, bad or dangling pointers, and rows of
    /// bani ids that are not in `banis`. Runs no query when every count is clean.
    func detail(_ db: Database, rows: [BaniRow], orphans: Bool) throws -> [RegistryViolation] {
        var violations: [RegistryViolation] = []
        let labels = Dictionary(rows.map { ($0.rowid, $0.label) }, uniquingKeysWith: { a, _ in a })
        let gapped = rows.filter { !$0.seqIsDense }.map { String($0.rowid) }
        if !gapped.isEmpty {
            let sql = """
                SELECT bani_id, seq, prev FROM (
                  SELECT bani_id, seq, lag(seq) OVER (PARTITION BY bani_id ORDER BY seq) AS prev
                  FROM bani_lines WHERE bani_id IN (\(gapped.joined(separator: ","))))
                WHERE prev IS NULL AND seq != 1 OR seq != prev + 1
                ORDER BY bani_id, seq
                """
            violations += try db.rows(sql) { s in
                let (bani, seq, prev) = (s.int(0), s.int(1), s.optionalInt(2))
                let problem: String
                if let prev {
                    problem =
                        seq == prev
                        ? "seq \(seq) appears twice" : "follows seq \(prev): \(Self.span(prev + 1, seq - 1)) missing"
                } else if seq > 1 {
                    problem = "is the first seq: \(Self.span(1, seq - 1)) missing"
                } else {
                    problem = "seq must run 1..n"
                }
                return RegistryViolation(row: "\(labels[bani] ?? "bani_id \(bani)") seq \(seq)", problem: problem)
            }
        }
        let pointing = rows.filter { $0.badPointers > 0 || $0.dangling > 0 }.map { String($0.rowid) }
        if !pointing.isEmpty {
            let sql = """
                SELECT bl.bani_id, bl.seq, bl.line_id, bl.extra_line_id, l.id IS NOT NULL, e.id IS NOT NULL
                FROM bani_lines bl
                  LEFT JOIN lines l ON l.id = bl.line_id
                  LEFT JOIN extra_lines e ON e.id = bl.extra_line_id
                WHERE bl.bani_id IN (\(pointing.joined(separator: ",")))
                  AND ((bl.line_id IS NULL) = (bl.extra_line_id IS NULL)
                    OR (bl.line_id IS NOT NULL AND l.id IS NULL)
                    OR (bl.extra_line_id IS NOT NULL AND e.id IS NULL))
                ORDER BY bl.bani_id, bl.seq
                """
            violations += try db.rows(sql) { s in
                let (bani, seq, line, extra) = (s.int(0), s.int(1), s.optionalInt(2), s.optionalInt(3))
                var problems: [String] = []
                switch (line, extra) {
                case (nil, nil): problems.append("has neither line_id nor extra_line_id")
                case (let l?, let e?): problems.append("has both line_id \(l) and extra_line_id \(e)")
                default: break
                }
                if let line, s.int(4) == 0 { problems.append("line_id \(line) is not in lines") }
                if let extra, s.int(5) == 0 { problems.append("extra_line_id \(extra) is not in extra_lines") }
                return RegistryViolation(
                    row: "\(labels[bani] ?? "bani_id \(bani)") seq \(seq)", problem: problems.joined(separator: "; "))
            }
        }
        if orphans {
            let sql = """
                SELECT bani_id, seq FROM bani_lines WHERE bani_id NOT IN (SELECT id FROM banis)
                ORDER BY bani_id, seq
                """
            violations += try db.rows(sql) { s in
                RegistryViolation(
                    row: "bani_id \(s.int(0)) seq \(s.int(1))", problem: "bani_id \(s.int(0)) is not in banis")
            }
        }
        return violations
    }

    /// `seq 5` or `seq 5–7`.
    static func span(_ first: Int, _ last: Int) -> String {
        first == last ? "seq \(first)" : "seq \(first)–\(last)"
    }
}
