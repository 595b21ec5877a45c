# SPDX-License-Identifier: GPL-3.0-or-later
# The two commands of the README: `make run` and `make test`. Each installs the Debian packages it is
# missing: `make run` (and `release`, `install`) what the build needs, `make test` also the test tools.
export PATH := /opt/swift/usr/bin:$(PATH)
SWIFT ?= swift

# `make install` (and `make uninstall`): PREFIX, DESTDIR (a staging root) and the folders below.
PREFIX ?= $(HOME)/.local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
# The user manager looks in /usr/lib/systemd/user, /usr/local/lib/systemd/user and
# $XDG_DATA_HOME/systemd/user (~/.local/share/systemd/user).
UNITDIR ?= $(if $(filter /usr /usr/local,$(PREFIX)),$(PREFIX)/lib/systemd/user,$(DATADIR)/systemd/user)
MANPAGE ?= $(firstword $(wildcard man/nitnem.1 contrib/nitnem.1))
# The GNOME Shell the extension is for (43, 45…, none); empty: ask `gnome-shell --version`.
GNOME_SHELL_VERSION ?=
# The KDE Plasma the widget is for (6, 5 for 5.27, none); empty: ask `plasmashell --version`, else 6.
PLASMA_VERSION ?=
# The strip program for the installed binary; `make install STRIP=` keeps its symbols.
STRIP ?= strip
# The release build: the Swift runtime linked in, so the binary runs without a toolchain, laid out for a
# small resident agent (lld, packed relocations, sections in packaging/nitnem.order's order, libstdc++
# linked in): the arguments scripts/release-flags.sh prints. Evaluated only by the targets that build it.
RELEASE = $(shell scripts/release-flags.sh)
RELEASE_BIN = $$($(SWIFT) build $(RELEASE) --show-bin-path)/nitnem
# `make deb`: where the .deb goes, the Debian revision, the compression (xz, gzip, none) and the
# GNOME Shell its extension is for (Debian 12 has 43).
DEBDIR ?= .
DEB_REVISION ?= 1
DEB_COMPRESS ?= xz
DEB_GNOME_SHELL ?= 43
# The KDE Plasma the .deb's widget is for (Debian 12 has 5.27).
DEB_PLASMA ?= 5

# The generated forms of the GNOME Shell extension and the KDE Plasma widget (`make variants`): the 45+
# extension with its shell-version list and the 43/44 one (contrib/gnome-shell/gen-43.sh), the Plasma
# 6 and 5.27 widgets (contrib/plasma/gen-5.sh), each made from its one source, each with widget.js,
# the logic both load (contrib/shared/widget.js, in the form each loads); never committed.
VARIANTS_DIR := .build/contrib

# The KDE Plasma widget's Plasma 6 tests run in the Debian 13 root (Plasma 6.3) and the Debian testing
# root (Plasma 6.7), waybar's second run in the testing root (sway 1.12, waybar 0.15), the Punjabi
# recipe in both (glibc 2.41 and 2.43; this machine has 2.36): the roots that
# scripts/debian13-root.sh and scripts/testing-root.sh build (and cache), in every tree that has the
# script.
PLASMA6_ROOT := $(if $(wildcard scripts/debian13-root.sh),--root 13)
TESTING_ROOT := $(if $(wildcard scripts/testing-root.sh),--root testing)
# GNOME Shell 51 runs in the Debian unstable root (scripts/unstable-root.sh, built on first use and
# cached): real-shell.sh's 51 finds it itself; the Debian 13+ .deb (DEB_GNOME_SHELL=48 DEB_PLASMA=6)
# is installed there and run in that Shell by real-shell.sh --package. Nothing else uses that root.
UNSTABLE_ROOT := $(if $(wildcard scripts/unstable-root.sh),--root unstable)

# The test tiers (docs/guide/testing.md): DesktopTests start their own dbus-daemon, Xvfb and dunst (or
# polybar), RootTests need root; every other test target is the fast tier.
SLOW_TIERS := --skip '^DesktopTests\.' --skip '^RootTests\.'

.PHONY: run check test deps deps-build deps-deb deps-check build locale variants lint format bench faults clean install uninstall \
  release deb package-test waybar-test screenshots shell-versions

run: deps-build build
	.build/debug/nitnem run

# The inner loop: the debug build with its tests, failing on a compiler warning about our sources
# (scripts/build-tests.sh), then the fast tier. No desktop program, no root, no network: the caller's
# own desktop (DISPLAY, WAYLAND_DISPLAY, the session bus at DBUS_SESSION_BUS_ADDRESS or in
# XDG_RUNTIME_DIR) is out of its reach.
check: deps-check
	@SWIFT="$(SWIFT)" scripts/build-tests.sh
	env -u DISPLAY -u WAYLAND_DISPLAY -u DBUS_SESSION_BUS_ADDRESS -u XDG_RUNTIME_DIR \
	  $(SWIFT) test --skip-build $(SLOW_TIERS)

# Everything: `swift test` below runs every tier (the fast one, DesktopTests and RootTests; nothing is
# skipped), then the real bars, notification servers, Shells, Plasmas and packages.
test: deps lint variants
	scripts/check-pure.sh
	scripts/check-spdx.sh
	scripts/check-docs.sh
	@SWIFT="$(SWIFT)" scripts/build-tests.sh
	contrib/gnome-shell/tests/run.sh
	@$(MAKE) --no-print-directory shell-versions
	$(if $(TESTING_ROOT),contrib/gnome-shell/tests/shexli.sh)
	contrib/plasma/tests/run.sh $(PLASMA6_ROOT) $(TESTING_ROOT)
	$(if $(TESTING_ROOT),contrib/plasma/tests/qmllint.sh $(TESTING_ROOT))
	$(SWIFT) test --skip-build
	scripts/check-doc-examples.py .build/debug/nitnem
	scripts/real-waybar.sh
	$(if $(TESTING_ROOT),scripts/real-waybar.sh $(TESTING_ROOT))
	scripts/real-server.sh mako
	$(if $(TESTING_ROOT),scripts/real-server.sh mako $(TESTING_ROOT))
	$(if $(TESTING_ROOT),scripts/real-server.sh dunst $(TESTING_ROOT))
	scripts/real-server.sh swaync
	$(if $(TESTING_ROOT),scripts/real-server.sh swaync $(TESTING_ROOT))
	$(if $(TESTING_ROOT),scripts/real-server.sh xfce4-notifyd $(TESTING_ROOT))
	$(if $(TESTING_ROOT),scripts/real-server.sh plasma $(TESTING_ROOT))
	scripts/real-server.sh xfce4-notifyd
	$(if $(TESTING_ROOT),scripts/real-sound.sh)
	scripts/test-punjabi.sh
	$(if $(PLASMA6_ROOT),scripts/test-punjabi.sh $(PLASMA6_ROOT))
	$(if $(TESTING_ROOT),scripts/test-punjabi.sh $(TESTING_ROOT))
	contrib/plasma/tests/widget.sh --plasma 5
	$(if $(PLASMA6_ROOT),contrib/plasma/tests/widget.sh --plasma 6 $(PLASMA6_ROOT))
	$(if $(TESTING_ROOT),contrib/plasma/tests/widget.sh --plasma 6 $(TESTING_ROOT))
	contrib/plasma/tests/widget.sh --plasma 5 --settings
	contrib/plasma/tests/widget.sh --plasma 5 --settings --lang pa
	$(if $(PLASMA6_ROOT),contrib/plasma/tests/widget.sh --plasma 6 $(PLASMA6_ROOT) --settings)
	$(if $(PLASMA6_ROOT),contrib/plasma/tests/widget.sh --plasma 6 $(PLASMA6_ROOT) --settings --lang pa)
	$(if $(TESTING_ROOT),contrib/plasma/tests/widget.sh --plasma 6 $(TESTING_ROOT) --settings)
	$(if $(TESTING_ROOT),contrib/plasma/tests/widget.sh --plasma 6 $(TESTING_ROOT) --settings --lang pa)
	faults/run --short
	scripts/test-packaging.sh
	$(if $(UNSTABLE_ROOT),contrib/gnome-shell/tests/real-shell.sh --package $(UNSTABLE_ROOT))
	contrib/gnome-shell/tests/real-shell.sh

# Every GNOME Shell major of contrib/gnome-shell/shell-versions, 43 to 51, against its own source: the
# Shell modules, names and members the extension and its Preferences use, and their libadwaita classes
# (contrib/gnome-shell/shell-api/check.py; extract.py makes its data from the Shell's and libadwaita's
# git tags). Also a step of `make test`, as is Shexli, extensions.gnome.org's review analyzer, on each
# variant (contrib/gnome-shell/tests/shexli.sh, with the testing root's Python).
shell-versions: variants
	contrib/gnome-shell/shell-api/check.py

# Everything `make test` needs; deps-build: only what building (and running) needs; deps-deb: and `make deb`.
deps:
	@scripts/deps.sh

deps-build:
	@scripts/deps.sh build

deps-deb:
	@scripts/deps.sh build deb

deps-check:
	@scripts/deps.sh build check

build:
	$(SWIFT) build
	@$(MAKE) --no-print-directory locale

# The extension's and widget's generated forms in $(VARIANTS_DIR): nitnem@nitnem (45+; its metadata.json's
# shell-version from contrib/gnome-shell/shell-versions when there is one), nitnem@nitnem-43 (GNOME Shell
# 43/44), org.nitnem.nitnem (Plasma 6) and org.nitnem.nitnem-5 (Plasma 5.27). `make install` and
# `make deb` take them from there.
variants:
	@contrib/gnome-shell/gen-43.sh $(VARIANTS_DIR)
	@contrib/plasma/gen-5.sh $(VARIANTS_DIR)

# The translations (po/<lang>.po) compiled beside the debug build, where its binary looks
# (<bin>/../share/locale): `LANG=pa_IN.UTF-8 .build/debug/nitnem status` (docs/guide/languages.md).
# `scripts/update-po.sh` regenerates po/nitnem.pot and merges it into each .po.
locale:
	@dir=$$($(SWIFT) build --show-bin-path)/../share/locale; \
	for po in po/*.po; do \
	  lang=$$(basename $$po .po); mkdir -p $$dir/$$lang/LC_MESSAGES; \
	  msgfmt --check -o $$dir/$$lang/LC_MESSAGES/nitnem.mo $$po || exit 1; \
	done

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

bench: deps
	bench/run.sh

# The fault suite (faults/run; the short pass runs in `make test`). FAULTS_ARGS=--seed N replays a run.
faults: deps build
	faults/run $(FAULTS_ARGS)

# A release build with the Swift runtime linked in (a smaller resident agent: see bench/agent).
release: deps-build
	$(SWIFT) build $(RELEASE)

# The release binary in $(BINDIR) (stripped unless STRIP is empty), the systemd user unit in $(UNITDIR) (ExecStart: that binary),
# nitnem.desktop and its icon (registered as the sggs:// handler unless DESTDIR is set), the AppStream
# metainfo in $(DATADIR)/metainfo/, the man
# page, bash/zsh/fish completions (from the built `nitnem completions`), the bar configs in
# $(DATADIR)/nitnem/, the GNOME Shell extension for the installed Shell and the KDE Plasma widget
# for the installed Plasma ($(DATADIR)/plasma/plasmoids/org.nitnem.nitnem); all listed in
# $(DATADIR)/nitnem/install-manifest, which `make uninstall` removes and nothing else.
install: release variants
	NITNEM_BIN="$(RELEASE_BIN)" PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" BINDIR="$(BINDIR)" \
	  DATADIR="$(DATADIR)" MANDIR="$(MANDIR)" UNITDIR="$(UNITDIR)" MANPAGE="$(MANPAGE)" \
	  GNOME_SHELL_VERSION="$(GNOME_SHELL_VERSION)" PLASMA_VERSION="$(PLASMA_VERSION)" STRIP="$(STRIP)" \
	  VARIANTS="$(CURDIR)/$(VARIANTS_DIR)" scripts/install.sh

uninstall:
	@PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" DATADIR="$(DATADIR)" scripts/uninstall.sh

# nitnem_<version>_<arch>.deb in $(DEBDIR), for machines without Swift (scripts/build-deb.sh).
deb: deps-deb release variants
	NITNEM_BIN="$(RELEASE_BIN)" MANPAGE="$(MANPAGE)" GNOME_SHELL_VERSION="$(DEB_GNOME_SHELL)" PLASMA_VERSION="$(DEB_PLASMA)" \
	  DEB_REVISION="$(DEB_REVISION)" DEB_COMPRESS="$(DEB_COMPRESS)" VARIANTS="$(CURDIR)/$(VARIANTS_DIR)" \
	  scripts/build-deb.sh "$(DEBDIR)"

# waybar for real on a headless sway (also a step of `make test`).
waybar-test: deps build
	scripts/real-waybar.sh

# The pictures of README.md and docs/guide/pictures.md, in docs/screenshots/, from the real bars and notification server.
screenshots: deps build
	@scripts/deps.sh shots
	scripts/screenshots.sh

# The install, uninstall and .deb tests alone (also the last step of `make test`).
package-test: deps
	scripts/test-packaging.sh

clean:
	rm -rf .build
