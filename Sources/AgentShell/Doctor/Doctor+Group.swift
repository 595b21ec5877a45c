// SPDX-License-Identifier: GPL-3.0-or-later
import Posix
import Snapshot

extension Doctor {
    /// What doctor sees of a folder: its mode, its owner, whether this user may make files in it.
    struct FolderAccess: Equatable, Sendable {
        /// Permission bits (`0o755`).
        var permissions: UInt32
        /// The owner's uid.
        var owner: UInt32
        /// Whether this user may make and remove entries in it (`Folder.isWritable`).
        var writable: Bool
        /// Why nitnem writes nothing in it (`Folder.checkTrusted`: another user could change it); nil
        /// when it is trusted.
        var untrusted: String? = nil
    }

    /// What is at the group's path.
    enum GroupFolder: Equatable, Sendable {
        /// A folder.
        case folder(FolderAccess)
        /// Something that is not a folder (a file, a device).
        case notAFolder
        /// Nothing yet: `ancestor` is the nearest folder up the path that exists (where the agent's
        /// `mkdir` would start), with its access; `access` is nil when that is not a folder (a file
        /// on the way, so the group can never be made).
        case missing(ancestor: String, access: FolderAccess?)
    }

    /// The group folder: whether it is there, private and writable, or can be made; and what to do
    /// when not (`groupFinding`).
    func groupFolder() -> Finding {
        Self.groupFinding(group.path, Self.look(at: group.path), user: user, userName: userName)
    }

    /// What is at `path`, and when nothing is, at the nearest part of the path that exists.
    static func look(at path: String) -> GroupFolder {
        func access(_ path: String, _ status: FileStatus) -> FolderAccess {
            var untrusted: String?
            do throws(FileError) {
                try Folder.checkTrusted(path)
            } catch {
                untrusted = error.problem
            }
            return FolderAccess(
                permissions: status.permissions, owner: status.owner, writable: Folder.isWritable(path),
                untrusted: untrusted)
        }
        if let status = FileStatus.lookup(path) {
            return status.kind == .folder ? .folder(access(path, status)) : .notAFolder
        }
        var ancestor = path
        while ancestor != "/", ancestor != "." {
            ancestor = Path.folder(of: ancestor)
            if let status = FileStatus.lookup(ancestor) {
                return .missing(ancestor: ancestor, access: status.kind == .folder ? access(ancestor, status) : nil)
            }
        }
        return .missing(ancestor: ancestor, access: nil)
    }

    /// The finding for the group folder at `path`, seen as `seen` by `user` (`userName` names the
    /// owners). A `chmod` is suggested only to its owner (or root), who can run it; anyone else is
    /// told who owns it, to ask them for access or to choose another folder.
    static func groupFinding(
        _ path: String, _ seen: GroupFolder, user: UInt32, userName: (UInt32) -> String?
    ) -> Finding {
        let another = "choose another folder with --group"
        func owner(_ uid: UInt32) -> (name: String, ask: String) {
            guard let name = userName(uid) else { return ("uid \(uid)", "its owner") }
            return (name, name)
        }
        func mode(_ access: FolderAccess) -> String { String(access.permissions, radix: 8) }
        func mayChmod(_ access: FolderAccess) -> Bool { access.owner == user || user == 0 }
        switch seen {
        case .notAFolder:
            return Finding(.fail, .groupNotAFolder, "\(path) is not a folder")
        case .missing(let ancestor, nil):
            return Finding(
                .fail, .groupCannotBeCreated, "\(path) cannot be created: \(ancestor) is not a folder",
                remedy: .init(another, .semicolon))
        case .missing(let ancestor, let access?):
            if access.writable {
                return Finding(
                    .warn, .groupMissing,
                    "\(path) does not exist yet (the agent creates it; status uses the embedded registry)")
            }
            if mayChmod(access) {
                return Finding(
                    .fail, .groupCannotBeCreated,
                    "\(path) cannot be created: \(ancestor) (mode \(mode(access))) is not writable by this user",
                    remedy: .init("run chmod u+wx on \(ancestor), or \(another)", .semicolon))
            }
            let who = owner(access.owner)
            return Finding(
                .fail, .groupCannotBeCreated,
                "\(path) cannot be created: \(ancestor) (mode \(mode(access)), owned by \(who.name)) is not writable by this user",
                remedy: .init("ask \(who.ask) for write access, or \(another)", .semicolon))
        case .folder(let access):
            if let why = access.untrusted {
                return Finding(.fail, .groupShared, "\(path) \(why)")
            }
            let shared = access.permissions & 0o077 != 0
            if mayChmod(access) {
                if !access.writable {
                    return Finding(
                        .fail, .groupNotWritable, "\(path) (mode \(mode(access))) is not writable by this user",
                        remedy: .init("run chmod 700 on it", .semicolon))
                }
                return Finding(
                    shared ? .warn : .ok, shared ? .groupShared : .group, "\(path) (mode \(mode(access)))",
                    remedy: shared ? .init("run chmod 700 on it", .semicolon) : nil)
            }
            let who = owner(access.owner)
            if !access.writable {
                return Finding(
                    .fail, .groupNotWritable,
                    "\(path) (mode \(mode(access)), owned by \(who.name)) is not writable by this user",
                    remedy: .init("ask \(who.ask) for write access, or \(another)", .semicolon))
            }
            return Finding(
                shared ? .warn : .ok, shared ? .groupShared : .group,
                "\(path) (mode \(mode(access)), owned by \(who.name))" + (shared ? " is open to other users" : ""),
                remedy: shared ? .init("only \(who.ask) can chmod 700 it: ask them, or \(another)", .semicolon) : nil)
        }
    }
}
