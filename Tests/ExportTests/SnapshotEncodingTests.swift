// SPDX-License-Identifier: GPL-3.0-or-later
import Snapshot
import SnapshotExport
import Testing

/// The exact JSON shape of `nitnem-snapshot.json` (the reader decodes this shape).
@Suite struct SnapshotEncodingTests {
    @Test func fullSnapshot() {
        let snapshot = NitnemSnapshot(
            generatedAt: "2026-11-29T22:00:00+05:30",
            banis: [
                .init(
                    id: "rehras/taksal", key: "rehras", variant: "taksal", isDefault: false, titleEn: "Rehras Sahib",
                    titleGurmukhi: "ਰਹਰਾਸਿ ਸਾਹਿਬ", source: "mixed", nLines: 468, firstAng: 8, underReview: true),
                .init(id: "ardaas", key: "ardaas", titleEn: "Ardaas", titleGurmukhi: nil, source: "ardaas", nLines: 30),
            ],
            // Out of order, with a name outside the contract: written in contract order, unknown dropped.
            sets: ["popular": ["ardaas"], "custom": ["x"], "morning": ["rehras/taksal"]],
            preferences: .init(rehrasVariant: "taksal"),
            provenance: .init(
                databasePath: "corpus.sqlite", databaseSize: 4096, databaseModifiedAt: "2026-03-04T05:06:07+00:00")
        )
        #expect(
            snapshot.json.compact
                == #"{"schema":1,"generatedAt":"2026-11-29T22:00:00+05:30","banisAvailable":true,"banis":["#
                + #"{"id":"rehras/taksal","key":"rehras","variant":"taksal","isDefault":false,"titleEn":"Rehras Sahib","#
                + #""titleGurmukhi":"ਰਹਰਾਸਿ ਸਾਹਿਬ","source":"mixed","nLines":468,"firstAng":8,"underReview":true},"#
                + #"{"id":"ardaas","key":"ardaas","variant":"","isDefault":true,"titleEn":"Ardaas","titleGurmukhi":null,"#
                + #""source":"ardaas","nLines":30,"firstAng":null,"underReview":false}],"#
                + #""sets":{"morning":["rehras/taksal"],"popular":["ardaas"]},"#
                + #""preferences":{"rehrasVariant":"taksal"},"#
                + #""provenance":{"databasePath":"corpus.sqlite","databaseSize":4096,"#
                + #""databaseModifiedAt":"2026-03-04T05:06:07+00:00"}}"#)
    }

    @Test func nilMembersAreOmitted() {
        let snapshot = NitnemSnapshot(banisAvailable: false, banis: [], sets: [:])
        #expect(snapshot.json.compact == #"{"schema":1,"banisAvailable":false,"banis":[],"sets":{},"preferences":{}}"#)
    }

    @Test func prettyEndsWithANewline() {
        let text = NitnemSnapshot(banis: [], sets: ["night": []]).json.pretty
        #expect(text.hasPrefix("{\n  \"schema\": 1,\n"))
        #expect(text.hasSuffix("\n}\n"))
        #expect(text.contains("\"night\": []"))
    }
}
