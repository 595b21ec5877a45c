# SPDX-License-Identifier: GPL-3.0-or-later
"""The settings pages' names cannot drift from nitnem's words. contents/config/config.qml runs
no command, so it names each page with i18nd("nitnem", MSGID), nitnem's own catalogue; this fails (exit
1, naming what differs) unless every ConfigCategory's name is such a call, every i18n call in the file
is one, each MSGID is a msgid of po/nitnem.pot, and it is the English words.pages.<section> of `nitnem
config --format json` for the section its page shows (the `section:` of its source file), with every
page of words.pages named once. Run by run.sh:

  python3 page_names.py CONFIG_QML POT -- NITNEM_ARGV...   (NITNEM_ARGV run with `config --format json`)"""
import ast
import json
import os
import re
import subprocess
import sys

config_qml, pot = sys.argv[1], sys.argv[2]
argv = sys.argv[sys.argv.index("--") + 1:]
problems = []

STRING = r'"(?:[^"\\]|\\.)*"'


def msgids(path):
    """The msgids of a .pot's entries without a msgctxt (the ones gettext's plain lookup finds)."""
    found = set()
    for entry in re.split(r"\n\s*\n", open(path, encoding="utf-8").read()):
        fields, key = {}, None
        for line in entry.split("\n"):
            m = re.match(r"^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+(" + STRING + r")\s*$", line)
            if m:
                key = m.group(1)
                fields[key] = ast.literal_eval(m.group(2))
            elif key and re.match(r"^" + STRING + r"\s*$", line.strip()):
                fields[key] += ast.literal_eval(line.strip())
        if fields.get("msgid") and "msgctxt" not in fields:
            found.add(fields["msgid"])
    return found


qml = open(config_qml, encoding="utf-8").read()
code = "\n".join(line.split("//", 1)[0] for line in qml.split("\n"))  # comments may name i18nd
calls = re.findall(r"\bi18n\w*\s*\([^)]*\)", code)
good = re.compile(r'^i18nd\("nitnem",\s*(' + STRING + r')\)$')
for call in calls:
    if not good.match(call):
        problems.append(f"{config_qml}: {call} is not i18nd(\"nitnem\", \"…\") (nitnem's own catalogue)")

english = dict(os.environ, LANGUAGE="en", LC_ALL="C.UTF-8")
out = subprocess.run(argv + ["config", "--format", "json"], capture_output=True, text=True, env=english)
if out.returncode != 0:
    sys.exit(f"page_names.py: {' '.join(argv)} config --format json: exit {out.returncode}: {out.stderr.strip()}")
pages = json.loads(out.stdout)["words"]["pages"]
known = msgids(pot)
folder = os.path.join(os.path.dirname(config_qml), "..", "ui")
named = []
for block in re.findall(r"\bConfigCategory\s*\{([^{}]*)\}", code):
    name = re.search(r"^\s*name:\s*(.*?)\s*$", block, re.M)
    source = re.search(r'^\s*source:\s*"([^"]+)"', block, re.M)
    call = good.match(name.group(1)) if name else None
    if call is None or source is None:
        problems.append(f"{config_qml}: a page named {name and name.group(1)!r} (source {source and source.group(1)!r}), "
                        "not i18nd(\"nitnem\", \"…\") with a source")
        continue
    msgid = ast.literal_eval(call.group(1))
    section = re.search(r'^\s*section:\s*"([^"]+)"', open(os.path.join(folder, source.group(1)), encoding="utf-8").read(), re.M)
    section = section.group(1) if section else source.group(1)
    named.append(section)
    if msgid not in known:
        problems.append(f"{msgid!r} (the page {source.group(1)}) is not a msgid of {pot}")
    if pages.get(section) != msgid:
        problems.append(f"{msgid!r} (the page {source.group(1)}) is not nitnem's words.pages.{section}: {pages.get(section)!r}")
if sorted(named) != sorted(pages):
    problems.append(f"{config_qml} names the pages {named}; nitnem words {sorted(pages)}")
for p in problems:
    print("FAIL " + p)
print(f"page_names.py: {len(named)} pages, {len(calls)} i18n calls, {len(problems)} problems "
      f"(words.pages: {json.dumps(pages, ensure_ascii=False)})")
sys.exit(1 if problems else 0)
