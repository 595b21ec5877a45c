// SPDX-License-Identifier: GPL-3.0-or-later
import Posix
import Snapshot

/// What the agent and `status --follow` watch with one inotify instance: the App Group folder
/// (created 0700 when missing, watched again when it is removed) and the zone link's folder.
final class GroupWatch {
    /// What one inotify event means.
    enum Change: Equatable {
        /// The snapshot, progress or My Nitnem file changed, or a conflict copy of one came; `whole` unless it may still be being written
        /// (a create or a move away, after which more events follow).
        case file(whole: Bool)
        /// A sync engine's conflict copy of one came or changed.
        case copy
        /// The group folder was removed or moved away; it has been created and watched again.
        case groupRecreated
        /// The zone link (`/etc/localtime`) changed.
        case zone
        /// Events were lost (the queue overflowed): read everything again.
        case overflow
        /// Nothing this watch cares about (another file in the group, another watch).
        case other
    }

    let inotify: Inotify
    let group: AppGroup
    let zoneName: String
    private(set) var groupWatch: WatchDescriptor?
    let zoneWatch: WatchDescriptor?

    /// Watches `group` (creating it) and the folder of `localtimePath`.
    init(_ inotify: Inotify, group: AppGroup, localtimePath: String) {
        self.inotify = inotify
        self.group = group
        zoneName = Path.name(of: localtimePath)
        zoneWatch = try? inotify.addWatch(
            Path.folder(of: localtimePath),
            mask: [.create, .movedTo, .delete, .closeWrite, .attrib])
        groupWatch = try? watchGroup()
    }

    /// Creates the group folder when missing (0700) and watches it.
    /// - Throws: why the folder cannot be made or watched.
    @discardableResult
    func watchGroup() throws(GroupWatchError) -> WatchDescriptor {
        if let old = groupWatch { try? inotify.removeWatch(old) }
        do {
            try AtomicFile.createFolder(group.path)
        } catch {
            throw .folder(error)
        }
        let watch: WatchDescriptor
        do {
            watch = try inotify.addWatch(
                group.path, mask: [.closeWrite, .movedTo, .movedFrom, .create, .delete, .deleteSelf, .moveSelf])
        } catch {
            throw .watch(error)
        }
        groupWatch = watch
        return watch
    }

    /// What `event` means (re-watching a removed group folder on the way).
    func classify(_ event: InotifyEvent) -> Change {
        if event.mask.contains(.qOverflow) { return .overflow }
        if event.watch == zoneWatch { return event.name == zoneName ? .zone : .other }
        guard event.watch == groupWatch else { return .other }
        if !event.mask.isDisjoint(with: [.ignored, .deleteSelf, .moveSelf]) {
            _ = try? watchGroup()
            return .groupRecreated
        }
        guard let name = event.name else { return .other }
        // A sync engine's conflict copy arriving is read (and merged first) once the engine is done.
        if ConflictCopy(name: name) != nil {
            return event.mask.isDisjoint(with: [.delete, .movedFrom]) ? .copy : .other
        }
        guard name == AppGroup.snapshotName || name == AppGroup.progressName || name == AppGroup.mynitnemName else {
            return .other
        }
        // A create, a move away or a delete may be followed by more (a writer's unlink and recreate):
        // not whole. A rename into place or a closed write is.
        return .file(whole: event.mask.isDisjoint(with: [.create, .movedFrom, .delete]))
    }
}

/// Why the group folder could not be made or watched.
enum GroupWatchError: Error {
    case folder(FileError)
    case watch(SystemError)
}
