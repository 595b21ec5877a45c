// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Scheduler
import Snapshot
import Testing

/// Config key `reader` (and `open` beside it): read into a `ReaderTemplate`, errors naming file:line.
@Suite struct ReaderConfigTests {
    @Test func defaultsToTheSundarGutkaWithXdgOpen() throws {
        let config = try AgentConfig.parse("", path: "/c")
        #expect(config.reader == .default)
        #expect(config.opener == ["xdg-open"])
        let launch = config.reader.resolve(.bani(key: "jaap", variant: nil), opener: config.opener)
        #expect(launch.argv == ["xdg-open", "https://www.sikhitothemax.org/sundar-gutka/4"])
    }

    @Test func readsATemplateAndKeepsOpen() throws {
        let config = try AgentConfig.parse(
            "open = firefox --new-tab\r\nreader = https://example.org/{key}?v={variant}  # mine\n", path: "/c")
        #expect(config.opener == ["firefox", "--new-tab"])
        #expect(config.reader.text == "https://example.org/{key}?v={variant}")
        let launch = config.reader.resolve(.bani(key: "rehras", variant: "taksal"), opener: config.opener)
        #expect(launch.argv == ["firefox", "--new-tab", "https://example.org/rehras?v=taksal"])
    }

    @Test func readsACommand() throws {
        let config = try AgentConfig.parse("reader = '/opt/my reader' --url {url}", path: "/c")
        let launch = config.reader.resolve(.nitnem, opener: config.opener)
        #expect(launch.argv == ["/opt/my reader", "--url", "https://www.sikhitothemax.org/sundar-gutka"])
        #expect(launch.via == .command)
    }

    @Test(arguments: [
        ("reader =", "/c:1: reader: the reader template is empty"),
        ("\nreader = gutka 'x", "/c:2: reader: the reader template has an unterminated ' quote"),
        ("# CRLF\r\n\r\nreader = gutka 'x\r\n", "/c:3: reader: the reader template has an unterminated ' quote"),
        ("reader = gutka {id}", "/c:1: reader: unknown placeholder {id} in the reader template"),
        ("reader = https://x.org/ {url}", "/c:1: reader: a web reader template cannot hold whitespace"),
    ])
    func badTemplatesNameFileAndLine(_ text: String, _ prefix: String) throws {
        let error = try #require(AgentConfig.error(parsing: text))
        #expect(error.code == .badValue && error.description.hasPrefix(prefix))
    }
}
