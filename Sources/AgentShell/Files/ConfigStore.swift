// SPDX-License-Identifier: GPL-3.0-or-later
import Posix
import Scheduler

/// Writes the config file for `nitnem config set|unset`: read, change (`ConfigEdit`), replace
/// atomically, never losing an edit saved meanwhile.
package enum ConfigStore {
    /// Why the file was not written.
    package enum Failure: Error, CustomStringConvertible {
        /// The file as it is cannot be read or is not text (its error names it): nothing written.
        case unreadable(ConfigError)
        /// The file is not a config at all (`ConfigReading.notConfigLine`, the first line that is not
        /// blank, a comment or `key = value`): nothing written.
        case notConfig(ConfigError)
        /// The new file could not be put in place (the old one is untouched).
        case unwritten(FileError)

        package var description: String {
            switch self {
            case .unreadable(let error): error.description
            case .notConfig(let error): "\(error.description); not a nitnem config, nothing written"
            case .unwritten(let error): error.description
            }
        }
    }

    /// What `edit` did.
    package struct Outcome: Sendable {
        /// The change, on the text the file held when it was replaced.
        package let edited: ConfigEdit.Edited
        /// The file as written (or as it is, when nothing changed).
        package let reading: ConfigReading
    }

    /// Applies `change` to the text of the config file at `path` (empty when it does not exist) and
    /// replaces the file with the result: a temp file beside it, then a swap that notices a version
    /// saved since it was read (an editor's), to which the change is applied again. The file keeps
    /// its permissions (a new one is 0600, as `config --init` writes it); nothing is written when
    /// the text does not change, nor into a file that is not a config (`Failure.notConfig`: a
    /// `~/.bashrc` named by `--config` gets no line appended).
    package static func edit(
        path: String, _ change: (String) -> ConfigEdit.Edited
    ) throws(Failure) -> Outcome {
        // `base`: the version the change applies to; `expected`: what the file holds meanwhile.
        var base = try read(path)
        var expected = base
        let mode = FileStatus.lookup(path)?.permissions ?? 0o600
        while true {
            let edited = change(base.map { String(decoding: $0, as: UTF8.self) } ?? "")
            let bytes = Array(edited.text.utf8)
            let reading = ConfigReading(parsing: edited.text, path: path)
            if !edited.changed, base == expected { return Outcome(edited: edited, reading: reading) }
            let replacement: AtomicFile.Replacement
            do {
                replacement = try AtomicFile.replace(
                    bytes, at: path, expecting: expected, mode: mode, links: .followToOwnFile)
            } catch {
                throw .unwritten(error)
            }
            guard case .raced(let landed, let now) = replacement else {
                return Outcome(edited: edited, reading: reading)
            }
            // Another version was saved after the read (an editor's): apply the change to it.
            if let landed, let refusal = refusal(landed, path: path) {
                // Not ours to change: put it back as it landed.
                _ = try? AtomicFile.replace(landed, at: path, expecting: now, mode: mode, links: .followToOwnFile)
                throw refusal
            }
            base = landed
            expected = now
        }
    }

    /// The file's bytes; nil when it does not exist.
    /// - Throws: `.unreadable` for a file that exists and cannot be read or is not UTF-8 text.
    static func read(_ path: String) throws(Failure) -> [UInt8]? {
        let bytes: [UInt8]?
        do {
            bytes = try FileReader.read(path, limit: 64 << 10)
        } catch {
            throw .unreadable(ConfigError(.unreadable, path: path, line: nil, problem: error.problem))
        }
        if let bytes, let refusal = refusal(bytes, path: path) { throw refusal }
        return bytes
    }

    /// Why `bytes`, the file at `path`, are not a config to change: not UTF-8 text, or a line that is
    /// no config line (`ConfigReading.notConfigLine`); nil for a config (bad values and unknown keys
    /// included).
    static func refusal(_ bytes: [UInt8], path: String) -> Failure? {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .unreadable(ConfigError(.notText, path: path, line: nil, problem: "is not UTF-8 text"))
        }
        return ConfigReading(parsing: text, path: path).notConfigLine.map(Failure.notConfig)
    }
}
