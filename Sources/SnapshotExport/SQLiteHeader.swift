// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Posix

/// The 100-byte header of a SQLite database file, read before SQLite opens it, so a truncated
/// copy is reported as truncated instead of as a puzzling error halfway through a query.
struct SQLiteHeader {
    /// `SQLite format 3\0`.
    static let magic = Array("SQLite format 3".utf8) + [0]

    /// Bytes per page.
    let pageSize: Int
    /// Pages the file holds by its own account, when the header's count is valid.
    let pageCount: Int?

    /// The header of `bytes` (the file's first 100 bytes or fewer); `nil` when they do not start
    /// with the SQLite magic string (SQLite itself then says what the file is not).
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= Self.magic.count, Array(bytes[0..<Self.magic.count]) == Self.magic else { return nil }
        guard bytes.count >= 100 else {
            pageSize = 0
            pageCount = nil
            return
        }
        func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let size = Int(bytes[16]) << 8 | Int(bytes[17])
        pageSize = size == 1 ? 65_536 : size
        // The in-header size is valid only when written by SQLite ≥ 3.7.0, which also stamps the
        // change counter (offset 24) into "version-valid-for" (offset 92).
        let count = u32(28)
        pageCount = count > 0 && u32(24) == u32(92) ? count : nil
    }

    /// Reads the header of the file at `path`: at most its first 100 bytes.
    static func bytes(of path: String) -> [UInt8] {
        FileReader.head(path, count: 100)
    }

    /// Why a file of `fileSize` bytes with this header is truncated, or `nil` when it is whole.
    func truncation(fileSize: Int) -> String? {
        if pageSize == 0 {
            return "is truncated: \(fileSize) bytes, shorter than the 100-byte SQLite header"
        }
        if let pageCount, fileSize < pageCount * pageSize {
            return
                "is truncated: its header says \(pageCount) pages of \(pageSize) bytes (\(pageCount * pageSize) bytes) but the file has \(fileSize) bytes"
        }
        return nil
    }
}
