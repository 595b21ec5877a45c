// SPDX-License-Identifier: GPL-3.0-or-later
/// The completion scripts of a program for bash, zsh and fish, generated from the same declarations
/// as its help: the command paths (two-word ones included), each command's options, the values of
/// their choices, and what each positional takes.
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

    // MARK: bash

    /// A bash completion script: `source` it, or install it as
    /// `/usr/share/bash-completion/completions/<program>`. It defines `_<program>` and registers it
    /// with `complete -F`.
    ///
    /// `positionalDefaults` says what positionals named so complete with when they declare nothing.
    package func bashCompletion(positionalDefaults: [String: ValueCompletion] = [:]) -> String {
        let p = identifier(program)
        let top = topWords
        var lines = [
            "# bash completion for \(program), generated from its command declarations by",
            "# `\(program) completions bash`. Load it with `source <(\(program) completions bash)`, or install it",
            "# as /usr/share/bash-completion/completions/\(program).",
            "",
            "# Fills COMPREPLY with the candidates of one kind that start with $value, each with $pre in",
            "# front, less the $strip that bash keeps in words of its own (COMP_WORDBREAKS).",
            "__\(p)_complete() {",
            "    local kind=$1 candidate line",
            "    shift",
            "    local -a found=() listed=()",
            "    case $kind in",
            "    words) listed=(\"$@\") ;;",
            "    file | directory)",
            "        compopt -o filenames 2>/dev/null",
            "        local flag=-f",
            "        [[ $kind == directory ]] && flag=-d",
            "        mapfile -t listed < <(compgen \"$flag\" -- \"$value\")",
            "        ;;",
            "    program)",
            "        local -a forward=() extra=()",
            "        read -ra forward <<<\"$1\"",
            "        shift",
            "        local f j",
            "        for f in \"${forward[@]}\"; do",
            "            for ((j = 1; j < cword; j++)); do",
            "                if [[ ${words[j]} == \"--$f\" ]] && ((j + 1 < cword)); then",
            "                    extra+=(\"--$f\" \"${words[j + 1]}\")",
            "                elif [[ ${words[j]} == \"--$f=\"* ]]; then",
            "                    extra+=(\"${words[j]}\")",
            "                fi",
            "            done",
            "        done",
            "        while IFS= read -r line; do",
            "            listed+=(\"${line%%$'\\t'*}\")",
            "        done < <(\"$prog\" \"$@\" \"${extra[@]}\" 2>/dev/null)",
            "        ;;",
            "    esac",
            "    for candidate in \"${listed[@]}\"; do",
            "        [[ $candidate == \"$value\"* ]] && found+=(\"$candidate\")",
            "    done",
            "    COMPREPLY=()",
            "    for candidate in \"${found[@]}\"; do",
            "        candidate=$pre$candidate",
            "        COMPREPLY+=(\"${candidate#\"$strip\"}\")",
            "    done",
            "}",
            "",
            "_\(p)() {",
            "    # The words as typed: bash splits at ':' and '=' (sggs://bani/japji, --format=json); join them.",
            "    local -a words=()",
            "    local i w cword=0 glue=0",
            "    for ((i = 0; i < ${#COMP_WORDS[@]}; i++)); do",
            "        w=${COMP_WORDS[i]}",
            "        if ((i > 1)) && { [[ $w == : || $w == = ]] || ((glue)); }; then",
            "            words[${#words[@]} - 1]+=$w",
            "        else",
            "            words+=(\"$w\")",
            "        fi",
            "        glue=0",
            "        [[ $w == : || $w == = ]] && glue=1",
            "        ((i == COMP_CWORD)) && cword=$((${#words[@]} - 1))",
            "    done",
            "    local cur=${words[cword]} raw=${COMP_WORDS[COMP_CWORD]}",
            "    local strip=${cur%\"$raw\"} pre=\"\" value=$cur prog=${words[0]:-\(program)}",
            "    COMPREPLY=()",
            "    if ((cword == 1)); then",
            "        __\(p)_complete words "
                + shellWords(top.map { $0.word } + ["--help"] + (version == nil ? [] : ["--version"])),
            "        return",
            "    fi",
            "    # The command: the longest declared path the words start with.",
            "    local cmd=\"\" n=1",
        ]
        let twoWord = specs.filter { $0.path.count == 2 }
        if !twoWord.isEmpty {
            lines += [
                "    if ((cword > 2)); then",
                "        case \"${words[1]} ${words[2]}\" in",
                "        " + twoWord.map { shellQuote($0.path.joined(separator: " ")) }.joined(separator: " | ")
                    + ") cmd=\"${words[1]} ${words[2]}\" n=3 ;;",
                "        esac",
                "    fi",
            ]
        }
        lines += ["    if [[ -z $cmd ]]; then", "        case ${words[1]} in"]
        for t in top {
            if !t.members.isEmpty {
                lines += [
                    "        \(shellQuote(t.word)))",
                    "            if ((cword == 2)) && [[ $cur != -* ]]; then",
                    "                __\(p)_complete words " + shellWords(t.members.map { $0.path[1] }),
                    "                return",
                    "            fi",
                ]
                if let fallback = t.fallback {
                    lines.append("            cmd=\(shellQuote(fallback.path.joined(separator: " "))) n=2")
                }
                lines.append("            ;;")
            } else if let command = t.command {
                lines.append("        \(shellQuote(command.path[0]))) cmd=\(shellQuote(command.path[0])) n=2 ;;")
            }
        }
        lines += ["        esac", "    fi"]
        lines += [
            "    local opt=\"\" prev=${words[cword - 1]}",
            "    if [[ $cur == --*=* ]]; then",
            "        opt=${cur%%=*} pre=${cur%%=*}= value=${cur#*=}",
            "    elif ((cword - 1 >= n)) && [[ $prev == --* ]]; then",
            "        opt=$prev",
            "    fi",
            "    local options=\"--help\" valued=\"\"",
            "    case $cmd in",
        ]
        for spec in specs {
            let valued = spec.options.filter { $0.value != nil }.map { "--" + $0.name }
            lines.append("    \(shellQuote(spec.path.joined(separator: " "))))")
            lines.append(
                "        options="
                    + shellQuote((spec.options.map { "--" + $0.name } + ["--help"]).joined(separator: " ")))
            if !valued.isEmpty { lines.append("        valued=" + shellQuote(valued.joined(separator: " "))) }
            lines.append("        ;;")
        }
        lines += [
            "    esac",
            "    if [[ -n $opt && \" $valued \" == *\" $opt \"* ]]; then",
            "        case \"$cmd $opt\" in",
        ]
        for spec in specs {
            for option in spec.options where option.value != nil {
                guard let call = bashCall(option.completion) else { continue }
                lines.append(
                    "        \(shellQuote(spec.path.joined(separator: " ") + " --" + option.name))) \(call) ;;")
            }
        }
        lines += [
            "        esac",
            "        return",
            "    fi",
            "    local -a offered",
            "    if [[ $cur == -* ]]; then",
            "        read -ra offered <<<\"$options\"",
            "        __\(p)_complete words \"${offered[@]}\"",
            "        return",
            "    fi",
            "    # Which positional the cursor is at: the words after the command, less options and values.",
            "    local pos=0 j",
            "    for ((j = n; j < cword; j++)); do",
            "        w=${words[j]}",
            "        if [[ \" $valued \" == *\" $w \"* ]]; then",
            "            ((j++))",
            "        elif [[ $w != -* ]]; then",
            "            ((pos++))",
            "        fi",
            "    done",
            "    case \"$cmd $pos\" in",
        ]
        for spec in specs {
            for (i, positional) in spec.positionals.enumerated() {
                guard let call = bashCall(completion(of: positional, positionalDefaults: positionalDefaults))
                else { continue }
                lines.append("    \(shellQuote(spec.path.joined(separator: " ") + " \(i)"))) \(call) ;;")
            }
        }
        lines += [
            "    *)",
            "        read -ra offered <<<\"$options\"",
            "        __\(p)_complete words \"${offered[@]}\"",
            "        ;;",
            "    esac",
            "}",
            "",
            "complete -F _\(p) \(program)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    func bashCall(_ completion: ValueCompletion) -> String? {
        let p = identifier(program)
        switch completion {
        case .none: return nil
        case .file: return "__\(p)_complete file"
        case .directory: return "__\(p)_complete directory"
        case .words(let words): return "__\(p)_complete words " + shellWords(words)
        case .program(let arguments, let forwarding):
            return "__\(p)_complete program " + shellQuote(forwarding.joined(separator: " ")) + " "
                + shellWords(arguments)
        }
    }

    // MARK: zsh

    /// A zsh completion script (`#compdef`): install it as `_<program>` in a folder of `$fpath`.
    package func zshCompletion(positionalDefaults: [String: ValueCompletion] = [:]) -> String {
        let p = identifier(program)
        var lines = [
            "#compdef \(program)",
            "# zsh completion for \(program), generated from its command declarations by",
            "# `\(program) completions zsh`. Install it as _\(program) in a folder of $fpath",
            "# (e.g. /usr/share/zsh/vendor-completions).",
            "",
            "# The candidates the program lists (a tab, then a description): LABEL, the options to forward",
            "# from the command line, the program's arguments.",
            "__\(p)_program() {",
            "    local label=$1 forward=$2 f i line",
            "    shift 2",
            "    local -a extra lines items",
            "    for f in ${=forward}; do",
            "        i=${words[(I)--$f]}",
            "        ((i > 0 && i < CURRENT - 1)) && extra+=(--$f ${words[i + 1]})",
            "    done",
            "    lines=(${(f)\"$($__\(p)_prog \"$@\" $extra 2>/dev/null)\"})",
            "    for line in $lines; do",
            "        items+=(\"${${line%%$'\\t'*}//:/\\\\:}:${line#*$'\\t'}\")",
            "    done",
            "    _describe -t $label $label items",
            "}",
            "",
        ]
        for spec in specs {
            lines.append("\(functionName(spec))() {")
            lines.append("    _arguments -s -S \\")
            for option in spec.options {
                let help = zshBracket(option.helpWithDefault)
                guard let value = option.value else {
                    lines.append("        \(zshQuote("--\(option.name)[\(help)]")) \\")
                    continue
                }
                let repeats = option.repeats ? "*" : ""
                lines.append(
                    "        \(zshQuote("\(repeats)--\(option.name)=[\(help)]:\(value):\(zshAction(option.completion))")) \\"
                )
            }
            for positional in spec.positionals {
                let action = zshAction(completion(of: positional, positionalDefaults: positionalDefaults))
                let colon = positional.optional ? "::" : ":"
                lines.append("        \(zshQuote("\(colon)\(positional.name):\(action)")) \\")
            }
            lines.append("        '(- *)'{-h,--help}'[Show this help.]'")
            lines.append("}")
            lines.append("")
        }
        lines += [
            "_\(p)() {",
            "    local __\(p)_prog=${words[1]}",
            "    local curcontext=$curcontext state state_descr line ret=1",
            "    typeset -A opt_args",
            "    _arguments -C \\",
            "        '(- *)'{-h,--help}'[Show this help.]' \\",
        ]
        if version != nil { lines.append("        '(- *)--version[Show the version.]' \\") }
        lines += [
            "        '1: :->command' \\",
            "        '*:: :->args' && ret=0",
            "    case $state in",
            "    command)",
            "        local -a commands=(",
        ]
        for t in topWords { lines.append("            " + zshQuote(zshDescribe(t.word, t.description))) }
        lines += [
            "        )",
            "        _describe -t commands \(zshQuote("\(program) command")) commands && ret=0",
            "        ;;",
            "    args)",
            "        case $words[1] in",
        ]
        for t in topWords {
            lines.append("        \(zshQuote(t.word)))")
            if t.members.isEmpty, let command = t.command {
                lines.append("            \(functionName(command)) && ret=0")
            } else {
                lines += [
                    "            if ((CURRENT == 2)) && [[ $PREFIX != -* ]]; then",
                    "                local -a subcommands=(",
                ]
                for m in t.members {
                    lines.append("                    " + zshQuote(zshDescribe(m.path[1], m.abstract)))
                }
                lines += [
                    "                )",
                    "                _describe -t commands \(zshQuote("\(program) \(t.word) command")) subcommands && ret=0",
                    "            elif ((CURRENT > 2)) && [[ $words[2] == (\(t.members.map { $0.path[1] }.joined(separator: "|"))) ]]; then",
                    "                shift words",
                    "                ((CURRENT--))",
                    "                curcontext=\"${curcontext%:*}-$words[1]:\"",
                    "                case $words[1] in",
                ]
                for m in t.members {
                    lines.append("                \(zshQuote(m.path[1]))) \(functionName(m)) && ret=0 ;;")
                }
                lines += ["                esac", "            else"]
                if let fallback = t.fallback {
                    lines.append("                \(functionName(fallback)) && ret=0")
                } else {
                    lines.append("                _arguments '(- *)'{-h,--help}'[Show this help.]' && ret=0")
                }
                lines.append("            fi")
            }
            lines.append("            ;;")
        }
        lines += [
            "        esac",
            "        ;;",
            "    esac",
            "    return ret",
            "}",
            "",
            "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then",
            "    _\(p) \"$@\"",
            "else",
            "    compdef _\(p) \(program)",
            "fi",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    func zshAction(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: return " "
        case .file: return "_files"
        case .directory: return "_files -/"
        case .words(let words): return "(" + words.map(zshEscapeWord).joined(separator: " ") + ")"
        case .program(let arguments, let forwarding):
            return "__\(identifier(program))_program values \(shellQuote(forwarding.joined(separator: " "))) "
                + shellWords(arguments)
        }
    }

    /// `word:description` for `_describe`, the colons of `word` escaped.
    func zshDescribe(_ word: String, _ description: String) -> String {
        word.replacingAll(":", with: "\\:") + ":" + description
    }

    /// Help text inside `[…]` of an `_arguments` spec: brackets and backslashes escaped.
    func zshBracket(_ text: String) -> String {
        var out = ""
        for c in text {
            if c == "[" || c == "]" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out
    }

    func zshEscapeWord(_ word: String) -> String {
        var out = ""
        for c in word {
            if " ():\\'\"".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }

    /// `'text'` for zsh (and bash): a single quote becomes `'\''`.
    func zshQuote(_ text: String) -> String { shellQuote(text) }

    // MARK: fish

    /// A fish completion script: install it as `<program>.fish` in a folder of
    /// `$fish_complete_path` (e.g. `~/.config/fish/completions`).
    package func fishCompletion(positionalDefaults: [String: ValueCompletion] = [:]) -> String {
        let p = identifier(program)
        let top = topWords
        var lines = [
            "# fish completion for \(program), generated from its command declarations by",
            "# `\(program) completions fish`. Install it as ~/.config/fish/completions/\(program).fish",
            "# (or in a vendor_completions.d folder).",
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
        let twoWord = specs.filter { $0.path.count == 2 }
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

    // MARK: quoting

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
