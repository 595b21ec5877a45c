// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLinux

/// inotify event bits (`IN_*`), both what to watch for and what an event reports.
package struct InotifyMask: FlagSet {
    /// The `IN_*` bits.
    package let rawValue: UInt32

    /// A mask of raw `IN_*` bits.
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `IN_MODIFY`: a file was written (fires per write; prefer `closeWrite`).
    package static let modify = InotifyMask(IN_MODIFY)
    /// `IN_ATTRIB`: metadata (permissions, timestamps, link count) changed.
    package static let attrib = InotifyMask(IN_ATTRIB)
    /// `IN_CLOSE_WRITE`: a file opened for writing was closed.
    package static let closeWrite = InotifyMask(IN_CLOSE_WRITE)
    /// `IN_MOVED_FROM`: a file was renamed out of the watched folder (pairs with `movedTo` by cookie).
    package static let movedFrom = InotifyMask(IN_MOVED_FROM)
    /// `IN_MOVED_TO`: a file was renamed into the watched folder (how atomic writes land).
    package static let movedTo = InotifyMask(IN_MOVED_TO)
    /// `IN_CREATE`: a file or folder was created in the watched folder.
    package static let create = InotifyMask(IN_CREATE)
    /// `IN_DELETE`: a file or folder was deleted from the watched folder.
    package static let delete = InotifyMask(IN_DELETE)
    /// `IN_DELETE_SELF`: the watched file or folder itself was deleted.
    package static let deleteSelf = InotifyMask(IN_DELETE_SELF)
    /// `IN_MOVE_SELF`: the watched file or folder itself was moved.
    package static let moveSelf = InotifyMask(IN_MOVE_SELF)
    /// `IN_UNMOUNT` (reported only): the file system holding the watch was unmounted.
    package static let unmount = InotifyMask(IN_UNMOUNT)
    /// `IN_Q_OVERFLOW` (reported only, `wd` -1): events were lost; rescan everything.
    package static let qOverflow = InotifyMask(IN_Q_OVERFLOW)
    /// `IN_IGNORED` (reported only): the watch is gone (removed, or its file deleted or unmounted).
    package static let ignored = InotifyMask(IN_IGNORED)
    /// `IN_ONLYDIR` (watch option): fail with ENOTDIR unless the path is a folder.
    package static let onlyDirectory = InotifyMask(IN_ONLYDIR)
    /// `IN_DONT_FOLLOW` (watch option): watch a symlink itself, not its target.
    package static let dontFollow = InotifyMask(IN_DONT_FOLLOW)
    /// `IN_ISDIR` (reported only): the event's subject is a folder.
    package static let isDir = InotifyMask(IN_ISDIR)

    /// Each flag's name, for `description`.
    package static let names: KeyValuePairs<InotifyMask, String> = [
        .modify: "modify", .attrib: "attrib", .closeWrite: "closeWrite", .movedFrom: "movedFrom",
        .movedTo: "movedTo", .create: "create", .delete: "delete", .deleteSelf: "deleteSelf",
        .moveSelf: "moveSelf", .unmount: "unmount", .qOverflow: "qOverflow", .ignored: "ignored",
        .onlyDirectory: "onlyDirectory", .dontFollow: "dontFollow", .isDir: "isDir",
    ]
}
