/// A problem with an App-Group file, named by its path and, where known, the JSON path in it.
public struct SnapshotError: Error, Equatable, CustomStringConvertible {
    /// The file at fault.
    public let path: String
    /// Where in the file (`$.banis.japji.lastSeq`), when the problem is inside it.
    public let jsonPath: String?
    /// What is wrong, in words a user can act on.
    public let problem: String

    /// An error about `path`.
    public init(path: String, jsonPath: String? = nil, problem: String) {
        self.path = path
        self.jsonPath = jsonPath
        self.problem = problem
    }

    /// One line: `<path>: <json path>: <problem>`.
    public var description: String {
        [path, jsonPath, problem].compactMap { $0 }.joined(separator: ": ")
    }
}
