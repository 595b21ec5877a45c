// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import Testing

/// A hostile value is never echoed whole, and a list of many problems says the first few and how
/// many more: what nitnem says is bounded whatever the input, and it says it at once.
@Suite struct BoundedMessageTests {
    static let env = ["TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T13:00"]

    /// Runs `arguments` in `environment`; the result and how long it took, in seconds.
    static func timed(_ arguments: [String], _ environment: [String: String]) throws -> (NitnemBinary.Result, Double) {
        let clock = ContinuousClock()
        let start = clock.now
        let r = try NitnemBinary.run(arguments, environment: environment)
        let took = start.duration(to: clock.now).components
        return (r, Double(took.seconds) + Double(took.attoseconds) / 1e18)
    }

    /// A 10 KB `TZ`: one line under 400 bytes, naming the variable and the length; exit 2.
    @Test(arguments: [
        String(repeating: "A", count: 10_240),
        "EST5EDT,M3.2.0/2,M11.1.0/2" + String(repeating: "\u{1B}", count: 10_214),
    ])
    func aHugeTZIsOneShortLine(_ tz: String) throws {
        let group = try TempGroup(copying: nil)
        defer { group.remove() }
        let r = try NitnemBinary.run(
            ["status", "--group", group.path], environment: ["TZ": tz, "SGGS_CLOCK_NOW": "2026-11-29T13:00"])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.utf8.count < 400, "\(r.stderr.utf8.count) bytes")
        #expect(r.stderr.hasPrefix("nitnem: TZ: '"), "\(r.stderr)")
        #expect(r.stderr.contains("… (10240 characters)' is not a known time zone"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
    }

    /// A 10 KB `SGGS_APP_GROUP`: a path no file system takes, named in one line cut at a kilobyte
    /// (with its length: the file in the group, 10,026 characters or so).
    @Test func aHugeGroupPathIsCut() throws {
        let group = "/tmp/" + String(repeating: "a", count: 10_000)
        for arguments in [["status"], ["mark", "japji"]] {
            let r = try NitnemBinary.run(arguments, environment: Self.env.merging(["SGGS_APP_GROUP": group]) { $1 })
            #expect(r.status == 2, "\(arguments): \(r.stderr)")
            #expect(r.stderr.utf8.count < 1200, "\(arguments): \(r.stderr.utf8.count) bytes")
            #expect(r.stderr.contains("… (100") && r.stderr.contains(" characters): "), "\(arguments): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1)
        }
    }

    /// 20,000 names that name no bani: the first few, `and 19990 more`, the ids to use; exit 2, nothing
    /// written, well under a second (it took more than a minute when each name was compared with
    /// every bani's names worked out again).
    @Test func twentyThousandUnknownNamesAreBoundedAndFast() throws {
        let group = try TempGroup(copying: StatusCommandTests.demo)
        defer { group.remove() }
        let before = try Data(contentsOf: URL(fileURLWithPath: group.path + "/nitnem-progress.json"))
        let names = (0..<20_000).map { "bad\($0)" }
        let (r, seconds) = try Self.timed(["mark"] + names + ["--group", group.path], Self.env)
        #expect(r.status == 2)
        #expect(r.stderr.utf8.count < 4096, "\(r.stderr.utf8.count) bytes")
        #expect(r.stderr.hasPrefix("nitnem: unknown bani 'bad0'; unknown bani 'bad1'; "), "\(r.stderr)")
        #expect(r.stderr.contains("; and 19990 more names that name no bani (or several); use an id"), "\(r.stderr)")
        #expect(seconds < 5, "took \(seconds) s")
        #expect(try Data(contentsOf: URL(fileURLWithPath: group.path + "/nitnem-progress.json")) == before)
        // One 10 KB name is cut too.
        let long = try NitnemBinary.run(
            ["mark", String(repeating: "x", count: 10_240), "--group", group.path], environment: Self.env)
        #expect(long.status == 2)
        #expect(long.stderr.utf8.count < 1024 && long.stderr.contains("… (10240 characters)'"), "\(long.stderr)")
    }

    /// A My Nitnem file listing 20,000 unknown ids: ten warnings and one `… and 19990 more unknown
    /// ids in FILE`, at once; the known banis still count.
    @Test func twentyThousandUnknownIDsAreTenWarningsAndACount() throws {
        let group = try TempGroup(copying: StatusCommandTests.demo)
        defer { group.remove() }
        let ids = (0..<20_000).map { "\"bad\($0)\"" }.joined(separator: ",")
        let path = group.path + "/nitnem-mynitnem.json"
        try Support.write(#"{"schema":1,"sets":{"morning":["japji",\#(ids)]}}"#, to: path)
        for arguments in [["status"], ["sets"], ["status", "--format", "json"]] {
            let (r, seconds) = try Self.timed(arguments + ["--group", group.path], Self.env)
            #expect(r.status == 0, "\(arguments): \(r.stderr)")
            #expect(r.stderr.utf8.count < 4096, "\(arguments): \(r.stderr.utf8.count) bytes")
            #expect(seconds < 5, "\(arguments): took \(seconds) s")
            let warnings: [String]
            if arguments.contains("json") {
                let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
                warnings = try #require(object?["warnings"] as? [String])
            } else {
                warnings = r.stderr.split(separator: "\n").map { String($0.dropFirst("nitnem: warning: ".count)) }
            }
            #expect(warnings.count == 11, "\(arguments): \(warnings)")
            #expect(warnings.prefix(10).allSatisfy { $0.contains("unknown bani id 'bad") }, "\(arguments)")
            #expect(warnings.last == "… and 19990 more unknown ids in \(path)", "\(arguments)")
        }
    }

    /// A config file of 20,000 bad lines: `status` warns of ten and counts the rest; `config` says ten
    /// and how many in all (exit 1).
    @Test func twentyThousandBadConfigLinesAreTenAndACount() throws {
        let group = try TempGroup(copying: StatusCommandTests.demo)
        defer { group.remove() }
        let config = group.path + "/../config"
        // 40 KB: the config may be 64 KB at most.
        try Support.write(String(repeating: "x\n", count: 20_000), to: config)
        let (status, seconds) = try Self.timed(["status", "--group", group.path, "--config", config], Self.env)
        #expect(status.status == 0, "\(status.stderr)")
        #expect(seconds < 5, "took \(seconds) s")
        let warnings = status.stderr.split(separator: "\n")
        #expect(warnings.count == 11, "\(warnings.count) lines")
        #expect(warnings.last?.hasSuffix("warning: … and 19990 more bad lines in \(config)") == true, "\(warnings)")
        let shown = try NitnemBinary.run(["config", "--config", config], environment: Self.env)
        #expect(shown.status == 1)
        let lines = shown.stderr.split(separator: "\n")
        #expect(lines.count == 11 && lines.last == "nitnem: 20000 bad lines in \(config)", "\(lines.suffix(2))")
    }
}
