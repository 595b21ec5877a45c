// SPDX-License-Identifier: GPL-3.0-or-later
/// One `org.freedesktop.Notifications.Notify` call as `dbus-monitor` printed it.
package struct NotifyCall: Hashable, Sendable {
    /// A D-Bus value as `dbus-monitor` prints it.
    package indirect enum Value: Hashable, Sendable {
        /// `string "…"` (also `object path`, `signature`).
        case string(String)
        /// Any integer type (`byte`, `int32`, `uint32`, `int64`, …).
        case integer(Int64)
        /// `boolean true|false`.
        case boolean(Bool)
        /// `double …`.
        case double(Double)
        /// `array [ … ]` (a dict is an array of `dictEntry`).
        case array([Value])
        /// `dict entry( key value )`.
        case dictEntry(Value, Value)
        /// A type this parser does not read, with the line it started on.
        case unparsed(String)
    }

    /// `app_name`.
    package var appName: String
    /// `replaces_id`: the id of the notification this call updates in place, 0 for a new one.
    package var replacesID: Int
    /// `summary`.
    package var summary: String
    /// `body`.
    package var body: String
    /// `actions`: id, label, id, label, …
    package var actions: [String]
    /// `hints`, by name.
    package var hints: [String: Value]
    /// `expire_timeout` in milliseconds (-1 the server's default, 0 never).
    package var expireTimeout: Int

    /// The actions as (id, label) pairs.
    package var actionPairs: [(id: String, label: String)] {
        stride(from: 0, to: actions.count - 1, by: 2).map { (actions[$0], actions[$0 + 1]) }
    }

    /// Every `Notify` method call in `text`, `dbus-monitor`'s default output.
    package static func parseAll(_ text: String) -> [NotifyCall] {
        var calls: [NotifyCall] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
        while let line = lines.popFirst() {
            guard line.hasPrefix("method call "), line.hasSuffix("member=Notify") else { continue }
            var arguments: [Value] = []
            while let next = lines.first, next.hasPrefix(" ") {
                guard let value = parseValue(&lines) else { break }
                arguments.append(value)
            }
            if let call = NotifyCall(arguments) { calls.append(call) }
        }
        return calls
    }

    private init?(_ arguments: [Value]) {
        guard arguments.count == 8,
            case .string(let app) = arguments[0], case .integer(let replaces) = arguments[1],
            case .string(let summary) = arguments[3], case .string(let body) = arguments[4],
            case .array(let actions) = arguments[5], case .array(let hints) = arguments[6],
            case .integer(let timeout) = arguments[7]
        else { return nil }
        appName = app
        replacesID = Int(replaces)
        self.summary = summary
        self.body = body
        self.actions = actions.compactMap { if case .string(let s) = $0 { s } else { nil } }
        self.hints = [:]
        for entry in hints {
            if case .dictEntry(.string(let key), let value) = entry { self.hints[key] = value }
        }
        expireTimeout = Int(timeout)
    }

    /// Reads one value starting at the next line (a `variant` holds its value on the same line).
    private static func parseValue(_ lines: inout ArraySlice<String>) -> Value? {
        guard let raw = lines.popFirst() else { return nil }
        return parseValue(raw.trimmingPrefix(while: { $0 == " " }), &lines)
    }

    private static func parseValue(_ line: Substring, _ lines: inout ArraySlice<String>) -> Value? {
        if line.hasPrefix("variant") {
            return parseValue(line.dropFirst("variant".count).trimmingPrefix(while: { $0 == " " }), &lines)
        }
        if line == "array [" {
            var items: [Value] = []
            while let next = lines.first {
                if next.trimmingPrefix(while: { $0 == " " }) == "]" {
                    lines.removeFirst()
                    break
                }
                guard let item = parseValue(&lines) else { break }
                items.append(item)
            }
            return .array(items)
        }
        if line.hasPrefix("array [") && line.hasSuffix("]") { return .array([]) }
        if line == "dict entry(" {
            guard let key = parseValue(&lines), let value = parseValue(&lines) else { return nil }
            if let close = lines.first, close.trimmingPrefix(while: { $0 == " " }) == ")" { lines.removeFirst() }
            return .dictEntry(key, value)
        }
        guard let space = line.firstIndex(of: " ") else { return .unparsed(String(line)) }
        let type = line[..<space]
        let rest = line[line.index(after: space)...]
        switch type {
        case "string", "object", "signature":
            var value = String(rest.drop(while: { $0 != "\"" }))
            // A string ends at the first line that ends with a quote.
            while !(value.count >= 2 && value.hasSuffix("\"")), let next = lines.popFirst() {
                value += "\n" + next
            }
            return .string(String(value.dropFirst().dropLast()))
        case "boolean": return .boolean(rest == "true")
        case "double": return Double(rest).map(Value.double) ?? .unparsed(String(line))
        case "byte", "int16", "uint16", "int32", "uint32", "int64", "uint64":
            return Int64(rest).map(Value.integer) ?? .unparsed(String(line))
        default: return .unparsed(String(line))
        }
    }
}
