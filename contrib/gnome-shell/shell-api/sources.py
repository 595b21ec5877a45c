# SPDX-License-Identifier: GPL-3.0-or-later
"""GNOME Shell's js/ and libadwaita's src/ at one git tag, read into the model check.py walks: what
shell_model() and adw_model() return is shell-api/<major>.json before extract.py reduces it (there,
`modules` is the list of the paths alone, `exports` holds the names of the modules the extension
imports and `class-names` which of them are classes):

  modules  {resource path: [exported names]}   every module of the Shell's two JS resources
  classes  {"<module>:<binding>": {"extends": "<module>:<binding>" | "gi:St.Widget" | null,
                                   "members": [...], "signals": [...], "types": {member: [class]}}}
  vars     {"<module>:<name>": [class]}          the classes a module's variable is made of
  aliases  {"<module>:<export>": "<module>:<binding>"}   an export whose binding is elsewhere or renamed
  adw      {"classes": {Name: {"extends": Name | "Gtk.Widget", "methods": [...], "properties": [...],
                               "signals": [...]}}, "names": [every class and enum]}

Python 3.11 stdlib only; git is run for `git show` and `git ls-tree`.
"""
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import jsscan  # noqa: E402

# The Shell's JavaScript resources: the prefix its modules are imported under, the gresource file
# that lists them and the folders (of the repository) meson looks for each listed file in.
RESOURCES = (
    ("/org/gnome/shell/", "js/js-resources.gresource.xml", ("js",)),
    ("/org/gnome/Shell/Extensions/js/", "js/dbusServices/org.gnome.Shell.Extensions.src.gresource.xml",
     ("js/dbusServices", "js", "js/dbusServices/extensions")),
)
# gjs's own modules (imports.signals, 'gettext', 'system'…): not the Shell's.
GJS_MODULES = {"signals", "lang", "mainloop", "gettext", "format", "byteArray", "system", "cairo",
               "console", "tweener", "package", "_gi", "searchPath", "overrides"}


class Git:
    def __init__(self, git_dir):
        self.git_dir = git_dir

    def run(self, *args):
        return subprocess.run(["git", "--git-dir", self.git_dir, *args], check=True,
                              capture_output=True, text=True).stdout

    def commit(self, ref):
        return self.run("rev-parse", f"{ref}^{{commit}}").strip()

    def files(self, ref, under):
        return set(self.run("ls-tree", "-r", "--name-only", ref, "--", under).split())

    def show(self, ref, path):
        return self.run("show", f"{ref}:{path}")


def resolve(module, where):
    """The resource path an import string names from `module` (a resource path): ('module', path),
    ('gi', 'St'), or None (gjs's own, or unknown)."""
    if where.startswith("gi://"):
        return ("gi", re.sub(r"\?.*", "", where[5:]))
    if where.startswith("resource://"):
        return ("module", where[len("resource://"):])
    if where.startswith("./") or where.startswith("../"):
        return ("module", os.path.normpath(os.path.join(os.path.dirname(module), where)))
    if where.startswith("imports."):
        parts = where.split(".")[1:]
        if parts[0] == "gi":
            return ("gi", parts[1]) if len(parts) > 1 else ("gi", None)
        if parts[0] in GJS_MODULES or len(parts) < 2:
            return None
        prefix = next(p for p, _, _ in RESOURCES if module.startswith(p))
        return ("module", prefix + "/".join(parts) + ".js")
    return None


def shell_model(git, ref):
    """The Shell at `ref`: its modules, exports, classes and module variables."""
    tree = git.files(ref, "js")
    sources = {}
    for prefix, xml, folders in RESOURCES:
        if xml not in tree:
            continue
        root = ET.fromstring(git.show(ref, xml))
        for res in root.iter("gresource"):
            if res.get("prefix").rstrip("/") + "/" != prefix:
                continue
            for f in res.iter("file"):
                name = f.text.strip()
                if not name.endswith(".js"):
                    continue
                for folder in folders:
                    for cand in (f"{folder}/{name}", f"{folder}/{name}.in"):
                        if cand in tree:
                            sources[prefix + name] = cand
                            break
                    else:
                        continue
                    break
    modules, parsed = {}, {}
    for mod, path in sorted(sources.items()):
        src = jsscan.Source(git.show(ref, path), path)
        top = src.flat(0, len(src.masked))
        legacy = not re.search(r"(?m)^\s*(?:import|export)\b", top)
        parsed[mod] = (src, legacy, jsscan.imports(src), jsscan.exports(src, legacy), jsscan.classes(src))
    model = {"modules": {}, "classes": {}, "vars": {}, "aliases": {}}
    for mod, (src, legacy, imps, exps, cls) in parsed.items():
        names = set()
        for name, binding in exps.items():
            if name.startswith("@all:"):
                target = resolve(mod, name[5:])
                if target and target[0] == "module" and target[1] in parsed:
                    names |= {n for n in parsed[target[1]][3] if not n.startswith("@")}
                continue
            names.add(name)
            if binding.startswith("@from:"):
                where, local = binding[6:].rsplit(":", 1)
                target = resolve(mod, where)
                if target and target[0] == "module":
                    model["aliases"][f"{mod}:{name}"] = f"{target[1]}:{local}"
            elif binding != name:
                model["aliases"][f"{mod}:{name}"] = f"{mod}:{binding}"
            elif binding in imps and imps[binding][0] == "named":
                target = resolve(mod, imps[binding][1])
                if target and target[0] == "module":
                    model["aliases"][f"{mod}:{name}"] = f"{target[1]}:{imps[binding][2]}"
        model["modules"][mod] = sorted(names)
        signal_classes = jsscan.signal_methods(src)

        def class_ref(expr, mod=mod, imps=imps, cls=cls):
            return type_ref(expr, mod, imps, cls)

        for binding, c in cls.items():
            members = set(c.members)
            if binding in signal_classes:
                members |= set(jsscan.SIGNAL_METHODS)
            types = {}
            for member, exprs in c.member_types.items():
                refs = sorted({r for r in map(class_ref, exprs) if r})
                if refs:
                    types[member] = refs
            model["classes"][f"{mod}:{binding}"] = {
                "extends": class_ref(c.base) if c.base else None,
                "members": sorted(members),
                "signals": sorted(c.signals),
                "types": types,
            }
        tops = [n for n, b in exps.items() if not n.startswith("@") and b == n and n not in cls]
        for name, exprs in jsscan.module_vars(src, tops).items():
            refs = sorted({r for r in map(class_ref, exprs) if r})
            if refs:
                model["vars"][f"{mod}:{name}"] = refs
    return model


def type_ref(expr, mod, imps, cls):
    """What a class expression (`PopupMenu.PopupMenu`, `ButtonBox`, `St.Widget`) in `mod` names:
    "<module>:<export or binding>", "gi:<Ns>.<Name>", or None."""
    if expr is None:
        return None
    parts = expr.split(".")
    head = parts[0]
    if len(parts) == 1:
        if head in cls:
            return f"{mod}:{head}"
        if head in imps and imps[head][0] == "named":
            target = resolve(mod, imps[head][1])
            if target and target[0] == "module":
                return f"{target[1]}:{imps[head][2]}"
            if target and target[0] == "gi":
                return f"gi:{target[1] or imps[head][2]}"
        return None
    if head in imps:
        kind, where, name = imps[head]
        target = resolve(mod, where)
        if target is None:
            return None
        if target[0] == "gi":
            # const {St} = imports.gi (named) or import St from 'gi://St' (default).
            ns = target[1] or name
            return f"gi:{ns}.{parts[1]}"
        if kind == "namespace" and len(parts) == 2:
            return f"{target[1]}:{parts[1]}"
    return None


# libadwaita -----------------------------------------------------------------------------------

_DECLARE = re.compile(r"G_DECLARE_(?:FINAL|DERIVABLE)_TYPE\s*\(\s*Adw(\w+)\s*,\s*(adw_\w+)\s*,\s*ADW\s*,\s*\w+\s*,\s*(\w+)\s*\)")
_FUNC = re.compile(r"\b(adw_\w+)\s*\(\s*(?:const\s+)?Adw(\w+)\s*\*")
_CTOR = re.compile(r"\b(adw_\w+?)_new(?:_\w+)?\s*\(")
_ENUM = re.compile(r"typedef\s+enum\s*(?:/\*.*?\*/\s*)?\{[^}]*\}\s*Adw(\w+)\s*;", re.S)


def adw_model(git, ref):
    """libadwaita at `ref`: its public classes (G_DECLARE_*_TYPE in src/*.h), each with its parent,
    the methods its header declares (adw_<class>_<method> taking the class first; its constructors),
    and the properties (g_param_spec_*, g_object_class_override_property) and signals (g_signal_new)
    its adw_<class>_class_init makes; and the names of its enums."""
    tree = git.files(ref, "src")
    headers = sorted(f for f in tree if re.fullmatch(r"src/adw-[\w-]+\.h", f) and "private" not in f)
    classes, names, snake = {}, set(), {}
    texts = {f: git.show(ref, f) for f in headers}
    for f, text in texts.items():
        text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
        texts[f] = text
        for m in _DECLARE.finditer(text):
            name, prefix, parent = m.groups()
            parent = parent[3:] if parent.startswith("Adw") else re.sub(r"^(Gtk|G)(?=[A-Z])", lambda g: {"Gtk": "Gtk.", "G": "GObject."}[g.group(1)], parent)
            classes[name] = {"extends": parent, "methods": set(), "properties": set(), "signals": set()}
            snake[prefix] = name
            names.add(name)
        for m in _ENUM.finditer(text):
            names.add(m.group(1))
    for text in texts.values():
        for m in _FUNC.finditer(text):
            fn, cls = m.groups()
            for prefix, name in snake.items():
                if name == cls and fn.startswith(prefix + "_"):
                    method = fn[len(prefix) + 1:]
                    if method != "get_type":
                        classes[name]["methods"].add(method)
        for m in _CTOR.finditer(text):
            prefix = m.group(1)
            if prefix in snake:
                classes[snake[prefix]]["methods"].add(m.group(0)[len(prefix) + 1:].split("(")[0].strip())
    for prefix, name in snake.items():
        c_file = f"src/{prefix.replace('_', '-')}.c"
        if c_file not in tree:
            continue
        src = git.show(ref, c_file)
        m = re.search(rf"^{prefix}_class_init\s*\([^)]*\)\s*\{{", src, re.M)
        if not m:
            continue
        depth, i = 1, m.end()
        while depth and i < len(src):
            depth += {"{": 1, "}": -1}.get(src[i], 0)
            i += 1
        body = src[m.end():i]
        c = classes[name]
        c["properties"] |= set(re.findall(r"g_param_spec_\w+\s*\(\s*\"([\w-]+)\"", body))
        c["properties"] |= set(re.findall(r"g_object_class_override_property\s*\([^,]+,[^,]+,\s*\"([\w-]+)\"", body))
        c["signals"] |= set(re.findall(r"g_signal_new\s*\(\s*(?:I_\s*\(\s*)?\"([\w-]+)\"", body))
    return {"classes": {n: {k: (sorted(v) if isinstance(v, set) else v) for k, v in c.items()}
                        for n, c in sorted(classes.items())},
            "names": sorted(names)}
