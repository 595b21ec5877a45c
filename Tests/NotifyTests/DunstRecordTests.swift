// SPDX-License-Identifier: GPL-3.0-or-later
import TestSupport
import Testing

@Suite struct DunstRecordTests {
    // Shaped like dunst 1.9's `-print` output (two records, the first with an action and
    // a body spanning lines, the second cut off mid-record as if still being written).
    static let sample = """
        {
        \tappname: 'nitnem'
        \tsummary: 'Evening · Rehras Sahib'
        \tbody: '5 of 7 today
        resume at line 12'
        \tdesktop_entry: 'nitnem'
        \tcategory: x-nitnem.reminder
        \turgency: NORMAL
        \tid: 2
        \tactions: {
        \t\t"read": "Read now"
        \t}
        \tscript_count: 0
        }
        {
        \tappname: 'other'
        \tsummary: 'x'
        """

    @Test func parsesCompleteRecordsOnly() throws {
        let records = DunstRecord.parseAll(Self.sample)
        #expect(records.count == 1)
        let record = try #require(records.first)
        #expect(record.appname == "nitnem")
        #expect(record.summary == "Evening · Rehras Sahib")
        #expect(record.body == "5 of 7 today\nresume at line 12")
        #expect(record.desktopEntry == "nitnem")
        #expect(record.category == "x-nitnem.reminder")
        #expect(record.urgency == "NORMAL")
        #expect(record.id == 2)
        #expect(record.actions == ["read": "Read now"])
    }

    @Test func emptyActionsAndEmptyValues() throws {
        let text = "{\n\tappname: 'a'\n\tbody: ''\n\tcategory: \n\tactions: {}\n}\n"
        let record = try #require(DunstRecord.parseAll(text).first)
        #expect(record.body == "")
        #expect(record.category == "")
        #expect(record.actions.isEmpty)
    }
}
