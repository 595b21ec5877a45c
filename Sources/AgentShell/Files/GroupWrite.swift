// SPDX-License-Identifier: GPL-3.0-or-later
import Posix
import Snapshot

/// The last step of every write of a synced group file (progress, your sets, a merge): the new bytes
/// put in place with `AtomicFile.replace`, which sees a version a sync engine renamed over the file
/// between our read and our replace (the engine does not take our lock). The change is then made
/// again from that version, so neither is lost.
enum GroupWrite {
    /// How many versions may land during one write before it gives up (each is a whole remote change).
    static let attempts = 8

    /// Puts what `make` makes of the file's bytes in place, `read` being the bytes the caller read
    /// (nil: no file); `make` is called again with any version that landed meanwhile (nil: the file
    /// was removed), and returns the bytes to write and what the caller wants back, or nil when that
    /// version needs no change (it is then put back as it was).
    /// - Returns: what the last `make` returned (nil when the last version needed no change).
    static func replace<T>(
        _ path: String, read: [UInt8]?, first: (bytes: [UInt8], value: T),
        make: ([UInt8]?) throws(GroupFileError) -> (bytes: [UInt8], value: T)?
    ) throws(GroupFileError) -> T? {
        var next: (bytes: [UInt8], value: T)? = first
        var bytes = first.bytes
        var expected = read
        for _ in 0..<attempts {
            let outcome: AtomicFile.Replacement
            do {
                outcome = try AtomicFile.replace(bytes, at: path, expecting: expected, links: .followToOwnFile)
            } catch {
                throw GroupFileError(error, writing: true)
            }
            guard case .raced(let landed, let now) = outcome else { return next?.value }
            next = try make(landed)
            guard let made = next?.bytes ?? landed else { return nil }  // removed, and nothing to write
            bytes = made
            expected = now
        }
        throw GroupFileError(
            .notWritten, path: path,
            problem: "changed \(attempts) times while it was being written (a sync engine?); try again")
    }
}
