// SPDX-License-Identifier: GPL-3.0-or-later
/// What the completion scripts of a program for bash, zsh and fish share, read from the same
/// declarations as its help: the command paths (two-word ones included), what each positional
/// takes, the names of the functions, and quoting. Each shell's generator is in its own file
/// (`BashCompletions.swift`, `ZshCompletions.swift`, `FishCompletions.swift`).
extension CommandTable {
    /// The first words of the command paths, in order, each with whether a command has that path
    /// alone and the second words under it.
    struct TopWord {
        let word: String
        let command: CommandSpec?
        let members: [CommandSpec]
        let defaultMember: CommandSpec?

        /// What runs when the word is followed by options only: its own command, else the default.
        var fallback: CommandSpec? { command ?? defaultMember }

        /// One line for a shell's menu.
        var description: String {
            if let command { return command.abstract }
            return members.map { $0.path.joined(separator: " ") }.joined(separator: ", ")
        }
    }

    var topWords: [TopWord] {
        var words: [String] = []
        for spec in specs where !words.contains(spec.path[0]) { words.append(spec.path[0]) }
        return words.map { word in
            let members = specs.filter { $0.path.count == 2 && $0.path[0] == word }
            let defaultMember = defaultSubcommands[word].flatMap { name in members.first { $0.path[1] == name } }
            return TopWord(
                word: word, command: specs.first { $0.path == [word] }, members: members, defaultMember: defaultMember)
        }
    }

    /// What a shell offers for `positional` of `spec`: its declared completion, else
    /// `positionalDefaults[name]`, else nothing.
    func completion(
        of positional: PositionalSpec, positionalDefaults: [String: ValueCompletion]
    ) -> ValueCompletion {
        positional.completesWith ?? positionalDefaults[positional.name] ?? .none
    }

    /// A shell function name for `spec`: `__nitnem_cmd_snapshot_export`.
    func functionName(_ spec: CommandSpec) -> String {
        "__\(identifier(program))_cmd_" + spec.path.map(identifier).joined(separator: "_")
    }

    func identifier(_ word: String) -> String {
        String(word.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// The first lines of `shell`'s script: what it is and how to install it (`install`, then `more`).
    func banner(_ shell: String, _ install: String, _ more: [String] = []) -> [String] {
        [
            "# \(shell) completion for \(program), generated from its command declarations by",
            "# `\(program) completions \(shell)`. " + install,
        ] + more
    }

    /// The two-word command paths (`snapshot export`), in order.
    var twoWordSpecs: [CommandSpec] { specs.filter { $0.path.count == 2 } }

    /// `'text'` for bash and zsh: a single quote becomes `'\''`.
    func shellQuote(_ text: String) -> String {
        let plain = !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || "-_./=+,@%".contains($0) }
        if plain { return text }
        return "'" + text.replacingAll("'", with: "'\\''") + "'"
    }

    /// Each word quoted, joined by spaces.
    func shellWords(_ words: [String]) -> String { words.map(shellQuote).joined(separator: " ") }
}

extension String {
    /// Every `target` replaced by `replacement` (no Foundation here).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self {
            if c == target { out += replacement } else { out.append(c) }
        }
        return out
    }
}
