// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// What the core is gathering before it reads a file again: file events seen and not read yet,
/// and the confirmations that hold back a read that looks like a loss (a vanished file, an empty
/// config) until the folder has settled.
struct Gathering: Sendable {
    typealias Wait = AgentCore.Wait

    /// The group files (snapshot and progress).
    enum Files: Equatable, Sendable {
        /// Nothing seen since the last read.
        case idle
        /// Events seen: read once nothing happened for `Wait`.
        case pending(Wait)
        /// A good file vanished after a good read (a writer's unlink and recreate?): the folder
        /// settles and the files are read again before "nothing read" is believed. `pending`: the
        /// events still gathering (nil: the read was asked); `readAfterSettling`: the last read
        /// asked came after a whole settle time of quiet (only then is the loss believed).
        case confirmingVanish(pending: Wait?, readAfterSettling: Bool)

        var pending: Wait? {
            switch self {
            case .idle: nil
            case .pending(let wait): wait
            case .confirmingVanish(let wait, _): wait
            }
        }
    }

    /// The config file.
    enum Config: Equatable, Sendable {
        /// Nothing seen since the last read.
        case idle
        /// Events seen: read once nothing happened for `Wait`.
        case pending(Wait)
        /// Read as empty once: an in-place save may be caught between its truncate and its write,
        /// so it is read again once the folder settled before the defaults are believed.
        case confirmingEmpty(pending: Wait?)

        var pending: Wait? {
            switch self {
            case .idle: nil
            case .pending(let wait): wait
            case .confirmingEmpty(let wait): wait
            }
        }
    }

    /// How long a burst of file events that may leave a file half-written is gathered (a create, a
    /// move away) before the files are read: 5 ms.
    var debounceMilliseconds: Int32 = 5
    /// How long the folder must stay quiet before a vanished file or an empty config is believed:
    /// 250 ms.
    var settleMilliseconds: Int32 = 250

    private(set) var files: Files = .idle
    private(set) var config: Config = .idle
    /// When the timeline and reminders were last evaluated in full.
    var evaluatedAt: Date?

    /// The shell gathers events this long before it reports `.settled`: the longer of the group
    /// files' and the config's waits (nil: it is not gathering).
    var waiting: Wait? {
        switch (files.pending, config.pending) {
        case (nil, let w), (let w, nil): w
        case (.quiet(let a), .quiet(let b)): .quiet(milliseconds: max(a, b))
        case (.quiet(let a), .drain), (.drain, .quiet(let a)): .quiet(milliseconds: a)
        case (.drain, .drain): .drain
        }
    }

    /// A group file event: `whole` when it left the file complete (the last event decides: a
    /// rename into place after a create is whole).
    mutating func filesTouched(whole: Bool) {
        setFiles(
            pending: holdingForCopy
                ? .quiet(milliseconds: settleMilliseconds) : whole ? .drain : .quiet(milliseconds: debounceMilliseconds)
        )
    }

    /// A conflict copy came: the files are read (and the copy merged) only after a settle time of
    /// quiet, even when a whole file follows. A sync engine finishes its own steps after the rename
    /// that brings a copy: Syncthing 1.19 renames its new version over the main file and then sets
    /// that file's time; a merge written in between was stamped with the other machine's time and
    /// never sent (the sync attack, 2026-12-04).
    mutating func copyArrived() {
        holdingForCopy = true
        setFiles(pending: .quiet(milliseconds: settleMilliseconds))
    }

    /// A conflict copy came since the last read was asked.
    private var holdingForCopy = false

    /// Events were lost: the files are read after a debounce, unless a read is already gathering.
    mutating func eventsLost() {
        if files.pending == nil { setFiles(pending: .quiet(milliseconds: debounceMilliseconds)) }
    }

    /// The folder or the timeline was removed: gathered like a file change, so whatever else is
    /// being removed is seen first.
    mutating func folderChanged() {
        setFiles(pending: .quiet(milliseconds: holdingForCopy ? settleMilliseconds : debounceMilliseconds))
    }

    /// A config file event: `whole` when it was written or renamed into place.
    mutating func configTouched(whole: Bool) {
        let wait: Wait = whole ? .drain : .quiet(milliseconds: settleMilliseconds)
        switch config {
        case .idle, .pending: config = .pending(wait)
        case .confirmingEmpty: config = .confirmingEmpty(pending: wait)
        }
    }

    /// Nothing happened for as long as asked: the reads to ask for now (config first).
    mutating func settled() -> [AgentCore.Action] {
        var reads: [AgentCore.Action] = []
        if config.pending != nil { reads.append(.readConfig) }
        if files.pending != nil { reads.append(.readFiles) }
        holdingForCopy = false
        switch files {
        case .idle, .pending: files = .idle
        case .confirmingVanish(let wait, _):
            files = .confirmingVanish(pending: nil, readAfterSettling: wait == .quiet(milliseconds: settleMilliseconds))
        }
        switch config {
        case .idle, .pending: config = .idle
        case .confirmingEmpty: config = .confirmingEmpty(pending: nil)
        }
        return reads
    }

    /// Files were read that lack a file the last good read had: whether to believe it now (it was
    /// read after a whole quiet settle time of a confirmation); if not, the confirmation starts
    /// (or starts again).
    mutating func believeVanish() -> Bool {
        if case .confirmingVanish(_, true) = files {
            endVanish()
            return true
        }
        let after: Bool
        if case .confirmingVanish(_, let readAfterSettling) = files { after = readAfterSettling } else { after = false }
        files = .confirmingVanish(pending: .quiet(milliseconds: settleMilliseconds), readAfterSettling: after)
        return false
    }

    /// A read that is no loss (or an error): any vanish confirmation ends.
    mutating func endVanish() {
        if case .confirmingVanish(let wait, _) = files { files = wait.map(Files.pending) ?? .idle }
    }

    /// The config read as empty: whether to believe it now (it was empty once already, read again
    /// after the folder settled); if not, it is read again once it has.
    mutating func believeEmptyConfig() -> Bool {
        if case .confirmingEmpty = config {
            endEmptyConfig()
            return true
        }
        config = .confirmingEmpty(pending: .quiet(milliseconds: settleMilliseconds))
        return false
    }

    /// A config read that is not empty: any empty-config confirmation ends.
    mutating func endEmptyConfig() {
        if case .confirmingEmpty(let wait) = config { config = wait.map(Config.pending) ?? .idle }
    }

    private mutating func setFiles(pending wait: Wait) {
        switch files {
        case .idle, .pending: files = .pending(wait)
        case .confirmingVanish(_, let after): files = .confirmingVanish(pending: wait, readAfterSettling: after)
        }
    }
}
