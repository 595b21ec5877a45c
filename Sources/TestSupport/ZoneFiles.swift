// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit

/// The system's zone files, read by the test (the product's pure code never reads files).
package enum ZoneFiles {
    package static let folder = "/usr/share/zoneinfo"

    package static func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    /// The zone `id` from its TZif file.
    package static func zone(_ id: String) throws -> Zone {
        let path = folder + "/" + id
        guard let bytes = bytes(path) else { throw ZoneFileError(path: path, problem: "is missing") }
        return try Zone(identifier: id, tzif: bytes, path: path)
    }

    /// A reader for `SystemTimeZone.Sources`, as the shell has (nil for nothing there).
    package static let read: SystemTimeZone.ReadFile = { path in
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .success(nil) }
        if isFolder.boolValue { return .failure(ZoneFileError(path: path, problem: "is a folder")) }
        return .success(bytes(path))
    }

    /// Every zone of zone1970.tab, and the link names of tzdata.zi (the `backward` links).
    package static let allNames: [String] = {
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

    /// A Nitnem calendar whose zone `id` is read from its TZif file (the shell reads it the same way;
    /// Foundation's `TimeZone` is only ever the oracle).
    package static func calendar(_ id: String) -> NitnemCalendar {
        do {
            return NitnemCalendar(zone: try zone(id))
        } catch {
            fatalError("zone \(id): \(error)")
        }
    }
}
