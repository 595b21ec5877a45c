// SPDX-License-Identifier: GPL-3.0-or-later
extension CommandTable {
    /// A bash completion script: `source` it, or install it as
    /// `/usr/share/bash-completion/completions/<program>`. It defines `_<program>` and registers it
    /// with `complete -F`.
    ///
    /// `positionalDefaults` says what positionals named so complete with when they declare nothing.
    package func bashCompletion(positionalDefaults: [String: ValueCompletion] = [:]) -> String {
        let p = identifier(program)
        let top = topWords
        var lines =
            banner(
                "bash", "Load it with `source <(\(program) completions bash)`, or install it",
                ["# as /usr/share/bash-completion/completions/\(program)."])
            + [
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
        let twoWord = twoWordSpecs
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

}
