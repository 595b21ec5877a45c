// SPDX-License-Identifier: GPL-3.0-or-later
extension CommandTable {
    /// A zsh completion script (`#compdef`): install it as `_<program>` in a folder of `$fpath`.
    package func zshCompletion(positionalDefaults: [String: ValueCompletion] = [:]) -> String {
        let p = identifier(program)
        var lines =
            ["#compdef \(program)"]
            + banner(
                "zsh", "Install it as _\(program) in a folder of $fpath",
                ["# (e.g. /usr/share/zsh/vendor-completions)."])
            + [
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
}
