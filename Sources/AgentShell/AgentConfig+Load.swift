import Posix
import Scheduler

extension AgentConfig {
    /// Reads the config file at `path`; the defaults when it does not exist, unless it is `required`
    /// (named by `--config FILE`: a file asked for and not there is a mistake, not the defaults).
    /// - Throws: `ConfigError` naming the file (and line) for anything unreadable or wrong, `.missing`
    ///   for a required file that does not exist.
    public static func load(path: String, required: Bool = false) throws(ConfigError) -> AgentConfig {
        let bytes: [UInt8]?
        do {
            bytes = try FileReader.read(path, limit: 64 << 10)
        } catch {
            throw ConfigError(.unreadable, path: path, line: nil, problem: error.problem)
        }
        guard let bytes else {
            if required { throw ConfigError(.missing, path: path, line: nil, problem: "does not exist") }
            return AgentConfig()
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError(.notText, path: path, line: nil, problem: "is not UTF-8 text")
        }
        return try parse(text, path: path)
    }
}
