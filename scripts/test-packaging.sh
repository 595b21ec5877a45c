#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The install and package tests: they need the release build, so they run here (the last step of
# `make test`; alone: `make package-test`), not in `swift test`. One release build, reused by each.
#
# 1. install.sh's man page and completions, from a stub binary that has `completions` (until the
#    real one does) — make install's paths, and the .deb's gzipped man page and zsh folder.
# 2. make install DESTDIR=<tmp> PREFIX=/usr: every file where it belongs (the binary stripped), the unit's ExecStart is
#    the installed binary and systemd-analyze verify --user is clean (our unit alone: other packages'
#    units on the unit path are not verified), the AppStream metainfo
#    validates (appstreamcli validate --no-net); make uninstall leaves the tree
#    empty; a file or folder the user added survives it, and so does the folder holding it.
# 3. make install PREFIX=<tmp>/home/.local for real (no DESTDIR) in a sandbox HOME with no user
#    manager: the sggs:// handler registered, the unit verified as installed, `nitnem status` runs;
#    it says what to add for PATH and zsh's fpath, and ends with `systemctl --user enable --now`;
#    make uninstall leaves nothing of it, the mimeapps.list install created included; a second
#    make uninstall says there is nothing to remove and exits 0. With the stub binary: the user's
#    own mimeapps.list gets back its bytes, a line the user added keeps the file, and with BINDIR
#    on PATH and the zsh folder in FPATH neither hint is printed.
# 4. make deb in an empty HOME with no git identity (Maintainer from packaging/debian/maintainer;
#    DEBFULLNAME/DEBEMAIL and DEB_MAINTAINER override it): its dpkg-deb --contents match packaging/debian/contents.golden (less the man page
#    and completions while the tree has none; NITNEM_RECORD_DEB_CONTENTS=1 records it anew), lintian reports no error, the unit verifies, its AppStream
#    metainfo validates and names the package's version as its newest release, and the
#    unpacked binary runs `nitnem status` with no /opt/swift on PATH and no LD_LIBRARY_PATH.
# 5. What `make run`, `make install`, `make deb` and `make test` would install on a machine without
#    any of it (dpkg-query, apt-get and sudo stand-ins record the request): run and install only the
#    build's packages, deb also dpkg-dev, test everything.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export PATH=/opt/swift/usr/bin:$PATH
work=$(mktemp -d /tmp/nitnem-packaging-XXXXXX)
trap 'rm -rf "$work"' EXIT
failures=0
pass() { printf 'ok   %s\n' "$*"; }
fail() { printf 'FAIL %s\n' "$*" >&2; failures=$((failures + 1)); }
check() { local what=$1; shift; if "$@"; then pass "$what"; else fail "$what"; fi; }
# The Punjabi locale the README's recipe names (LANG=pa_IN.UTF-8), generated as locale-gen does, in a
# private LOCPATH (LANGUAGE=pa under C.UTF-8 is English from glibc 2.39 on).
mkdir -p "$work/locpath"
localedef -i pa_IN -f UTF-8 "$work/locpath/pa_IN.UTF-8" || fail "localedef pa_IN.UTF-8 (the locales package)"
# The tree under $1 as sorted relative paths, or nothing when it is empty.
tree() { (cd "$1" && find . -mindepth 1 | LC_ALL=C sort); }
# No user manager, bus or desktop of the caller's is touched.
# FPATH unset: zsh's own folders, as in a fresh login.
sandbox_env=(env -u DBUS_SESSION_BUS_ADDRESS -u DISPLAY -u WAYLAND_DISPLAY -u JOURNAL_STREAM -u FPATH
  "XDG_RUNTIME_DIR=$work/run")
mkdir -m700 "$work/run"
# systemd-analyze verify of unit $1, with ExecStart's binary $2 (at its path in a staging tree).
# Only our unit is verified: verify loads every unit on the user unit path, and other packages'
# units clash among themselves (mako, swaync and xfce4-notifyd each claim the bus name
# org.freedesktop.Notifications: "Two services allocated for the same bus name"), so the unit path
# (SYSTEMD_UNIT_PATH) is a folder holding our unit and the targets and slices it may need
# (basic.target, default.target, graphical-session.target, app.slice…) linked from the real one.
verify_unit() {
  local dir=$work/verify-$RANDOM d f
  mkdir "$dir"
  sed "s|^ExecStart=[^ ]*|ExecStart=$2|" "$1" > "$dir/nitnem.service"
  for d in $(systemd-analyze --user unit-paths 2> /dev/null); do
    for f in "$d"/*.target "$d"/*.slice; do
      [ -f "$f" ] && [ ! -e "$dir/${f##*/}" ] && ln -s "$f" "$dir/"
    done
  done
  "${sandbox_env[@]}" SYSTEMD_UNIT_PATH="$dir" systemd-analyze verify --user "$dir/nitnem.service" > "$dir/out" 2>&1
  local rc=$?
  [ -s "$dir/out" ] && sed 's/^/     /' "$dir/out" >&2
  [ $rc -eq 0 ] && [ ! -s "$dir/out" ]
}

start=$SECONDS
make -s release > "$work/release.log" 2>&1 || { cat "$work/release.log" >&2; exit 1; }
read -r -a release <<< "$(scripts/release-flags.sh)"
bin=$(swift build "${release[@]}" --show-bin-path)/nitnem
pass "release build ($((SECONDS - start)) s)"
# The generated extension and widget forms, as `make install` and `make deb` take them.
make -s variants > "$work/variants.log" 2>&1 || { cat "$work/variants.log" >&2; exit 1; }
built=$root/.build/contrib

# 1. The man page and completions, from a stub that has them.
stub=$work/stub/nitnem
mkdir -p "$work/stub"
cat > "$stub" << 'EOF'
#!/bin/sh
case "$1 $2" in
  "completions bash" | "completions zsh" | "completions fish") echo "# $2 completion for nitnem" ;;
  "--version ") echo "nitnem 0.1.0" ;;
  *) echo "nitnem: unknown command '$1'" >&2; exit 2 ;;
esac
EOF
chmod 755 "$stub"
printf '.TH NITNEM 1\n.SH NAME\nnitnem \\- daily Nitnem\n' > "$work/nitnem.1"
STRIP= NITNEM_BIN=$stub MANPAGE=$work/nitnem.1 DESTDIR=$work/stub-install PREFIX=/usr GNOME_SHELL_VERSION=none \
  scripts/install.sh > "$work/stub.log"
check "make install: man page and completions in their folders" test \
  "$(cat "$work/stub-install/usr/share/bash-completion/completions/nitnem" \
    "$work/stub-install/usr/share/zsh/site-functions/_nitnem" \
    "$work/stub-install/usr/share/fish/vendor_completions.d/nitnem.fish" \
    "$work/stub-install/usr/share/man/man1/nitnem.1" 2> /dev/null | head -4 | tr '\n' '|')" \
  = "# bash completion for nitnem|# zsh completion for nitnem|# fish completion for nitnem|.TH NITNEM 1|"
STRIP= NITNEM_BIN=$stub MANPAGE=$work/nitnem.1 DESTDIR=$work/stub-package PREFIX=/usr GNOME_SHELL_VERSION=none \
  INSTALL_MODE=package ZSH_COMPLETIONS_DIR=/usr/share/zsh/vendor-completions scripts/install.sh > "$work/stub.log"
STRIP= NITNEM_BIN=$stub MANPAGE= DESTDIR=$work/stub-plasma5 PREFIX=/usr GNOME_SHELL_VERSION=none PLASMA_VERSION=5 \
  scripts/install.sh > "$work/stub.log"
check "PLASMA_VERSION=5, no VARIANTS: the Plasma 5.27 widget install.sh makes, as make variants does" \
  diff -r "$built/org.nitnem.nitnem-5" "$work/stub-plasma5/usr/share/plasma/plasmoids/org.nitnem.nitnem"
check "package: the man page gzipped, zsh in vendor-completions, no manifest" test \
  "$(zcat "$work/stub-package/usr/share/man/man1/nitnem.1.gz" | head -1)|$(cat "$work/stub-package/usr/share/zsh/vendor-completions/_nitnem")|$(ls "$work/stub-package/usr/share/nitnem")" \
  = ".TH NITNEM 1|# zsh completion for nitnem|config.example
i3blocks.conf
polybar.ini
waybar.css
waybar.jsonc"

# 2. make install into a staging tree, and make uninstall out of it.
stage=$work/stage
mkdir "$stage"
t=$SECONDS
make -s install DESTDIR="$stage" PREFIX=/usr GNOME_SHELL_VERSION=48 PLASMA_VERSION=6 > "$work/install.log" 2>&1 ||
  { cat "$work/install.log" >&2; exit 1; }
pass "make install DESTDIR PREFIX=/usr ($((SECONDS - t)) s)"
strip --strip-unneeded --remove-section=.comment --remove-section=.note -o "$work/nitnem.stripped" "$bin"
check "the binary is the release build, stripped ($(stat -c %s "$bin") → $(stat -c %s "$stage/usr/bin/nitnem") bytes)" \
  cmp -s "$work/nitnem.stripped" "$stage/usr/bin/nitnem"
check "the unit runs /usr/bin/nitnem" grep -qx 'ExecStart=/usr/bin/nitnem run' "$stage/usr/lib/systemd/user/nitnem.service"
check "the unit does not restart on exit 2 or 3" \
  grep -qx 'RestartPreventExitStatus=2 3' "$stage/usr/lib/systemd/user/nitnem.service"
check "systemd-analyze verify --user: the installed unit" \
  verify_unit "$stage/usr/lib/systemd/user/nitnem.service" "$stage/usr/bin/nitnem"
sed 's/^Type=notify$/Type=notifyy/' "$stage/usr/lib/systemd/user/nitnem.service" > "$work/bad.service"
check "systemd-analyze verify --user still finds a fault in our unit (Type=notifyy)" \
  eval '! verify_unit "$work/bad.service" "$stage/usr/bin/nitnem" 2> /dev/null'
check "the desktop entry runs /usr/bin/nitnem" grep -qx 'Exec=/usr/bin/nitnem open %u' "$stage/usr/share/applications/nitnem.desktop"
check "the icon" test -f "$stage/usr/share/icons/hicolor/scalable/apps/nitnem.svg"
check "the GNOME 45+ extension (contrib/gnome-shell/nitnem@nitnem/; metadata.json as gen-43.sh writes it) as nitnem@nitnem" \
  eval 'grep -q "\"48\"" "$stage/usr/share/gnome-shell/extensions/nitnem@nitnem/metadata.json" &&
    cmp -s "$built/nitnem@nitnem/metadata.json" "$stage/usr/share/gnome-shell/extensions/nitnem@nitnem/metadata.json" &&
    cmp -s contrib/gnome-shell/nitnem@nitnem/extension.js "$stage/usr/share/gnome-shell/extensions/nitnem@nitnem/extension.js"'
metainfo=/usr/share/metainfo/org.nitnem.nitnem.metainfo.xml
# appstreamcli validate, offline (no URL is fetched); its findings (even pedantic ones) are printed.
validate_metainfo() {
  local out rc
  out=$(appstreamcli validate --no-net --pedantic "$1" 2>&1) && rc=0 || rc=$?
  [ $rc -eq 0 ] || printf '%s\n' "$out" | sed 's/^/     /' >&2
  [ $rc -eq 0 ]
}
check "appstreamcli validate --no-net: the installed metainfo ($metainfo)" validate_metainfo "$stage$metainfo"
check "the metainfo launches the installed desktop entry and provides the binary" eval \
  'grep -q "<launchable type=\"desktop-id\">nitnem.desktop</launchable>" "$stage$metainfo" &&
   grep -q "<binary>nitnem</binary>" "$stage$metainfo" && test -f "$stage/usr/share/applications/nitnem.desktop"'
check "PLASMA_VERSION=6: the Plasma 6 widget gen-5.sh makes (the source and widget.js) in plasma/plasmoids/org.nitnem.nitnem" \
  diff -r "$built/org.nitnem.nitnem" "$stage/usr/share/plasma/plasmoids/org.nitnem.nitnem"
check "the bar configs" test -f "$stage/usr/share/nitnem/waybar.jsonc" -a -f "$stage/usr/share/nitnem/i3blocks.conf"
check "the example config is the template" cmp -s contrib/config.example "$stage/usr/share/nitnem/config.example"
check "the Punjabi catalogue in /usr/share/locale/pa/LC_MESSAGES/nitnem.mo" \
  test -f "$stage/usr/share/locale/pa/LC_MESSAGES/nitnem.mo"
words=$(env -i PATH=/usr/bin:/bin HOME="$work/stage-home" TZ=Asia/Kolkata SGGS_CLOCK_NOW=2026-12-01T18:00:00+05:30 \
  LOCPATH="$work/locpath" LANG=pa_IN.UTF-8 "$stage/usr/bin/nitnem" status 2>&1 | head -1)
check "the installed binary finds it beside itself (<bin>/../share/locale): $words" \
  eval 'case "$words" in "ਸ਼ਾਮ · "*) true ;; *) false ;; esac'
check "no sggs:// registration or cache in a staging tree" \
  test ! -e "$stage/usr/share/applications/mimeinfo.cache" -a ! -e "$stage/usr/share/applications/mimeapps.list"
manifest=$stage/usr/share/nitnem/install-manifest
listed=$(grep '^file ' "$manifest" | cut -d' ' -f3- | sed 's|^|.|' | LC_ALL=C sort)
present=$(cd "$stage" && find . -type f ! -path ./usr/share/nitnem/install-manifest | LC_ALL=C sort)
check "the manifest lists every file installed" test "$listed" = "$present"
t=$SECONDS
make -s uninstall DESTDIR="$stage" PREFIX=/usr > "$work/uninstall.log" 2>&1 || cat "$work/uninstall.log" >&2
check "make uninstall leaves the tree empty ($((SECONDS - t)) s)" test -z "$(tree "$stage")"
# What the user put beside it stays, and so does every folder on its way.
make -s install DESTDIR="$stage" PREFIX=/usr GNOME_SHELL_VERSION=none > "$work/install.log" 2>&1
echo mine > "$stage/usr/share/nitnem/notes.txt"
mkdir -p "$stage/usr/share/applications/other" "$stage/usr/bin/tools"
echo '#!/bin/sh' > "$stage/usr/bin/tools/other"
make -s uninstall DESTDIR="$stage" PREFIX=/usr > "$work/uninstall.log" 2>&1
check "make uninstall keeps others' files and their folders" test "$(tree "$stage" | tr '\n' ' ')" = \
  "./usr ./usr/bin ./usr/bin/tools ./usr/bin/tools/other ./usr/share ./usr/share/applications ./usr/share/applications/other ./usr/share/nitnem ./usr/share/nitnem/notes.txt "
rm -rf "$stage"

# 3. A real install into a sandbox home (no user manager reachable).
home=$work/home
mkdir -p "$home"
home_env=("${sandbox_env[@]}" "HOME=$home" "XDG_CONFIG_HOME=$home/.config" "XDG_DATA_HOME=$home/.local/share"
  "XDG_STATE_HOME=$home/.local/state" XDG_DATA_DIRS=/usr/share)
"${home_env[@]}" make -s install PREFIX="$home/.local" GNOME_SHELL_VERSION=none > "$work/home-install.log" 2>&1 ||
  { cat "$work/home-install.log" >&2; exit 1; }
check "the unit goes where the user manager looks (~/.local/share/systemd/user)" \
  test -f "$home/.local/share/systemd/user/nitnem.service"
check "systemd-analyze verify --user: the unit as make install wrote it" \
  verify_unit "$home/.local/share/systemd/user/nitnem.service" "$home/.local/bin/nitnem"
check "without a user manager its last line says what to run" \
  eval 'tail -n1 "$work/home-install.log" | grep "no user manager reachable.*systemctl --user daemon-reload && systemctl --user enable --now nitnem.service\$" > /dev/null'
check "~/.local/bin not on PATH: it says what to add to the shell profile" grep -qxF \
  "install: warning: $home/.local/bin is not on PATH; add this line to your shell profile (~/.profile, ~/.zprofile): export PATH=\"\$HOME/.local/bin:\$PATH\"" \
  "$work/home-install.log"
if command -v zsh > /dev/null; then
  check "zsh does not look in ~/.local/share/zsh/site-functions: it prints the fpath line" grep -qxF \
    "install: zsh does not look in $home/.local/share/zsh/site-functions; add this line to ~/.zshrc, before compinit: fpath=(\"\$HOME/.local/share/zsh/site-functions\" \$fpath)" \
    "$work/home-install.log"
else
  fail "zsh not installed (scripts/deps.sh installs it)"
fi
check "the manifest says install created ~/.config/mimeapps.list" \
  grep -qxF "mimeapps created $home/.config/mimeapps.list" "$home/.local/share/nitnem/install-manifest"
check "sggs:// opens with nitnem.desktop" test \
  "$("${home_env[@]}" xdg-mime query default x-scheme-handler/sggs 2> /dev/null)" = nitnem.desktop
check "the installed nitnem status runs" eval '"${home_env[@]}" TZ=UTC SGGS_CLOCK_NOW=2026-12-01T18:00:00Z \
  "$home/.local/bin/nitnem" status > /dev/null'
"${home_env[@]}" make -s uninstall PREFIX="$home/.local" > "$work/home-uninstall.log" 2>&1 || cat "$work/home-uninstall.log" >&2
check "make uninstall leaves no trace under the prefix" test ! -e "$home/.local/bin" -a ! -e "$home/.local/share/applications" \
  -a -z "$(find "$home/.local" -type f 2> /dev/null)"
check "make uninstall removes the mimeapps.list install created (only the sggs:// line was in it)" \
  test ! -e "$home/.config/mimeapps.list"
again=$("${home_env[@]}" make -s uninstall PREFIX="$home/.local" 2>&1) && rc=0 || rc=$?
check "make uninstall with nothing installed: exit 0, one line saying so ($again)" \
  eval '[ "$rc" -eq 0 ] && [ "$(printf "%s\n" "$again" | wc -l)" -eq 1 ] && [[ "$again" == *"nothing to remove"* ]]'

# The same install.sh and uninstall.sh with the stub binary (fast), in other sandbox homes.
stub_install() {  # HOME, then extra environment; installs into HOME/.local
  local h=$1; shift
  "${sandbox_env[@]}" "HOME=$h" "XDG_CONFIG_HOME=$h/.config" "XDG_DATA_HOME=$h/.local/share" XDG_DATA_DIRS=/usr/share \
    STRIP= NITNEM_BIN="$stub" MANPAGE= PREFIX="$h/.local" GNOME_SHELL_VERSION=none "$@" scripts/install.sh
}
stub_uninstall() {
  "${sandbox_env[@]}" "HOME=$1" "XDG_CONFIG_HOME=$1/.config" PREFIX="$1/.local" scripts/uninstall.sh
}
# The user's own mimeapps.list: install adds the line, uninstall takes out that line and only it.
home2=$work/home2
mkdir -p "$home2/.config"
printf '[Default Applications]\ntext/html=firefox.desktop\n\n[Added Associations]\nimage/png=eog.desktop;\n' \
  > "$home2/.config/mimeapps.list"
cp "$home2/.config/mimeapps.list" "$work/mimeapps.mine"
stub_install "$home2" > "$work/home2-install.log" 2>&1 || cat "$work/home2-install.log" >&2
check "the user's mimeapps.list: the manifest says install added the line" eval \
  'grep -qxF "mimeapps added $home2/.config/mimeapps.list" "$home2/.local/share/nitnem/install-manifest" &&
   grep -qx "x-scheme-handler/sggs=nitnem.desktop" "$home2/.config/mimeapps.list"'
stub_uninstall "$home2" > "$work/home2-uninstall.log" 2>&1 || cat "$work/home2-uninstall.log" >&2
check "make uninstall gives the user's mimeapps.list back byte for byte" cmp -s "$work/mimeapps.mine" "$home2/.config/mimeapps.list"
# A mimeapps.list install created and the user wrote to since: the file stays, without our line.
home3=$work/home3
mkdir -p "$home3"
stub_install "$home3" > "$work/home3-install.log" 2>&1 || cat "$work/home3-install.log" >&2
echo 'text/plain=gedit.desktop' >> "$home3/.config/mimeapps.list"
stub_uninstall "$home3" > "$work/home3-uninstall.log" 2>&1 || cat "$work/home3-uninstall.log" >&2
check "a mimeapps.list install created and the user added to stays, without the sggs:// line" eval \
  'grep -qx "text/plain=gedit.desktop" "$home3/.config/mimeapps.list" && ! grep -q sggs "$home3/.config/mimeapps.list"'
# BINDIR on PATH and the zsh folder in FPATH: no hint for either.
home4=$work/home4
mkdir -p "$home4"
stub_install "$home4" PATH="$home4/.local/bin:$PATH" FPATH="$home4/.local/share/zsh/site-functions" \
  > "$work/home4-install.log" 2>&1 || cat "$work/home4-install.log" >&2
check "BINDIR on PATH and the zsh folder in FPATH: neither hint" eval \
  '! grep -q -e "not on PATH" -e "fpath=" "$work/home4-install.log" && grep -q "3 shell completions" "$work/home4-install.log"'
stub_uninstall "$home4" > /dev/null 2>&1 || true

# 4. The .deb.
t=$SECONDS
# As a packager, a CI container or a fresh account runs it: HOME an empty folder, no git identity
# (no global or system git config), none of the maintainer variables.
mkdir "$work/empty-home"
no_identity=(env -u DEB_MAINTAINER -u DEBEMAIL -u DEBFULLNAME -u EMAIL -u GIT_AUTHOR_NAME -u GIT_AUTHOR_EMAIL
  -u GIT_COMMITTER_NAME -u GIT_COMMITTER_EMAIL -u XDG_CONFIG_HOME "HOME=$work/empty-home" GIT_CONFIG_NOSYSTEM=1
  GIT_CONFIG_GLOBAL=/dev/null)
"${no_identity[@]}" make -s deb DEBDIR="$work/deb" DEB_COMPRESS=gzip > "$work/deb.log" 2>&1 || { cat "$work/deb.log" >&2; exit 1; }
deb=$(ls "$work"/deb/nitnem_*.deb)
project_maintainer=$(sed -n 's/^Maintainer:[[:space:]]*//p' packaging/debian/maintainer)
check "make deb with an empty HOME and no git identity: Maintainer is packaging/debian/maintainer's ($project_maintainer)" \
  test "$(dpkg-deb --field "$deb" Maintainer)" = "$project_maintainer"
# DEBFULLNAME/DEBEMAIL override the file, and DEB_MAINTAINER overrides them (the release build is reused).
mkdir "$work/deb-override"
"${no_identity[@]}" DEBFULLNAME="Deb Packager" DEBEMAIL=packager@example.org NITNEM_BIN="$bin" DEB_COMPRESS=none \
  scripts/build-deb.sh "$work/deb-override" > /dev/null 2>&1
check "DEBFULLNAME and DEBEMAIL name the Maintainer" \
  test "$(dpkg-deb --field "$work"/deb-override/nitnem_*.deb Maintainer)" = "Deb Packager <packager@example.org>"
rm -f "$work"/deb-override/*.deb
"${no_identity[@]}" DEBEMAIL=packager@example.org DEB_MAINTAINER="Other One <other@example.org>" NITNEM_BIN="$bin" \
  DEB_COMPRESS=none scripts/build-deb.sh "$work/deb-override" > /dev/null 2>&1
check "DEB_MAINTAINER over DEBEMAIL" \
  test "$(dpkg-deb --field "$work"/deb-override/nitnem_*.deb Maintainer)" = "Other One <other@example.org>"
bad=$("${no_identity[@]}" DEB_MAINTAINER=" <>" NITNEM_BIN="$bin" scripts/build-deb.sh "$work/deb-override" 2>&1) && rc=0 || rc=$?
check "a bad DEB_MAINTAINER is one line naming it, exit 1: $bad" \
  eval '[ "$rc" -eq 1 ] && [ "$(printf "%s\n" "$bad" | wc -l)" -eq 1 ] && [[ "$bad" == *DEB_MAINTAINER* ]]'
version=$("$bin" --version | cut -d' ' -f2)
check "make deb: $(basename "$deb") ($((SECONDS - t)) s, $(du -k "$deb" | cut -f1) KiB)" \
  test "$(basename "$deb")" = "nitnem_${version}-1_$(dpkg --print-architecture).deb"
expected=$(cat packaging/debian/contents.golden)
if [ ! -f man/nitnem.1 ] && [ ! -f contrib/nitnem.1 ]; then   # the Makefile's MANPAGE
  expected=$(grep -v '^./usr/share/man/' <<< "$expected")
  pass "(no man page in the tree yet: not expected in the .deb)"
fi
if ! "$bin" completions bash > /dev/null 2>&1; then
  expected=$(grep -v -e '^./usr/share/bash-completion/' -e '^./usr/share/fish/' -e '^./usr/share/zsh/' <<< "$expected")
  pass "(no nitnem completions yet: none expected in the .deb)"
fi
contents=$(dpkg-deb --contents "$deb" | awk '{print $6}')
# NITNEM_RECORD_DEB_CONTENTS=1 records the golden anew from this .deb (review the diff before committing).
# Only from a tree with the man page and completions (the golden lists them; the lines above drop them).
if [ "${NITNEM_RECORD_DEB_CONTENTS:-}" = 1 ]; then
  [ "$expected" = "$(cat packaging/debian/contents.golden)" ] ||
    { fail "NITNEM_RECORD_DEB_CONTENTS=1: this tree has no man page or no completions; not recorded"; exit 1; }
  printf '%s\n' "$contents" > packaging/debian/contents.golden
  expected=$contents
  pass "(NITNEM_RECORD_DEB_CONTENTS=1: packaging/debian/contents.golden recorded from the .deb)"
fi
if [ "$contents" = "$expected" ]; then pass "dpkg-deb --contents matches packaging/debian/contents.golden"; else
  fail "dpkg-deb --contents differs from packaging/debian/contents.golden:"
  diff <(echo "$expected") <(echo "$contents") | sed 's/^/     /' >&2 || true
fi
check "the .deb's KDE Plasma widget is the 5.27 variant (Debian 12's Plasma)" eval \
  'dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/share/plasma/plasmoids/org.nitnem.nitnem/metadata.json |
   cmp -s - "$built/org.nitnem.nitnem-5/metadata.json"'
depends=$(dpkg-deb --field "$deb" Depends)
check "Depends from dpkg-shlibdeps (plus the dlopen'd libsqlite3-0 and libnotify4), never Swift: $depends" \
  eval '[[ "$depends" == *libnotify4* && "$depends" == *libsqlite3-0* && "$depends" == *libc6* && "$depends" != *swift* ]]'
if command -v lintian > /dev/null; then
  t=$SECONDS
  lintian --allow-root --pedantic "$deb" > "$work/lintian.log" 2>&1 || true
  check "lintian: no errors ($((SECONDS - t)) s; $(grep -c '^W:' "$work/lintian.log" || true) warnings)" \
    eval '! grep -q "^E:" "$work/lintian.log"'
  check "lintian: no licence or copyright tag (GPL-3+, packaging/debian/copyright)" \
    eval '! grep -Eiq "^[EWI]: .*(licen[cs]e|copyright)" "$work/lintian.log"'
  check "the package's copyright names GPL-3+" \
    eval 'dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/share/doc/nitnem/copyright | grep -x "License: GPL-3+" > /dev/null'
  grep -E '^(E|W):' "$work/lintian.log" | sed 's/^/     /' || true
else
  fail "lintian not installed (scripts/deps.sh installs it)"
fi
x=$work/x
dpkg-deb -x "$deb" "$x"
check "appstreamcli validate --no-net: the package's metainfo" validate_metainfo "$x$metainfo"
newest=$(sed -n 's/.*<release version="\([^"]*\)".*/\1/p' "$x$metainfo" | head -1)
check "the metainfo's newest release is the package's version ($newest)" test "$newest" = "$version"
check "the package's GNOME extension is the generated 43/44 one (nitnem@nitnem-43/; Debian 12 ships Shell 43)" \
  eval 'grep -q "\"43\"" "$x/usr/share/gnome-shell/extensions/nitnem@nitnem/metadata.json" &&
    diff -r "$built/nitnem@nitnem-43" "$x/usr/share/gnome-shell/extensions/nitnem@nitnem"'
check "the package's unit runs /usr/bin/nitnem" grep -qx 'ExecStart=/usr/bin/nitnem run' "$x/usr/lib/systemd/user/nitnem.service"
check "systemd-analyze verify --user: the package's unit" verify_unit "$x/usr/lib/systemd/user/nitnem.service" "$x/usr/bin/nitnem"
check "the binary links no Swift library and has no RUNPATH" \
  eval '! ldd "$x/usr/bin/nitnem" | grep -i swift > /dev/null && ! readelf -d "$x/usr/bin/nitnem" | grep "R\(UN\)\?PATH" > /dev/null'
status=$(env -i PATH=/usr/bin:/bin HOME="$work/deb-home" TZ=Asia/Kolkata SGGS_CLOCK_NOW=2026-12-01T18:00:00+05:30 \
  "$x/usr/bin/nitnem" status 2>&1) && rc=0 || rc=$?
check "the unpacked binary runs nitnem status without /opt/swift or LD_LIBRARY_PATH (exit $rc)" test "$rc" -eq 0
printf '%s\n' "$status" | head -3 | sed 's/^/     /'
check "the package's Punjabi catalogue: /usr/share/locale/pa/LC_MESSAGES/nitnem.mo" \
  test -f "$x/usr/share/locale/pa/LC_MESSAGES/nitnem.mo"
words=$(env -i PATH=/usr/bin:/bin HOME="$work/deb-home" TZ=Asia/Kolkata SGGS_CLOCK_NOW=2026-12-01T18:00:00+05:30 \
  LOCPATH="$work/locpath" LANG=pa_IN.UTF-8 "$x/usr/bin/nitnem" status 2>&1 | head -1)
check "the unpacked binary speaks Punjabi from it: $words" eval 'case "$words" in "ਸ਼ਾਮ · "*) true ;; *) false ;; esac'

# 5. What each make target would install on a machine that has none of it. The stand-ins: dpkg-query
# says nothing is installed, apt-get records what it is asked to install, sudo runs its command.
fake=$work/fake-apt
mkdir -p "$fake"
printf '#!/bin/sh\nexit 1\n' > "$fake/dpkg-query"
# (Its options come before the verb: -o DPkg::Lock::Timeout=… ; every call is kept in calls.log.)
printf '#!/bin/sh\necho "$*" >> "%s"\nverb=\nfor a; do\n  if [ -n "$verb" ]; then case $a in -*) ;; *) echo "$a" >> "%s" ;; esac\n  elif [ "$a" = install ]; then verb=1; fi\ndone\n' \
  "$work/calls.log" "$work/apt.log" > "$fake/apt-get"
printf '#!/bin/sh\nexec "$@"\n' > "$fake/sudo"
chmod 755 "$fake"/*
# The packages `make -n TARGET`'s deps.sh lines would install, sorted, one line.
would_install() {
  rm -f "$work/apt.log"
  make -n "$1" | grep 'scripts/deps\.sh' | while IFS= read -r line; do
    PATH=$fake:$PATH bash -c "$line" > /dev/null 2>&1 || true
  done
  if [ -f "$work/apt.log" ]; then LC_ALL=C sort -u "$work/apt.log" | tr '\n' ' '; fi
}
build_packages="gettext libnotify-dev libsqlite3-dev pkg-config python3 "
rm -f "$work/calls.log"
would_install run > /dev/null
check "every apt-get call of deps.sh waits for the package lock (DPkg::Lock::Timeout)" \
  eval '[ -s "$work/calls.log" ] && ! grep -v "DPkg::Lock::Timeout=" "$work/calls.log" | grep . > /dev/null'
check "make run installs only the build's packages: $(would_install run)" test "$(would_install run)" = "$build_packages"
check "make install installs only the build's packages" test "$(would_install install)" = "$build_packages"
check "make deb installs the build's packages and dpkg-dev" test "$(would_install deb)" = "dpkg-dev $build_packages"
test_packages=$(would_install test)
# Whether each of the words $2… is in the list $1 (names the first that is not).
includes() {
  local list=" $1" p
  shift
  for p in "$@"; do [[ "$list" == *" $p "* ]] || { echo "     not in it: $p" >&2; return 1; }; done
}
# shellcheck disable=SC2086  # word lists
check "make test installs the build's packages and every test tool ($(wc -w <<< "$test_packages") packages)" \
  includes "$test_packages" $build_packages dpkg-dev dunst xvfb dbus-daemon gjs lintian polybar xdotool zsh fish \
  python3 sqlite3 jq xdg-utils systemd appstream sway waybar grim python3-pyatspi at-spi2-core gnome-shell debootstrap \
  mako-notifier sway-notification-center xfce4-notifyd

echo "packaging tests: $failures failed ($((SECONDS - start)) s)"
[ "$failures" -eq 0 ]
