import Posix
import Snapshot

extension Doctor {
    /// The group folder: there and private (no access for the group or others), or not yet made.
    func groupFolder() -> Finding {
        guard let status = (try? FileStatus.of(group.path)) ?? nil else {
            return Finding(
                .warn, .group,
                "\(group.path) does not exist yet (the agent creates it; status uses the embedded registry)")
        }
        guard status.kind == .folder else { return Finding(.fail, .group, "\(group.path) is not a folder") }
        let shared = status.permissions & 0o077 != 0
        return Finding(
            shared ? .warn : .ok, .group, "\(group.path) (mode \(String(status.permissions, radix: 8)))",
            remedy: shared ? .init("run chmod 700 on it", .semicolon) : nil)
    }
}
