// SPDX-License-Identifier: GPL-3.0-or-later
extension CommandTable {
    /// A fish completion script: install it as `<program>.fish` in a folder of
    /// `$fish_complete_path` (e.g. `~/.config/fish/completions`).
    package func fishCompletion(positionalDefaults: [String: ValueCompletion] = [:]) -> String {
        let p = identifier(program)
        let top = topWords
        var lines =
            banner(
                "fish", "Install it as ~/.config/fish/completions/\(program).fish",
                ["# (or in a vendor_completions.d folder)."])
            + [
                "",
                "function __\(p)_at --description 'Whether the words before the cursor, less the program, are these'",
                "    set -l words (commandline -opc)",
                "    set -e words[1]",
                "    test \"$words\" = \"$argv\"",
                "end",
                "",
                "function __\(p)_command --description 'The declared command the line names'",
                "    set -l w (commandline -opc)",
                "    if test (count $w) -ge 3",
                "        switch \"$w[2] $w[3]\"",
            ]
        let twoWord = twoWordSpecs
        if !twoWord.isEmpty {
            lines.append(
                "            case " + twoWord.map { fishQuote($0.path.joined(separator: " ")) }.joined(separator: " "))
            lines.append("                echo \"$w[2] $w[3]\"")
            lines.append("                return")
        }
        lines += ["        end", "    end", "    test (count $w) -ge 2; or return", "    switch $w[2]"]
        for t in top {
            guard let fallback = t.fallback else { continue }
            lines.append("        case \(fishQuote(t.word))")
            lines.append("            echo \(fishQuote(fallback.path.joined(separator: " ")))")
        }
        lines += [
            "    end",
            "end",
            "",
            "function __\(p)_using --description 'Whether the line names this command'",
            "    set -l command (__\(p)_command)",
            "    test \"$command\" = \"$argv\"",
            "end",
            "",
            "function __\(p)_nth --description 'Whether the cursor is at positional N: N, the path length, the valued options'",
            "    set -l w (commandline -opc)",
            "    set -l n $argv[1]",
            "    set -l i (math $argv[2] + 2)",
            "    set -l valued $argv",
            "    set -e valued[1..2]",
            "    set -l pos 0",
            "    while test $i -le (count $w)",
            "        if contains -- $w[$i] $valued",
            "            set i (math $i + 1)",
            "        else if not string match -q -- '-*' $w[$i]",
            "            set pos (math $pos + 1)",
            "        end",
            "        set i (math $i + 1)",
            "    end",
            "    test $pos -eq $n",
            "end",
            "",
            "function __\(p)_program --description 'The candidates the program lists: the options to forward, its arguments'",
            "    set -l forward (string split -n ' ' -- $argv[1])",
            "    set -e argv[1]",
            "    set -l w (commandline -opc)",
            "    set -l extra",
            "    for f in $forward",
            "        set -l i (contains -i -- --$f $w)",
            "        and test $i -lt (count $w)",
            "        and set -a extra --$f $w[(math $i + 1)]",
            "    end",
            "    $w[1] $argv $extra 2>/dev/null",
            "end",
            "",
            "complete -c \(program) -f",
            "complete -c \(program) -s h -l help -d 'Show this help.'",
        ]
        if version != nil { lines.append("complete -c \(program) -n __\(p)_at -l version -d 'Show the version.'") }
        for t in top {
            lines.append("complete -c \(program) -n __\(p)_at -a \(fishQuote(t.word)) -d \(fishQuote(t.description))")
        }
        for t in top where !t.members.isEmpty {
            for m in t.members {
                lines.append(
                    "complete -c \(program) -n \(fishQuote("__\(p)_at \(t.word)")) -a \(fishQuote(m.path[1])) -d \(fishQuote(m.abstract))"
                )
            }
        }
        for spec in specs {
            let using = "__\(p)_using " + spec.path.joined(separator: " ")
            for option in spec.options {
                var parts = ["complete -c \(program) -n \(fishQuote(using)) -l \(option.name)"]
                if option.value != nil {
                    switch option.completion {
                    case .none: parts.append("-x")
                    case .file: parts.append("-r -F")
                    case .directory: parts.append("-x -a '(__fish_complete_directories)'")
                    case .words(let words): parts.append("-x -a " + fishQuote(words.joined(separator: " ")))
                    case .program:
                        parts.append("-x -a " + fishQuote("(" + fishProgram(option.completion) + ")"))
                    }
                }
                parts.append("-d " + fishQuote(option.helpWithDefault))
                lines.append(parts.joined(separator: " "))
            }
            let valued = spec.options.filter { $0.value != nil }.map { "--" + $0.name }
            for (i, positional) in spec.positionals.enumerated() {
                let condition =
                    using + "; and __\(p)_nth \(i) \(spec.path.count)" + valued.map { " " + $0 }.joined()
                var parts = ["complete -c \(program) -n \(fishQuote(condition))"]
                switch completion(of: positional, positionalDefaults: positionalDefaults) {
                case .none: continue
                case .file: parts.append("-F")
                case .directory: parts.append("-a '(__fish_complete_directories)'")
                case .words(let words): parts.append("-a " + fishQuote(words.joined(separator: " ")))
                case let program:
                    parts.append("-a " + fishQuote("(" + fishProgram(program) + ")"))
                }
                parts.append("-d " + fishQuote(positional.name))
                lines.append(parts.joined(separator: " "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func fishProgram(_ completion: ValueCompletion) -> String {
        guard case .program(let arguments, let forwarding) = completion else { return "true" }
        return "__\(identifier(program))_program " + shellQuote(forwarding.joined(separator: " ")) + " "
            + shellWords(arguments)
    }

    /// `'text'` for fish: backslashes and single quotes escaped.
    func fishQuote(_ text: String) -> String {
        var out = "'"
        for c in text {
            if c == "\\" || c == "'" { out.append("\\") }
            out.append(c)
        }
        return out + "'"
    }
}
