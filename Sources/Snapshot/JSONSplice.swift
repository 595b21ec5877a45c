// SPDX-License-Identifier: GPL-3.0-or-later
/// Writes a changed JSON document over its original bytes, keeping every byte of what did not change.
///
/// - Important: A value equal to the original keeps its exact bytes (indentation, escapes, number
///   text). An object keeps the bytes of its surviving members' names, colons and separators; an array
///   those of its surviving elements. Only values that differ are written anew, and new members and
///   elements go at the end, formatted like their neighbours (see `Layout`). Members are matched by
///   name and elements by value, in order: the new value must keep the old order for this to hold,
///   as `ProgressWriter.patch` does.
enum JSONSplice {
    /// The bytes of `new` written over `bytes`, which parse to `old` laid out as `syntax`
    /// (`JSONParser.parseWithRanges(bytes)`).
    static func render(_ new: JSONValue, over bytes: [UInt8], old: JSONValue, syntax: JSONSyntax) -> [UInt8] {
        let splicer = Splicer(bytes: bytes, root: syntax)
        var out = Array(bytes[..<syntax.range.lowerBound])
        splicer.node(syntax, old, new, splicer.rootLayout, into: &out)
        out += bytes[syntax.range.upperBound...]
        return out
    }
}

/// How new text is formatted where it goes: taken from the surrounding container.
private struct Layout {
    /// The indentation of the line the value starts on.
    var indent: [UInt8]
    /// One level of indentation (`"  "`, `"    "`, a tab).
    var unit: [UInt8]
    /// Whether members sit on lines of their own.
    var multiline: Bool
    /// What goes between a member name and its value (`":"`, `": "`, `" : "`).
    var colon: [UInt8]
}

private struct Splicer {
    let bytes: [UInt8]
    /// The offsets of every `\n`, in order.
    let newlines: [Int]
    /// `\r\n` when the file uses it anywhere, else `\n`.
    let newline: [UInt8]
    /// What follows a comma on one line (`" "` or nothing), as the file does it.
    let inlineGap: [UInt8]
    /// Whether arrays of scalars sit on one line inside multi-line text, as the file does it.
    let inlineScalarArrays: Bool
    let rootLayout: Layout

    init(bytes: [UInt8], root: JSONSyntax) {
        self.bytes = bytes
        let newlines = bytes.indices.filter { bytes[$0] == 0x0A }
        self.newlines = newlines
        newline = zip(bytes, bytes.dropFirst()).contains { $0 == (0x0D, 0x0A) } ? [0x0D, 0x0A] : [0x0A]
        let multiline = bytes[root.range].contains(0x0A)
        var colon: [UInt8]?
        var gap: [UInt8]?
        var scalarArrays: Bool?
        var unit: [UInt8]?
        // The first example of each habit in document order decides it.
        func visit(_ node: JSONSyntax, _ b: [UInt8]) {
            switch node.kind {
            case .scalar: return
            case .array(let items):
                if scalarArrays == nil, let first = items.first,
                    items.allSatisfy({ if case .scalar = $0.kind { true } else { false } })
                {
                    scalarArrays = !b[node.range.lowerBound..<first.range.lowerBound].contains(0x0A)
                }
                for item in items.dropFirst() where gap == nil {
                    let between = Splicer.gapBefore(item.range.lowerBound, b)
                    if !between.contains(0x0A) { gap = between }
                }
                for item in items { visit(item, b) }
            case .object(let members):
                if let first = members.first {
                    let c = Array(b[first.keyRange.upperBound..<first.value.range.lowerBound])
                    if colon == nil, !c.contains(0x0A) { colon = c }
                    if unit == nil {
                        let outer = Splicer.lineIndent(node.range.lowerBound, b, newlines)
                        let inner = Splicer.lineIndent(first.keyRange.lowerBound, b, newlines)
                        if Splicer.gapBefore(first.keyRange.lowerBound, b).contains(0x0A), inner.count > outer.count,
                            inner.starts(with: outer)
                        {
                            unit = Array(inner[outer.count...])
                        }
                    }
                }
                for member in members.dropFirst() where gap == nil {
                    let between = Splicer.gapBefore(member.keyRange.lowerBound, b)
                    if !between.contains(0x0A) { gap = between }
                }
                for member in members { visit(member.value, b) }
            }
        }
        visit(root, bytes)
        inlineGap = gap ?? (multiline ? [0x20] : [])
        inlineScalarArrays = scalarArrays ?? false
        rootLayout = Layout(
            indent: Splicer.lineIndent(root.range.lowerBound, bytes, newlines), unit: unit ?? [0x20, 0x20],
            multiline: multiline, colon: colon ?? (multiline ? Array(": ".utf8) : [UInt8(ascii: ":")]))
    }

    /// The spaces and tabs that start the line holding `offset`.
    static func lineIndent(_ offset: Int, _ bytes: [UInt8], _ newlines: [Int]) -> [UInt8] {
        // The line starts after the last newline before `offset` (binary search: a one-line file with
        // thousands of members must not cost members × size).
        var lo = 0
        var hi = newlines.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if newlines[mid] < offset { lo = mid + 1 } else { hi = mid }
        }
        let start = lo == 0 ? 0 : newlines[lo - 1] + 1
        var end = start
        while end < offset, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return Array(bytes[start..<end])
    }

    /// `lineIndent` over this splicer's bytes.
    func lineIndent(_ offset: Int) -> [UInt8] { Splicer.lineIndent(offset, bytes, newlines) }

    /// The whitespace just before `offset` (after the comma or bracket before it).
    static func gapBefore(_ offset: Int, _ bytes: [UInt8]) -> [UInt8] {
        var start = offset
        while start > 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start - 1]) { start -= 1 }
        return Array(bytes[start..<offset])
    }

    /// Writes `new` where `node` (parsed as `old`) was.
    func node(_ node: JSONSyntax, _ old: JSONValue, _ new: JSONValue, _ layout: Layout, into out: inout [UInt8]) {
        if old == new {
            out += bytes[node.range]
            return
        }
        switch (node.kind, old, new) {
        case (.object(let syntax), .object(let before), .object(let after)) where syntax.count == before.count:
            object(node, syntax, before, after, layout, into: &out)
        case (.array(let syntax), .array(let before), .array(let after)) where syntax.count == before.count:
            array(node, syntax, before, after, layout, into: &out)
        default:
            fresh(new, layout, into: &out)
        }
    }

    /// The layout inside a container whose last part starts at `last`: multi-line when that part
    /// starts a line, one indentation level being what it adds to the container's line.
    func inner(_ node: JSONSyntax, last: Int, colon: [UInt8]?, _ layout: Layout) -> Layout {
        var result = layout
        result.multiline = Splicer.gapBefore(last, bytes).contains(0x0A)
        let outer = lineIndent(node.range.lowerBound)
        let itemIndent = lineIndent(last)
        if result.multiline, itemIndent.count > outer.count, itemIndent.starts(with: outer) {
            result.unit = Array(itemIndent[outer.count...])
        }
        if let colon, !colon.contains(0x0A) { result.colon = colon }
        return result
    }

    /// The separator for an appended part: a comma and the whitespace the last part had before it.
    func separator(before last: Int, count: Int) -> [UInt8] {
        let gap = Splicer.gapBefore(last, bytes)
        // A lone part right after its bracket says nothing about spacing; use the file's habit.
        return [UInt8(ascii: ",")] + (count == 1 && gap.isEmpty ? inlineGap : gap)
    }

    func object(
        _ node: JSONSyntax, _ syntax: [JSONSyntax.Member], _ before: [(key: String, value: JSONValue)],
        _ after: [(key: String, value: JSONValue)], _ layout: Layout, into out: inout [UInt8]
    ) {
        // Old members are matched in order by name; unmatched ones go, the rest of `after` is appended.
        var kept: [(index: Int, value: JSONValue)] = []
        var j = 0
        for (i, member) in before.enumerated() where j < after.count && after[j].key == member.key {
            kept.append((i, after[j].value))
            j += 1
        }
        guard let first = syntax.first, let last = syntax.last, let lastKept = kept.last.map({ syntax[$0.index] })
        else {
            fresh(.object(after), layout, into: &out)
            return
        }
        let inside = inner(
            node, last: last.keyRange.lowerBound,
            colon: Array(bytes[last.keyRange.upperBound..<last.value.range.lowerBound]), layout)
        out += bytes[node.range.lowerBound..<first.keyRange.lowerBound]
        for (n, (i, value)) in kept.enumerated() {
            let member = syntax[i]
            // The separator that stood before this member, so removing one takes its own separator.
            if n > 0 { out += bytes[syntax[i - 1].value.range.upperBound..<member.keyRange.lowerBound] }
            out += bytes[member.keyRange.lowerBound..<member.value.range.lowerBound]
            var here = inside
            here.indent = lineIndent(member.keyRange.lowerBound)
            self.node(member.value, before[i].value, value, here, into: &out)
        }
        let separator = separator(before: lastKept.keyRange.lowerBound, count: kept.count)
        var here = inside
        here.indent = lineIndent(lastKept.keyRange.lowerBound)
        for (key, value) in after[j...] {
            out += separator + Splicer.text(.string(key)) + here.colon
            fresh(value, here, into: &out)
        }
        out += bytes[last.value.range.upperBound..<node.range.upperBound]
    }

    func array(
        _ node: JSONSyntax, _ syntax: [JSONSyntax], _ before: [JSONValue], _ after: [JSONValue], _ layout: Layout,
        into out: inout [UInt8]
    ) {
        var kept: [Int] = []
        var j = 0
        for (i, item) in before.enumerated() where j < after.count && after[j] == item {
            kept.append(i)
            j += 1
        }
        guard let first = syntax.first, let last = syntax.last, let lastKept = kept.last.map({ syntax[$0] }) else {
            fresh(.array(after), layout, into: &out)
            return
        }
        let inside = inner(node, last: last.range.lowerBound, colon: nil, layout)
        out += bytes[node.range.lowerBound..<first.range.lowerBound]
        for (n, i) in kept.enumerated() {
            if n > 0 { out += bytes[syntax[i - 1].range.upperBound..<syntax[i].range.lowerBound] }
            out += bytes[syntax[i].range]
        }
        let separator = separator(before: lastKept.range.lowerBound, count: kept.count)
        var here = inside
        here.indent = lineIndent(lastKept.range.lowerBound)
        for value in after[j...] {
            out += separator
            fresh(value, here, into: &out)
        }
        out += bytes[last.range.upperBound..<node.range.upperBound]
    }

    /// `value` written anew at a place laid out as `layout` says.
    func fresh(_ value: JSONValue, _ layout: Layout, into out: inout [UInt8]) {
        let parts: [(key: String?, value: JSONValue)]
        let open: UInt8
        let close: UInt8
        var multiline = layout.multiline
        switch value {
        case .object(let members) where !members.isEmpty:
            parts = members.map { ($0.key, $0.value) }
            (open, close) = (UInt8(ascii: "{"), UInt8(ascii: "}"))
        case .array(let items) where !items.isEmpty:
            parts = items.map { (nil, $0) }
            (open, close) = (UInt8(ascii: "["), UInt8(ascii: "]"))
            if inlineScalarArrays, items.allSatisfy(Splicer.isScalar) { multiline = false }
        default:
            out += Splicer.text(value)
            return
        }
        var child = layout
        if multiline { child.indent = layout.indent + layout.unit }
        out.append(open)
        for (n, part) in parts.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            out += multiline ? newline + child.indent : n > 0 ? inlineGap : []
            if let key = part.key { out += Splicer.text(.string(key)) + layout.colon }
            fresh(part.value, child, into: &out)
        }
        if multiline { out += newline + layout.indent }
        out.append(close)
    }

    static func isScalar(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: false
        default: true
        }
    }

    /// A scalar's (or an empty container's) compact text.
    static func text(_ value: JSONValue) -> [UInt8] { Array(value.compact.utf8) }
}
