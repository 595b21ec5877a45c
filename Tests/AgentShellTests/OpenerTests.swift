import Foundation
import NitnemClockKit
import Notify
import Posix
import Scheduler
import Snapshot
import TestSupport
import Testing

@testable import AgentShell

@Suite struct OpenerTests {
    private func scratch() throws -> URL {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("nitnem-opener-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func passesTheLinkAsOneArgumentWithoutAShell() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // `touch` creates a file named exactly by its one argument: every character a shell
        // would act on (spaces, quotes, `;`, `$( )`, backticks, `&`, `|`, globs) must arrive
        // untouched, and no second file may appear.
        let name = "sggs:bani jap ji 'q' \"dq\"; touch PWNED $(touch PWNED2) `x` & | *.txt"
        let opener = Opener(program: "touch")
        let pid = try opener.open(dir.appendingPathComponent(name).path)
        #expect(try opener.wait(for: pid) == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(files == [name])
        #expect(opener.running.isEmpty)
    }

    @Test func missingProgramIsAClearError() {
        let opener = Opener(program: "nitnem-no-such-opener")
        #expect(
            throws: Opener.OpenError(
                code: .notFound,
                description: "open: program 'nitnem-no-such-opener' not found (config keys `open`, `reader`; PATH)")
        ) {
            try opener.open("sggs://bani/japji")
        }
        #expect(opener.running.isEmpty)
    }

    @Test func refusesALinkThatLooksLikeAnOption() {
        let opener = Opener(program: "/bin/true")
        #expect(
            throws: Opener.OpenError(
                code: .optionLikeLink, description: "open: refusing a link that starts with '-': --help")
        ) {
            try opener.open("--help")
        }
        #expect(opener.running.isEmpty)
    }

    @Test func reapsFinishedChildrenWithoutBlocking() throws {
        let opener = Opener(program: "/bin/true")
        let pid = try opener.open("sggs://bani/japji")
        #expect(opener.running == [pid])
        var finished: [Int32: Int32] = [:]
        for _ in 0..<500 where finished.isEmpty {
            finished = opener.reap()
            if finished.isEmpty { usleep(10_000) }
        }
        #expect(finished == [pid: 0])
        #expect(opener.running.isEmpty)
        // Reaped means gone: the kernel no longer knows the pid as our child.
        #expect(waitpid(pid, nil, WNOHANG) == -1)
    }

    @Test func reportsTheExitCode() throws {
        let opener = Opener(program: "/bin/false")
        let pid = try opener.open("sggs://nitnem")
        #expect(try opener.wait(for: pid) == 1)
    }
}
