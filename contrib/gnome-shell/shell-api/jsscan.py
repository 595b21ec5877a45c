# SPDX-License-Identifier: GPL-3.0-or-later
"""JavaScript read closely enough to find modules, exports, classes and member uses: what extract.py
reads of GNOME Shell's js/ and check.py of the extension. Not a parser: comments, strings,
template literals and regular expressions are masked (their characters made spaces, their
positions kept), brackets are matched, and the statements looked for are found with regular
expressions on the masked text, at the bracket depth they must have. Python 3.11 stdlib only.
"""
import re

IDENT = r"[A-Za-z_$][\w$]*"
# After one of these words a `/` starts a regular expression, not a division.
_REGEX_AFTER_WORDS = {"return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw",
                      "case", "do", "else", "yield", "await"}


class Source:
    """One file: `text` as written, `masked` with comments, string and template contents and regular
    expressions made spaces (quotes and `${…}` code kept), `match` the position of the bracket closing
    each opening one (and back)."""

    def __init__(self, text, name=""):
        self.name = name
        self.text = text
        self.strings = {}  # position of an opening quote -> the string's value (escapes left as written)
        self.masked = self._mask(text)
        self.match = self._brackets(self.masked)
        self._lines = [m.start() for m in re.finditer(r"\n", text)]

    def line(self, pos):
        """The 1-based line of a position."""
        lo, hi = 0, len(self._lines)
        while lo < hi:
            mid = (lo + hi) // 2
            if self._lines[mid] < pos:
                lo = mid + 1
            else:
                hi = mid
        return lo + 1

    def string_at(self, pos):
        """The value of the string literal whose opening quote is at `pos` or after it (spaces skipped)."""
        while pos < len(self.masked) and self.masked[pos].isspace():
            pos += 1
        return self.strings.get(pos)

    def _mask(self, s):
        out = list(s)
        n = len(s)
        i = 0
        # Each `${` of a template literal: the brace depth at which its `}` returns to the template.
        templates = []
        depth = 0
        last = ""  # the last significant character or word outside strings and comments

        def blank(a, b):
            for k in range(a, b):
                if out[k] != "\n":
                    out[k] = " "

        def template(j):
            # From just after a backquote or a `}` closing `${`: to the closing backquote, or the next `${`,
            # whose code is then read one brace deeper. Returns where reading goes on.
            nonlocal depth, last
            start = j
            while j < n:
                c = s[j]
                if c == "\\":
                    j += 2
                    continue
                if c == "`":
                    blank(start, j)
                    last = "str"
                    return j + 1
                if c == "$" and j + 1 < n and s[j + 1] == "{":
                    blank(start, j)
                    templates.append(depth)
                    depth += 1
                    last = "{"
                    return j + 2
                j += 1
            blank(start, n)
            last = "str"
            return n

        while i < n:
            c = s[i]
            if c in " \t\r\n":
                i += 1
                continue
            if s.startswith("//", i):
                j = s.find("\n", i)
                j = n if j < 0 else j
                blank(i, j)
                i = j
                continue
            if s.startswith("/*", i):
                j = s.find("*/", i + 2)
                j = n if j < 0 else j + 2
                blank(i, j)
                i = j
                continue
            if c in "'\"":
                j = i + 1
                while j < n and s[j] != c and s[j] != "\n":
                    j += 2 if s[j] == "\\" else 1
                self.strings[i] = s[i + 1:j]
                blank(i + 1, j)
                i = j + 1
                last = "str"
                continue
            if c == "`":
                i = template(i + 1)
                continue
            if c == "/":
                regex = last == "" or (last in _REGEX_AFTER_WORDS) or (
                    len(last) == 1 and last in "(,=:[!&|?{};+-*%<>~^")
                if regex:
                    j = i + 1
                    in_class = False
                    while j < n and s[j] != "\n":
                        if s[j] == "\\":
                            j += 2
                            continue
                        if s[j] == "[":
                            in_class = True
                        elif s[j] == "]":
                            in_class = False
                        elif s[j] == "/" and not in_class:
                            break
                        j += 1
                    blank(i + 1, j)
                    i = j + 1
                    while i < n and (s[i].isalnum() or s[i] == "_"):
                        i += 1
                    last = "str"
                    continue
                last = "/"
                i += 1
                continue
            if c == "{":
                depth += 1
            elif c == "}":
                if templates and templates[-1] == depth - 1:
                    templates.pop()
                    depth -= 1
                    i = template(i + 1)
                    continue
                depth -= 1
            m = re.compile(r"[\w$]+").match(s, i)
            if m:
                last = m.group()
                i = m.end()
                continue
            last = c
            i += 1
        return "".join(out)

    @staticmethod
    def _brackets(m):
        pairs = {")": "(", "]": "[", "}": "{"}
        stack = []
        match = {}
        for i, c in enumerate(m):
            if c in "([{":
                stack.append(i)
            elif c in ")]}":
                if stack and m[stack[-1]] == pairs[c]:
                    j = stack.pop()
                    match[j] = i
                    match[i] = j
        return match

    def flat(self, start, end):
        """masked[start:end] with the inside of every bracket pair that opens in it made spaces: what is
        at that range's own depth (a class body's members, a file's top-level statements)."""
        out = list(self.masked[start:end])
        i = start
        while i < end:
            c = self.masked[i]
            if c in "([{" and i in self.match:
                j = min(self.match[i], end)
                for k in range(i + 1, j):
                    if out[k - start] != "\n":
                        out[k - start] = " "
                i = j
            i += 1
        return "".join(out)

    def enclosing_block(self, pos):
        """The `{` … `}` range (positions of both) most closely around `pos`, or the whole file."""
        best = (-1, len(self.masked))
        for i, c in enumerate(self.masked[:pos]):
            if c == "{" and i in self.match and self.match[i] > pos and i > best[0]:
                best = (i, self.match[i])
        return best


def split_names(text):
    """`A, B as C, D` (an import or export list, or a destructuring) -> [(A, A), (B, C), (D, D)]."""
    out = []
    for part in text.split(","):
        part = part.strip()
        if not part or part.startswith("..."):
            continue
        m = re.fullmatch(rf"({IDENT})\s*(?:(?:as|:)\s*({IDENT}))?(?:\s*=.*)?", part, re.S)
        if m:
            out.append((m.group(1), m.group(2) or m.group(1)))
    return out


def imports(src):
    """The file's imports at its top level: {local name: (kind, where, name)}, kind `namespace`
    (import * as X, a legacy `const X = imports.a.b`), `default` or `named` (import {N as X}, a legacy
    `const {N} = imports.a.b`); `where` is the import's string (a URL, './x.js', 'gi://St') or, for a
    legacy import, `imports.a.b`."""
    out = {}
    top = src.flat(0, len(src.masked))
    for m in re.finditer(r"\bimport\s+([^;]*?)\s*from\s*(?=['\"])", top):
        where = src.string_at(m.end())
        if where is None:
            continue
        what = m.group(1)
        b = src.masked.find("{", m.start(1), m.end(1) + 1)
        named = src.masked[b + 1:src.match[b]] if b >= 0 and b in src.match else ""
        what = what.split("{")[0]
        for part in what.split(","):
            part = part.strip()
            ns = re.fullmatch(rf"\*\s*as\s+({IDENT})", part)
            if ns:
                out[ns.group(1)] = ("namespace", where, None)
            elif re.fullmatch(IDENT, part):
                out[part] = ("default", where, "default")
        for name, local in split_names(named):
            out[local] = ("named", where, name)
    for m in re.finditer(rf"\b(?:const|let|var)\s+({IDENT})\s*=\s*(imports(?:\.{IDENT})+)\s*;", top):
        out[m.group(1)] = ("namespace", m.group(2), None)
    for m in re.finditer(rf"\b(?:const|let|var)\s*\{{", top):
        b = m.end() - 1
        e = src.match.get(b)
        if e is None:
            continue
        rest = re.match(rf"\s*=\s*(imports(?:\.{IDENT})+)\s*;", src.masked[e + 1:])
        if rest:
            for name, local in split_names(src.masked[b + 1:e]):
                out[local] = ("named", rest.group(1), name)
    return out


class ClassDef:
    """A class in a file: its name (the binding a `new X(` or `extends X` in that file names), the
    text after its `extends` (None: none), its body's range, what it defines (methods, accessors,
    fields, and the properties its code sets on `this`), the signals it declares or emits, and the
    class expressions assigned to its members (`this.menu = new PopupMenu.PopupMenu(…)`)."""

    def __init__(self, src, binding, inner, base, body, meta=None):
        self.src = src
        self.binding = binding
        self.inner = inner
        self.base = base
        self.body = body  # positions of its { and }
        self.pos = body[0]
        self.methods = {}  # name -> (params, body range)
        self.members = set()
        self.signals = set()
        self.member_types = {}  # name -> set of expressions (`PopupMenu.PopupMenu`)
        self._read(meta)

    def _read(self, meta):
        src = self.src
        b, e = self.body
        flat = src.flat(b + 1, e)
        for m in re.finditer(
                rf"(?<![\w$#.])(?=[\w$#*])((?:static|async|get|set)\s+)*\*?\s*(#?{IDENT})\s*\(\s*\)\s*\{{", flat):
            name = m.group(2)
            if name in ("if", "for", "while", "switch", "catch", "function", "return"):
                continue
            p = b + 1 + m.end() - 1  # the method body's {
            popen = src.masked.rfind("(", b + 1, p)
            params = [x.strip() for x in src.masked[popen + 1:src.match.get(popen, popen)].split(",")]
            params = [re.match(rf"\.*\s*({IDENT})?", x).group(1) or "" for x in params]
            self.methods[name] = (params, (p, src.match.get(p, p)))
        for m in re.finditer(rf"(?<![\w$#.])(?:static\s+)?(#?{IDENT})\s*(?:=(?!=)|;)", flat):
            self.methods.setdefault(m.group(1), ([], None))
        self.members = {n for n in self.methods if not n.startswith("#") and n != "constructor"}
        body = src.masked[b:e]
        for m in re.finditer(rf"\bthis\.({IDENT})\s*=(?![=>])", body):
            self.members.add(m.group(1))
        for m in re.finditer(r"\bthis\.emit\(\s*", body):
            name = src.string_at(b + m.end())
            if name:
                self.signals.add(name)
        if meta:
            mb, me = meta
            sm = re.search(r"\bSignals\s*:\s*\{", src.flat(mb + 1, me))
            if sm:
                ob = mb + 1 + sm.end() - 1
                inner = src.flat(ob + 1, src.match[ob])
                for km in re.finditer(rf"(?:^|,)\s*(?:({IDENT})|(?=['\"]))", inner):
                    name = km.group(1) or src.string_at(ob + 1 + km.end())
                    if name:
                        self.signals.add(name)
        for m in re.finditer(rf"\bthis\.({IDENT})\s*=\s*new\s+({IDENT}(?:\.{IDENT})*)\s*\(", body):
            self.member_types.setdefault(m.group(1), set()).add(m.group(2))
        # A member set from a method's parameter (setMenu(menu) { this.menu = menu; }), and that method
        # called on this with a new object (this.setMenu(new PopupMenu.PopupMenu(…))).
        for name, (params, rng) in self.methods.items():
            if not rng or not params or not params[0]:
                continue
            for m in re.finditer(rf"\bthis\.({IDENT})\s*=\s*{re.escape(params[0])}\s*;", src.masked[rng[0]:rng[1]]):
                for c in re.finditer(rf"\bthis\.{re.escape(name)}\(\s*new\s+({IDENT}(?:\.{IDENT})*)\s*\(", body):
                    self.member_types.setdefault(m.group(1), set()).add(c.group(1))


def classes(src, top_level_only=True):
    """Every class defined in the file: {binding: ClassDef}. The forms: `class X extends B {…}`,
    `const X = class [Y] extends B {…}` and `const X = GObject.registerClass([{meta},] class Y extends B
    {…})` (each with `export` or `var` too); a registered class's binding is X, the name a file uses."""
    out = {}
    masked = src.masked
    top = src.flat(0, len(masked)) if top_level_only else masked
    for m in re.finditer(rf"\b(?:const|let|var)\s+({IDENT})\s*=\s*", top):
        binding = m.group(1)
        at = m.end()
        reg = re.match(rf"(?:{IDENT}\.)*registerClass\s*\(", masked[at:])
        meta = None
        if reg:
            po = at + reg.end() - 1
            pe = src.match.get(po)
            if pe is None:
                continue
            args = src.flat(po + 1, pe)
            cm = re.search(rf"\bclass\b(?:\s+({IDENT}))?\s*(?:extends\s+([^{{]*?))?\s*\{{", args)
            mo = re.match(r"\s*\{", args)
            if mo:
                mb = po + 1 + mo.end() - 1
                meta = (mb, src.match[mb])
            if not cm:
                continue
            cb = po + 1 + cm.end() - 1
        else:
            cm = re.match(rf"class\b(?:\s+({IDENT}))?\s*(?:extends\s+([^{{]*?))?\s*\{{", masked[at:])
            if not cm:
                continue
            cb = at + cm.end() - 1
        base = re.sub(r"\s+", "", cm.group(2)) if cm.group(2) else None
        out[binding] = ClassDef(src, binding, cm.group(1), base, (cb, src.match.get(cb, cb)), meta)
    for m in re.finditer(rf"\bclass\s+({IDENT})\s*(?:extends\s+([^{{]*?))?\s*\{{", top):
        # A class declaration (at a statement's start), not an expression inside an assignment above.
        before = masked[:m.start()].rstrip()
        if before and before[-1] not in ";{}" and not before.endswith("export") and not before.endswith("default"):
            continue
        cb = m.end() - 1
        base = re.sub(r"\s+", "", m.group(2)) if m.group(2) else None
        out[m.group(1)] = ClassDef(src, m.group(1), m.group(1), base, (cb, src.match.get(cb, cb)))
    return out


def exports(src, legacy):
    """The names the file exports: {name: binding} (the file's own name for it; for a re-export,
    `@from:<where>:<name>`). A legacy module (`imports.x.y`) exports its top-level `var`s and
    functions; an ES module what its `export` statements name."""
    out = {}
    top = src.flat(0, len(src.masked))
    if legacy:
        for m in re.finditer(rf"(?:^|(?<=[;}}\s]))(?:var\s+({IDENT})|function\s*\*?\s*({IDENT})\s*\()", top):
            name = m.group(1) or m.group(2)
            out[name] = name
        for m in re.finditer(r"(?:^|(?<=[;}\s]))var\s*\{", top):
            b = m.end() - 1
            for name, local in split_names(src.masked[b + 1:src.match.get(b, b)]):
                out[local] = local
        return out
    for m in re.finditer(rf"\bexport\s+(?:async\s+)?function\s*\*?\s*({IDENT})", top):
        out[m.group(1)] = m.group(1)
    for m in re.finditer(rf"\bexport\s+(?:const|let|var)\s+({IDENT})", top):
        out[m.group(1)] = m.group(1)
    for m in re.finditer(r"\bexport\s+(?:const|let|var)\s*\{", top):
        b = m.end() - 1
        for name, local in split_names(src.masked[b + 1:src.match.get(b, b)]):
            out[local] = local
    for m in re.finditer(rf"\bexport\s+class\s+({IDENT})", top):
        out[m.group(1)] = m.group(1)
    if re.search(r"\bexport\s+default\b", top):
        out["default"] = "default"
    for m in re.finditer(r"\bexport\s*\{", top):
        b = m.end() - 1
        e = src.match.get(b, b)
        frm = re.match(r"\s*from\s*", src.masked[e + 1:])
        where = src.string_at(e + 1 + frm.end()) if frm else None
        for local, name in split_names(src.masked[b + 1:e]):
            out[name] = f"@from:{where}:{local}" if where else local
    for m in re.finditer(r"\bexport\s*\*\s*from\s*", top):
        where = src.string_at(m.end())
        out[f"@all:{where}"] = f"@all:{where}"
    return out


def module_vars(src, names):
    """For each of `names` (a file's top-level variables): the class expressions assigned to it
    anywhere in the file (`panel = new Panel.Panel()`)."""
    out = {}
    for name in names:
        for m in re.finditer(rf"(?<![\w$.]){re.escape(name)}\s*=\s*new\s+({IDENT}(?:\.{IDENT})*)\s*\(", src.masked):
            out.setdefault(name, set()).add(m.group(1))
    return out


def signal_methods(src):
    """The classes whose prototype gjs's `Signals.addSignalMethods(X.prototype)` gives connect,
    disconnect, emit, disconnectAll and signalHandlerIsConnected: {binding}."""
    return {m.group(1) for m in re.finditer(rf"\baddSignalMethods\(\s*({IDENT})\.prototype\s*\)", src.masked)}


SIGNAL_METHODS = ("connect", "disconnect", "emit", "disconnectAll", "signalHandlerIsConnected")
