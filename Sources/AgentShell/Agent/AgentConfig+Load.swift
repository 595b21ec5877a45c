// SPDX-License-Identifier: GPL-3.0-or-later
import Posix
import Scheduler

extension AgentConfig {
    /// Reads the config file at `path`; the defaults when it does not exist, unless it is `required`
    /// (named by `--config FILE`: a file asked for and not there is a mistake, not the defaults).
    /// - Throws: `ConfigError` naming the file (and line) for anything unreadable or wrong, `.missing`
    ///   for a required file that does not exist.
    package static func load(path: String, required: Bool = false) throws(ConfigError) -> AgentConfig {
        guard let reading = try read(path: path, required: required) else { return AgentConfig() }
        if let problem = reading.problems.first { throw problem }
        return reading.config
    }

    /// Reads the config file at `path` line by line, keeping every good line (`ConfigReading`: the
    /// settings, the line that set each key, every bad line); nil when it does not exist and is not
    /// `required`.
    /// - Throws: `ConfigError` only for the file as a whole: unreadable, not UTF-8 text, or `.missing`
    ///   when `required`.
    package static func read(path: String, required: Bool = false) throws(ConfigError) -> ConfigReading? {
        let bytes: [UInt8]?
        do {
            bytes = try FileReader.read(path, limit: 64 << 10)
        } catch {
            throw ConfigError(.unreadable, path: path, line: nil, problem: error.problem)
        }
        guard let bytes else {
            if required { throw ConfigError(.missing, path: path, line: nil, problem: "does not exist") }
            return nil
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError(.notText, path: path, line: nil, problem: "is not UTF-8 text")
        }
        return ConfigReading(parsing: text, path: path)
    }
}
