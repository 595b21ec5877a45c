# SPDX-License-Identifier: GPL-3.0-or-later
"""What the extension uses of GNOME Shell and libadwaita, read from a variant's extension.js and
prefs.js (jsscan.py): the Shell modules it imports, the names it takes from them, and each chain of
members it uses on something whose class is known. A class is known for

- a module's name (`Main.panel`, `PopupMenu.PopupMenuItem`) and what it holds (Main.panel: the
  class `panel` is made of in main.js);
- `this` and `super` in a class of the extension that extends a Shell class (its own members
  aside: a method it defines that the Shell's class has too is an override, checked as such);
- an object made with `new` (`const item = new PopupMenu.PopupMenuItem(…)`, `this._page = new
  Adw.PreferencesPage(…)`), within the block it is declared in, or on `this` for a member;
- a parameter or a method's result whose JSDoc names the class (`@param {Adw.PreferencesPage} page`,
  `@returns {Adw.PreferencesGroup}`), and a member set from a known one (`this._window = window`).

Each use is a `Use`: where (file, line), what (`root`, `path`, `signal`, `props`) and how it reads in
the source (`expr`). check.py walks them against each major's data; extract.py walks them to know
which classes to keep. Python 3.11 stdlib only.
"""
import os
import re
import sys
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import jsscan  # noqa: E402
from jsscan import IDENT  # noqa: E402

SHELL = "/org/gnome/shell/"
PREFS = "/org/gnome/Shell/Extensions/js/"
# The files of a variant GNOME Shell loads, and the process each runs in: the Shell (legacy
# `imports.ui.x` is /org/gnome/shell/ui/x.js there) or the Extensions app's (prefs.js).
FILES = (("extension.js", SHELL), ("prefs.js", PREFS))
CONNECTS = ("connect", "connect_after", "connectObject", "connect_object")


@dataclass
class Use:
    file: str
    line: int
    kind: str  # module, export, chain, override, adw-name, adw-props
    expr: str  # as the source has it
    module: str = None  # module, export: the resource path
    name: str = None  # export: the name; adw-name, adw-props: the libadwaita name
    root: tuple = None  # chain, override: ("class"|"var", "<module>:<name>") or ("adw", Name)
    path: list = field(default_factory=list)  # chain: the members, in order; override: [method]
    signal: str = None  # chain: the signal a connect names (notify::prop for a property)
    props: list = field(default_factory=list)  # adw-props: the construct properties given


def short(module):
    """A module as messages name it: ui/main.js (the Shell's), or its resource path."""
    return module[len(SHELL):] if module.startswith(SHELL) else module


def _import_target(where, prefix):
    """('module', resource path) | ('gi', Ns) | None (the extension's own files, gjs's)."""
    if where.startswith("resource://"):
        return ("module", where[len("resource://"):])
    if where.startswith("gi://"):
        return ("gi", re.sub(r"\?.*", "", where[5:]))
    if where.startswith("imports."):
        parts = where.split(".")[1:]
        if parts[0] == "gi":
            return ("gi", parts[1] if len(parts) > 1 else None)
        if parts[0] in ("ui", "misc", "extensions", "gdm"):
            return ("module", prefix + "/".join(parts) + ".js")
    return None


class _File:
    def __init__(self, path, label, prefix):
        with open(path, encoding="utf-8") as f:
            self.src = jsscan.Source(f.read(), label)
        self.label = label
        self.prefix = prefix
        self.uses = []
        self.names = {}  # local name -> ("ns", module) | ("named", module, name) | ("gi", Ns)
        for local, (kind, where, name) in jsscan.imports(self.src).items():
            target = _import_target(where, prefix)
            if target is None:
                continue
            if target[0] == "gi":
                self.names[local] = ("gi", target[1] or name)
            elif kind == "namespace":
                self.names[local] = ("ns", target[1])
            elif kind == "named":
                self.names[local] = ("named", target[1], name)
        self.classes = jsscan.classes(self.src, top_level_only=True)
        self.locals = []  # (scope start, scope end, declared at, name, type)
        self.returns = {}  # method name -> type
        self.members = {}  # class binding -> {member: type}

    def add(self, pos, kind, expr, **kw):
        self.uses.append(Use(self.label, self.src.line(pos), kind, expr, **kw))

    # Types: ("class", "<module>:<name>"), ("adw", Name), ("ours", binding), or None.
    def type_of(self, expr):
        parts = expr.split(".")
        head = self.names.get(parts[0])
        if len(parts) == 2 and head:
            if head[0] == "ns":
                return ("class", f"{head[1]}:{parts[1]}")
            if head == ("gi", "Adw"):
                return ("adw", parts[1])
            return None
        if len(parts) == 1:
            if head and head[0] == "named":
                return ("class", f"{head[1]}:{head[2]}")
            if parts[0] in self.classes:
                return ("ours", parts[0])
        return None

    def class_at(self, pos):
        best = None
        for c in self.classes.values():
            if c.body[0] < pos < c.body[1] and (best is None or c.body[0] > best.body[0]):
                best = c
        return best

    def local_type(self, name, pos):
        best = None
        for start, end, at, n, t in self.locals:
            if n == name and start <= pos <= end and at <= pos:
                if best is None or (start, at) >= (best[0], best[2]):
                    best = (start, end, at, n, t)
        return best[4] if best else None


def _object_keys(src, brace):
    """The top-level keys of the object literal whose `{` is at `brace`."""
    inner = src.flat(brace + 1, src.match.get(brace, brace))
    keys = []
    for part in inner.split(","):
        m = re.match(rf"\s*({IDENT})\s*(?::|$)", part)
        if m:
            keys.append(m.group(1))
    return keys


def scan_file(path, label, prefix):
    f = _File(path, label, prefix)
    src, masked = f.src, f.src.masked

    # Modules and the names taken from them.
    for local, ref in f.names.items():
        if ref[0] in ("ns", "named"):
            m = re.search(rf"\b{re.escape(local)}\b", masked)
            pos = m.start() if m else 0
            f.add(pos, "module", short(ref[1]), module=ref[1])
            if ref[0] == "named":
                f.add(pos, "export", f"{ref[2]} from {short(ref[1])}", module=ref[1], name=ref[2])

    # JSDoc types of parameters and results.
    for m in re.finditer(rf"/\*\*((?:(?!\*/).)*)\*/\s*(?:(?:static|async)\s+)*(?:function\s+)?({IDENT})\s*\(([^)]*)\)\s*\{{",
                         src.text, re.S):
        doc, name, params = m.group(1), m.group(2), m.group(3)
        body = m.end() - 1
        end = src.match.get(body, body)
        for pm in re.finditer(rf"@param\s*\{{({IDENT}(?:\.{IDENT})*)\}}\s*({IDENT})", doc):
            t = f.type_of(pm.group(1))
            if t and pm.group(2) in [p.strip() for p in params.split(",")]:
                f.locals.append((body, end, body, pm.group(2), t))
        rm = re.search(rf"@returns?\s*\{{({IDENT}(?:\.{IDENT})*)\}}", doc)
        if rm and f.type_of(rm.group(1)):
            f.returns[name] = f.type_of(rm.group(1))

    # Objects made with new, and results of methods whose JSDoc names their class.
    for m in re.finditer(rf"(?<![\w$.])(?:(?:const|let|var)\s+)?({IDENT})\s*=\s*(?:new\s+({IDENT}(?:\.{IDENT})*)\s*\(|this\.({IDENT})\s*\()",
                         masked):
        t = f.type_of(m.group(2)) if m.group(2) else f.returns.get(m.group(3))
        if t:
            start, end = src.enclosing_block(m.start())
            f.locals.append((start, end, m.start(), m.group(1), t))
    for c in f.classes.values():
        own = {}
        body = masked[c.body[0]:c.body[1]]
        for m in re.finditer(rf"\bthis\.({IDENT})\s*=\s*(?:new\s+({IDENT}(?:\.{IDENT})*)\s*\(|this\.({IDENT})\s*\(|({IDENT})\s*;)", body):
            pos = c.body[0] + m.start()
            if m.group(2):
                t = f.type_of(m.group(2))
            elif m.group(3):
                t = f.returns.get(m.group(3))
            else:
                t = f.local_type(m.group(4), pos)
            if t:
                own[m.group(1)] = t
        f.members[c.binding] = own

    # Every chain of members on a name.
    chain_re = re.compile(rf"(?<![\w$.])({IDENT})((?:\s*\??\.\s*#?{IDENT})+)")
    for m in chain_re.finditer(masked):
        head, rest = m.group(1), m.group(2)
        path = re.findall(rf"#?{IDENT}", rest)
        pos = m.start()
        after = masked[m.end():].lstrip()
        call = after.startswith("(")
        signal = None
        if call and path[-1] in CONNECTS:
            signal = src.string_at(m.end() + (len(masked[m.end():]) - len(after)) + 1)
        expr = head + "." + ".".join(path)
        _chain(f, pos, head, path, signal, expr, m.end(), after)
    # Adw construct properties.
    for m in re.finditer(rf"\bnew\s+({IDENT})\.({IDENT})\s*\(\s*\{{", masked):
        if f.names.get(m.group(1)) == ("gi", "Adw"):
            keys = _object_keys(src, m.end() - 1)
            f.add(m.start(), "adw-props", f"new Adw.{m.group(2)}({{{', '.join(keys)}}})", name=m.group(2),
                  root=("adw", m.group(2)), props=keys)
    # Overrides: a method of an extension's class that its Shell base class has.
    for c in f.classes.values():
        base = f.type_of(c.base) if c.base else None
        if base and base[0] == "class":
            for name, (_params, rng) in c.methods.items():
                if rng and not name.startswith("#") and name != "constructor":
                    f.add(rng[0], "override", f"{c.inner or c.binding}.{name} (extends {c.base})",
                          root=base, path=[name])
    return f.uses


def _chain(f, pos, head, path, signal, expr, end, after):
    ref = f.names.get(head)
    if ref and ref[0] == "gi":
        if ref[1] == "Adw":
            f.add(pos, "adw-name", f"Adw.{path[0]}", name=path[0])
            # Adw.X.new(…) and other static uses: the class's functions.
            if len(path) > 1:
                f.add(pos, "chain", expr, root=("adw", path[0]), path=path[1:], signal=signal)
        return
    if ref and ref[0] == "ns":
        f.add(pos, "export", f"{head}.{path[0]} ({short(ref[1])})", module=ref[1], name=path[0])
        if len(path) > 1:
            f.add(pos, "chain", expr, root=("class", f"{ref[1]}:{path[0]}"), path=path[1:], signal=signal)
        return
    if ref and ref[0] == "named":
        f.add(pos, "chain", expr, root=("class", f"{ref[1]}:{ref[2]}"), path=path, signal=signal)
        return
    if head in ("this", "super"):
        c = f.class_at(pos)
        if c is None:
            return
        base = f.type_of(c.base) if c.base else None
        if head == "this":
            member = path[0]
            own = f.members.get(c.binding, {})
            if member in own:
                t = own[member]
                if len(path) > 1 or signal:
                    _typed(f, pos, t, path[1:], signal, expr)
                return
            if member in c.members or member in c.methods:
                return
        if base and base[0] == "class":
            _typed(f, pos, base, path, signal, expr)
        return
    t = f.local_type(head, pos)
    if t:
        _typed(f, pos, t, path, signal, expr)


def _typed(f, pos, t, path, signal, expr):
    if t[0] == "ours":
        return
    if not path:
        return
    f.add(pos, "chain", expr, root=t, path=path, signal=signal)


def scan_variant(folder, label=None):
    """Every use in the variant `folder` (its extension.js and prefs.js)."""
    label = label or os.path.basename(os.path.normpath(folder))
    uses = []
    for name, prefix in FILES:
        path = os.path.join(folder, name)
        if os.path.exists(path):
            uses += scan_file(path, f"{label}/{name}", prefix)
    return uses
