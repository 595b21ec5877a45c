import Posix
import Scheduler

extension AgentConfig {
    /// Reads the config file at `path`; the defaults when it does not exist.
    /// - Throws: `ConfigError` naming the file (and line) for anything unreadable or wrong.
    public static func load(path: String) throws(ConfigError) -> AgentConfig {
        let bytes: [UInt8]?
        do {
            bytes = try FileReader.read(path, limit: 64 << 10)
        } catch {
            throw ConfigError(.unreadable, path: path, line: nil, problem: error.problem)
        }
        guard let bytes else { return AgentConfig() }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError(.notText, path: path, line: nil, problem: "is not UTF-8 text")
        }
        return try parse(text, path: path)
    }
}
