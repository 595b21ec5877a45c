// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import TestSupport
import Testing

/// Reminders through a real desktop: a private D-Bus, Xvfb and `dunst -print`, and the real binary.
@Suite(.serialized) struct ReminderDesktopTests {
    /// A temp home with a copy of the demo group, and the environment to run the agent in.
    final class Sandbox {
        let root: String
        let group: String
        let log: String
        var environment: [String: String]

        init(session: DesktopSession, now: String, rate: String, config: String? = nil) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("nitnem-rem-\(UUID().uuidString)").path
            group = root + "/group"
            log = root + "/agent.log"
            try Support.makeFolder(root + "/run")
            try FileManager.default.copyItem(
                atPath: NitnemBinary.packageRoot.appendingPathComponent("fixtures/groups/demo").path, toPath: group)
            if let config {
                try FileManager.default.createDirectory(
                    atPath: root + "/config/nitnem", withIntermediateDirectories: true)
                try config.write(toFile: root + "/config/nitnem/config", atomically: true, encoding: .utf8)
            }
            environment = session.environment.merging(
                [
                    "HOME": root, "TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": now, "SGGS_CLOCK_RATE": rate,
                    "XDG_RUNTIME_DIR": root + "/run", "XDG_STATE_HOME": root + "/state",
                    "XDG_CONFIG_HOME": root + "/config", "PATH": "/usr/bin:/bin",
                ], uniquingKeysWith: { $1 })
        }

        func startAgent() throws -> ChildProcess {
            let out = open(log, O_WRONLY | O_CREAT | O_APPEND, 0o600)
            defer { close(out) }
            // The log stands in for the journal (as under systemd): lines carry `<N>` priorities.
            var environment = environment
            environment["JOURNAL_STREAM"] = NitnemProcess.journalStream(of: log)
            return try ChildProcess(
                NitnemBinary.path, ["run", "--group", group], environment: environment, stdout: out, stderr: out)
        }

        var logText: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        var ledger: String {
            (try? String(contentsOfFile: root + "/state/nitnem/reminders.json", encoding: .utf8)) ?? ""
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    /// A desktop session and an agent started in a `Sandbox` of it; the test ends them with
    /// `defer { agent.terminate(); session.stop() }`.
    static func startedAgent(now: String, rate: String, config: String? = nil) throws -> (
        session: DesktopSession, box: Sandbox, agent: ChildProcess
    ) {
        let session = try DesktopSession()
        do {
            let box = try Sandbox(session: session, now: now, rate: rate, config: config)
            return (session, box, try box.startAgent())
        } catch {
            session.stop()
            throw error
        }
    }

    @Test func eveningReminderArrivesOnceLeavesWithACleanStopAndComesBackOnceAfterARestart() throws {
        let (session, box, agent) = try Self.startedAgent(now: "2026-11-29T17:59:58", rate: "1")
        defer { session.stop() }
        let record = try #require(session.waitForNotification(timeout: .seconds(10)), "\(box.logText)")
        #expect(record.appname == "nitnem")
        #expect(record.summary == "Evening · Rehras Sahib")
        #expect(record.body == "2 of 7 today")
        #expect(record.category == "x-nitnem.reminder")
        #expect(record.desktopEntry == "nitnem")
        #expect(record.actions.values.contains("Read now") || record.actions.keys.contains("read"))
        // A clean stop (systemctl restart sends SIGTERM) takes it off the screen: no dead buttons.
        agent.terminate()
        #expect(agent.wait() == 0)
        #expect(box.ledger.contains("\"outcome\": \"fired\""))
        #expect(box.ledger.contains("\"withdrawn\": true"), "\(box.ledger)")
        #expect(box.logText.contains("<6>reminder shown: Evening · Rehras Sahib"))
        #expect(ReminderActionTests.wait { (try? session.count(.displayed)) == 0 }, "nothing left on screen")
        // A restart in the same band brings the same reminder back once, with working buttons.
        box.environment["SGGS_CLOCK_NOW"] = "2026-11-29T18:20:00"
        let again = try box.startAgent()
        defer { again.terminate() }
        let back = try #require(session.waitForNotification(timeout: .seconds(10)), "\(box.logText)")
        #expect(back.summary == "Evening · Rehras Sahib")
        // On screen before the agent has heard back from the server and logged it.
        #expect(
            ReminderActionTests.wait {
                box.logText.contains("<6>reminder shown: Evening · Rehras Sahib (shown again after a restart)")
            }, "\(box.logText)")
        #expect(try session.count(.displayed) == 1, "one on screen for one episode")
        _ = try session.press("mark")
        #expect(
            ReminderActionTests.waitForRead(#""rehras[^"]*"[^}]*2026-11-29"#, in: box),
            "Mark read records: \(ReminderActionTests.progress(box))\n\(box.logText)")
    }

    /// Read now, pressed as its button or as a click on the reminder (the spec's `default` action,
    /// config `click = read`, the default): the same reader, the same link.
    @Test(arguments: ["read", "default"]) func readNowOpensTheDeepLinkWithTheConfiguredProgram(_ press: String) throws {
        // The opener: a script that records its arguments, one per line (run with argv, no shell of ours).
        let scratch = Support.tempFolder()
        defer { Support.cleanup(scratch) }
        let opener = try Support.recordingScript(at: scratch + "/opener", to: scratch + "/opened")
        let (session, box, agent) = try Self.startedAgent(
            now: "2026-11-29T17:59:58", rate: "1", config: "open = \(opener) --new-tab\n")
        defer { agent.terminate(); session.stop() }
        let record = try #require(session.waitForNotification(timeout: .seconds(10)), "\(box.logText)")
        #expect(record.summary == "Evening · Rehras Sahib")
        // Press "Read now", or the click (dunst's context menu lists both): dunst sends ActionInvoked,
        // the agent runs the opener.
        _ = try session.press(press)
        let opened = Support.text(onceWritten: scratch + "/opened", settle: 0.1)
        // Through the reader (config `reader`, default SikhiToTheMax; the Taksal Rehras has no BaniDB id:
        // the reader's home), never `xdg-open sggs://…`, which no Linux program handles.
        #expect(opened == "--new-tab\nhttps://www.sikhitothemax.org/sundar-gutka\n", "\(box.logText)")
        #expect(
            ReminderActionTests.wait {
                box.logText.contains("<6>opened https://www.sikhitothemax.org/sundar-gutka with \(opener)")
            })
    }

    /// Config `listen`: the reminder offers Listen (after Read now), and pressing it in dunst runs
    /// the player for the reminder's bani, as argv, `~` in the home.
    @Test func listenPlaysTheRemindersBaniWithTheConfiguredPlayer() throws {
        let session = try DesktopSession()
        defer { session.stop() }
        let scratch = Support.tempFolder()
        defer { Support.cleanup(scratch) }
        let player = try Support.recordingScript(at: scratch + "/player", to: scratch + "/played")
        let box = try Sandbox(
            session: session, now: "2026-11-29T17:59:58", rate: "1",
            config: "listen = \(player) --no-video ~/Music/Nitnem/{key}.mp3\n")
        let monitor = try session.monitorNotifyCalls()
        defer { monitor.stop() }
        try Support.makeFolder(box.root + "/Music/Nitnem")
        _ = FileManager.default.createFile(atPath: box.root + "/Music/Nitnem/rehras.mp3", contents: Data())
        let agent = try box.startAgent()
        defer { agent.terminate() }
        let record = try #require(session.waitForNotification(timeout: .seconds(10)), "\(box.logText)")
        // Four offered, three buttons (GNOME draws three): Read now is the click on the reminder.
        #expect(record.actions == ["default": "Read now", "listen": "Listen", "mark": "Mark read", "later": "Later"])
        let calls = try #require(monitor.waitForNotifyCalls(1))
        #expect(
            calls[0].actionPairs.map(\.id) == ["default", "listen", "mark", "later"], "the click, then the buttons")
        try session.press("listen")
        #expect(
            ReminderActionTests.wait { FileManager.default.fileExists(atPath: scratch + "/played") }, "\(box.logText)")
        let played = Support.text(onceWritten: scratch + "/played", settle: 0.1)
        #expect(played == "--no-video\n\(box.root)/Music/Nitnem/rehras.mp3\n", "\(box.logText)")
        print("listen: the player got \(played.split(separator: "\n"))")
        #expect(try session.count(.displayed) == 1, "Listen leaves the reminder on screen")
    }

    /// Waits for `agent`'s reminder and for the ledger to name its server id (a kill before that
    /// leaves it `pending`), then kills the agent (`kill -9`); returns the id.
    static func killedAfterItsReminder(_ agent: ChildProcess, _ session: DesktopSession, _ box: Sandbox) throws -> Int {
        let first = try #require(session.waitForNotification(timeout: .seconds(10)), "\(box.logText)")
        let id = try #require(first.id)
        #expect(ReminderActionTests.wait { box.ledger.contains("\"notificationId\": \(id)") }, "\(box.ledger)")
        kill(agent.pid, SIGKILL)
        _ = agent.wait()
        return id
    }

    /// A `kill -9` leaves the reminder on screen, its buttons reaching nobody. The ledger names its
    /// server id; the restarted agent shows the same reminder in place of it (`replaces_id`): one on
    /// screen for the episode, never two, and its Mark read records. (A crash between record and
    /// show, `pending`, is never shown again: ReminderTakeOverTests.)
    @Test func killedAgentsReminderIsTakenOverInPlaceByTheRestartedAgent() throws {
        let session = try DesktopSession()
        defer { session.stop() }
        let box = try Sandbox(session: session, now: "2026-11-29T17:59:59", rate: "1")
        let monitor = try session.monitorNotifyCalls()
        defer { monitor.stop() }
        let id = try Self.killedAfterItsReminder(try box.startAgent(), session, box)
        #expect(try session.count(.displayed) == 1, "the dead reminder stays on screen")
        box.environment["SGGS_CLOCK_NOW"] = "2026-11-29T18:05:00"
        let again = try box.startAgent()
        defer { again.terminate() }
        let back = try #require(session.waitForNotification(timeout: .seconds(10)), "\(box.logText)")
        #expect(back.id == id && back.summary == "Evening · Rehras Sahib", "replaced in place: \(back)")
        // The agent logs the show once the server has answered: dunst may display it first.
        #expect(
            ReminderActionTests.wait {
                box.logText.contains("<6>reminder shown: Evening · Rehras Sahib (shown again after a restart)")
            }, "\(box.logText)")
        #expect(try session.count(.displayed) == 1, "one on screen for one episode")
        let calls = try #require(monitor.waitForNotifyCalls(2))
        #expect(calls.map(\.replacesID) == [0, id], "the new agent's Notify names the dead one's id")
        #expect(ReminderActionTests.wait { box.ledger.contains("\"restored\": true") }, "\(box.ledger)")
        #expect(box.ledger.contains("\"notificationId\": \(id)"))
        try session.press("mark", of: id)
        #expect(
            ReminderActionTests.waitForRead(#""rehras[^"]*"[^}]*2026-11-29"#, in: box),
            "Mark read records: \(ReminderActionTests.progress(box))\n\(box.logText)")
        // The band is complete now (Rehras was the band's one unread bani): the agent closes it.
        #expect(ReminderActionTests.wait { (try? session.count(.displayed)) == 0 }, "\(box.logText)")
        print("take-over: id \(id) → \(back.id ?? -1), \(session.printedNotifications().count) shows printed")
    }

    /// Killed, and restarted once the band's banis were read elsewhere: the dead reminder is closed,
    /// nothing is shown.
    @Test func killedAgentsReminderIsClosedWhenTheBandWasReadMeanwhile() throws {
        let (session, box, agent) = try Self.startedAgent(now: "2026-11-29T17:59:59", rate: "1")
        defer { session.stop() }
        _ = try Self.killedAfterItsReminder(agent, session, box)
        let mark = try NitnemBinary.run(["mark", "rehras/taksal", "--group", box.group], environment: box.environment)
        #expect(mark.status == 0, "\(mark.stderr)")
        box.environment["SGGS_CLOCK_NOW"] = "2026-11-29T18:05:00"
        let again = try box.startAgent()
        defer { again.terminate() }
        #expect(ReminderActionTests.wait { (try? session.count(.displayed)) == 0 }, "\(box.logText)")
        #expect(session.waitForNotification(timeout: .seconds(1)) == nil, "nothing shown again")
        #expect(
            ReminderActionTests.wait { box.logText.contains("(the one an earlier agent left on screen is closed)") },
            "\(box.logText)")
    }

    @Test func noServerIsLoggedAndRetriedUntilItComes() throws {
        let session = try DesktopSession()
        defer { session.stop() }
        session.stopServer()
        let box = try Sandbox(session: session, now: "2026-11-29T17:59:59", rate: "10")
        let agent = try box.startAgent()
        defer { agent.terminate() }
        // The slot passes with no server: one warning, the agent keeps running.
        let deadline = Foundation.Date().addingTimeInterval(10)
        while !box.logText.contains("<4>"), Foundation.Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(box.logText.contains("no notification server"), "\(box.logText)")
        #expect(agent.isRunning)
        try session.startServer()
        // The first retry is 30 s (virtual) later: 3 s here.
        let record = session.waitForNotification(timeout: .seconds(15))
        #expect(record?.summary == "Evening · Rehras Sahib", "\(box.logText)")
        #expect(box.logText.components(separatedBy: "no notification server").count - 1 == 1)
    }

    @Test func remindersTestShowsARealNotification() throws {
        let session = try DesktopSession()
        defer { session.stop() }
        // --no-wait: returns once it is shown, without waiting for a button.
        let started = ContinuousClock.now
        let r = try NitnemBinary.run(["reminders", "test", "--no-wait"], environment: session.environment, timeout: 20)
        #expect(!r.timedOut)
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("Sent a test notification"))
        #expect(!r.stdout.contains("Waiting"))
        let record = session.waitForNotification(timeout: .seconds(5))
        #expect(record?.summary == "Nitnem · test")
        #expect(record?.appname == "nitnem")
    }

    /// `reminders test` is the user's own reminder: with `listen` set and `click = mark`, the buttons
    /// Read now · Listen · Later, a click that marks, and the server's own account of it.
    @Test func remindersTestShowsTheReminderTheConfigMakes() throws {
        let session = try DesktopSession()
        defer { session.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("nitnem-test-\(UUID().uuidString)")
            .path
        try Support.makeFolder(home + "/.config/nitnem")
        defer { try? FileManager.default.removeItem(atPath: home) }
        try "listen = mpv {key}\nclick = mark\nsound = on\n".write(
            toFile: home + "/.config/nitnem/config", atomically: true, encoding: .utf8)
        var env = session.environment
        env["HOME"] = home
        env["XDG_CONFIG_HOME"] = home + "/.config"
        let r = try NitnemBinary.run(["reminders", "test", "--no-wait"], environment: env, timeout: 20)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Sent a test notification to dunst ") == true, "\(r.stdout)")
        #expect(lines.first?.hasSuffix("; no sound: this server plays none") == true, "\(r.stdout)")
        #expect(
            lines.dropFirst().first
                == "dunst shows no buttons: its context menu (dunstctl context) lists Read now · Listen · Later; a middle click: Mark read."
        )
        let record = try #require(session.waitForNotification(timeout: .seconds(5)))
        #expect(record.actions == ["default": "Mark read", "read": "Read now", "listen": "Listen", "later": "Later"])
    }
}
