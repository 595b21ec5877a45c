#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds nitnem_<version>-<revision>_<arch>.deb into OUTDIR (default .) from a release build: the
# version is `nitnem --version`'s, the Debian revision DEB_REVISION (default 1: this package is not
# made by Debian, so it is not "native" and its changelog is changelog.Debian.gz). The files of
# scripts/install.sh (INSTALL_MODE=package, PREFIX=/usr) plus /usr/share/doc/nitnem/{copyright,
# changelog.Debian.gz}, with Depends computed by dpkg-shlibdeps (the Swift runtime is linked in,
# so never the toolchain). Run by `make deb`.
#
#   NITNEM_BIN=<release binary> [MANPAGE=man/nitnem.1] [GNOME_SHELL_VERSION=43] [PLASMA_VERSION=5] scripts/build-deb.sh [OUTDIR]
#
# The GNOME Shell extension and, for Plasma 5.27, the widget are the forms generated from their one
# source: VARIANTS's (`make variants` writes .build/contrib, and `make deb` passes it), else made by
# install.sh in its temp folder; the 45+ extension's shell-version is the one list's
# (contrib/gnome-shell/gen-43.sh).
#
# DEB_MAINTAINER ('Name <email>') fills Maintainer and the changelog; without it Debian's DEBFULLNAME
# and DEBEMAIL (as dch reads them), else packaging/debian/maintainer, the project's own (no git
# identity is needed). That file's Homepage, when it gives one, goes into the control file.
# DEB_COMPRESS: xz (default, as Debian's own packages), gzip (faster to build) or none.
# Needs dpkg-dev (dpkg-shlibdeps) and binutils (strip); writes no file outside OUTDIR and a temp dir.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
die() { printf 'build-deb: %s\n' "$*" >&2; exit 1; }
outdir=${1:-.}
: "${NITNEM_BIN:?NITNEM_BIN: the release nitnem binary}"
[ -x "$NITNEM_BIN" ] || die "$NITNEM_BIN: no release binary (make release)"
for tool in dpkg-deb dpkg-shlibdeps dpkg-architecture strip gzip; do
  command -v "$tool" > /dev/null || die "$tool not found (apt-get install dpkg-dev binutils)"
done
version=$("$NITNEM_BIN" --version | sed -n 's/^nitnem \([0-9][0-9A-Za-z.+~-]*\)$/\1/p')
[ -n "$version" ] || die "cannot read the version from '$NITNEM_BIN --version'"
upstream=$version
version=$upstream-${DEB_REVISION:-1}
arch=$(dpkg --print-architecture)
changelog_version=$(sed -n '1s/^nitnem (\([^)]*\)).*/\1/p' "$root/packaging/debian/changelog")
[ "$changelog_version" = "$version" ] ||
  die "packaging/debian/changelog is for $changelog_version, the package is $version (nitnem $upstream): add an entry"
compress=${DEB_COMPRESS:-xz}
case "$compress" in xz | gzip | none) ;; *) die "DEB_COMPRESS: xz, gzip or none, not '$compress'" ;; esac
# A field of packaging/debian/maintainer ('Field: value'; '#' lines are comments).
project_field() { sed -n "s/^$1:[[:space:]]*//p" "$root/packaging/debian/maintainer" | head -1; }
if [ -n "${DEB_MAINTAINER:-}" ]; then
  maintainer=$DEB_MAINTAINER from=DEB_MAINTAINER
elif [ -n "${DEBEMAIL:-}" ]; then
  # dch: DEBEMAIL may be 'Name <email>' itself; else DEBFULLNAME names it.
  case "$DEBEMAIL" in *'<'*'>') maintainer=$DEBEMAIL ;; *) maintainer="${DEBFULLNAME:-} <$DEBEMAIL>" ;; esac
  from="DEBEMAIL/DEBFULLNAME"
else
  maintainer=$(project_field Maintainer) from=packaging/debian/maintainer
fi
case "$maintainer" in ?*' <'?*'@'?*'>') ;; *) die "$from: a maintainer is 'Name <email>', not '$maintainer'" ;; esac
case "$maintainer" in *[\|\&\\]*) die "$from: '$maintainer' has a character sed cannot take (| & \\)" ;; esac
homepage=$(project_field Homepage)
# Reproducible: every file dated from the changelog entry.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(date -d "$(sed -n 's/^ -- .*>  //p' "$root/packaging/debian/changelog" | head -1)" +%s)}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
umask 022
pkg=$work/debian/nitnem   # the layout dpkg-shlibdeps expects (debian/<package>/)
mkdir -p "$pkg"
INSTALL_MODE=package STRIP=strip DESTDIR=$pkg PREFIX=/usr NITNEM_BIN=$NITNEM_BIN MANPAGE=${MANPAGE:-} \
  ZSH_COMPLETIONS_DIR=/usr/share/zsh/vendor-completions \
  GNOME_SHELL_VERSION=${GNOME_SHELL_VERSION:-43} PLASMA_VERSION=${PLASMA_VERSION:-5} "$root/scripts/install.sh" | sed 's/^/  /'
# install.sh strips the binary (no symbol tables, no .comment/.note), as Debian ships binaries.
doc=$pkg/usr/share/doc/nitnem
install -d -m755 "$doc"
install -m644 "$root/packaging/debian/copyright" "$doc/copyright"
sed "s|@MAINTAINER@|$maintainer|" "$root/packaging/debian/changelog" | gzip -9n > "$doc/changelog.Debian.gz"
chmod 644 "$doc/changelog.Debian.gz"

# Depends: what the binary links (libc, libgcc…), from a control stub, plus what it dlopens.
printf 'Source: nitnem\n\nPackage: nitnem\nArchitecture: any\n' > "$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O -e debian/nitnem/usr/bin/nitnem 2> "$work/shlibdeps.err") ||
  { cat "$work/shlibdeps.err" >&2; die "dpkg-shlibdeps failed"; }
depends=${depends#shlibs:Depends=}
# SQLite is dlopen'd by `snapshot export`, libnotify (and GLib with it) at the first reminder, so the
# binary links neither and dpkg-shlibdeps cannot see them: name them here, as the loaders ask for them
# (libsqlite3.so.0: sqlite3_errstr is 3.7.15; libnotify.so.4).
depends="$depends, libsqlite3-0 (>= 3.7.15), libnotify4 (>= 0.7.0)"
case "$depends" in *swift* | *Swift*) die "Depends names the Swift toolchain: $depends" ;; esac
grep -v "useless dependency\|should already be installed" "$work/shlibdeps.err" >&2 || true

install -d -m755 "$pkg/DEBIAN"
(cd "$pkg" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum) > "$pkg/DEBIAN/md5sums"
installed_size=$(du -sk --apparent-size --exclude=DEBIAN "$pkg" | cut -f1)
sed -e "s|@VERSION@|$version|" -e "s|@ARCH@|$arch|" -e "s|@MAINTAINER@|$maintainer|" \
  -e "s|@INSTALLED_SIZE@|$installed_size|" -e "s|@DEPENDS@|$depends|" \
  "$root/packaging/debian/control" > "$pkg/DEBIAN/control"
if [ -n "$homepage" ]; then
  sed -i "/^Section:/i Homepage: $homepage" "$pkg/DEBIAN/control"
fi
chmod 644 "$pkg/DEBIAN/control" "$pkg/DEBIAN/md5sums"
find "$pkg" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

mkdir -p "$outdir"
deb=$outdir/nitnem_${version}_${arch}.deb
dpkg-deb --root-owner-group "-Z$compress" --build "$pkg" "$deb" > /dev/null
echo "built $deb ($(du -k "$deb" | cut -f1) KiB; Depends: $depends)"
