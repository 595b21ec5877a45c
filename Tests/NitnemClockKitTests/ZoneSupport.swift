import Foundation
import NitnemClockKit

/// The system's zone files, read by the test (the product's pure code never reads files).
enum ZoneFiles {
    static let folder = "/usr/share/zoneinfo"

    static func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    /// The zone `id` from its TZif file.
    static func zone(_ id: String) throws -> Zone {
        let path = folder + "/" + id
        guard let bytes = bytes(path) else { throw ZoneFileError(path: path, problem: "is missing") }
        return try Zone(identifier: id, tzif: bytes, path: path)
    }

    /// A reader for `SystemTimeZone.Sources`, as the shell has (nil for nothing there).
    static let read: SystemTimeZone.ReadFile = { path in
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .success(nil) }
        if isFolder.boolValue { return .failure(ZoneFileError(path: path, problem: "is a folder")) }
        return .success(bytes(path))
    }

    /// Every zone of zone1970.tab, and the link names of tzdata.zi (the `backward` links).
    static let allNames: [String] = {
        var names: [String] = []
        if let text = try? String(contentsOfFile: folder + "/zone1970.tab", encoding: .utf8) {
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let fields = line.split(separator: "\t")
                if fields.count >= 3 { names.append(String(fields[2])) }
            }
        }
        if let text = try? String(contentsOfFile: folder + "/tzdata.zi", encoding: .utf8) {
            for line in text.split(separator: "\n") where line.hasPrefix("L ") {
                let fields = line.split(separator: " ")
                if fields.count == 3 { names.append(String(fields[2])) }
            }
        } else if let text = try? String(contentsOfFile: folder + "/backward", encoding: .utf8) {
            for line in text.split(separator: "\n") where line.hasPrefix("Link") {
                let fields = line.split(whereSeparator: { $0 == "\t" || $0 == " " })
                if fields.count >= 3 { names.append(String(fields[2])) }
            }
        }
        return Array(Set(names)).sorted()
    }()
}

/// A Nitnem calendar whose zone is read from the system's TZif file (not Foundation's).
func tzifCalendar(_ id: String) -> NitnemCalendar { NitnemCalendar(zone: try! ZoneFiles.zone(id)) }

/// A small deterministic generator (SplitMix64), so every run tests the same cases.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
