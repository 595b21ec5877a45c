# The two commands of the README: `make run` and `make test`. Each installs what is missing.
export PATH := /opt/swift/usr/bin:$(PATH)
SWIFT ?= swift

PREFIX ?= $(HOME)/.local
UNITDIR ?= $(HOME)/.config/systemd/user
DATADIR ?= $(PREFIX)/share

.PHONY: run test deps build lint format bench faults clean install

run: deps build
	.build/debug/nitnem run

test: deps lint
	scripts/check-pure.sh
	contrib/gnome-shell/tests/run.sh
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	faults/run --short

deps:
	@scripts/deps.sh

build:
	$(SWIFT) build

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

bench: deps
	bench/run.sh

# The fault suite (faults/run; the short pass runs in `make test`). FAULTS_ARGS=--seed N replays a run.
faults: deps build
	faults/run $(FAULTS_ARGS)

# A release build with the Swift runtime linked in (a smaller resident agent: see bench/agent), the
# binary in $(PREFIX)/bin, the systemd user unit beside your other units, and nitnem.desktop with its
# icon in $(DATADIR), registered as the handler of sggs:// links (xdg-mime).
install: deps
	$(SWIFT) build -c release --static-swift-stdlib
	install -Dm755 "$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/nitnem" "$(PREFIX)/bin/nitnem"
	install -Dm644 contrib/nitnem.service "$(UNITDIR)/nitnem.service"
	scripts/install-desktop.sh "$(DATADIR)" "$(abspath $(PREFIX))/bin/nitnem"
	@echo "installed $(PREFIX)/bin/nitnem; start the agent: systemctl --user enable --now nitnem.service"

clean:
	rm -rf .build
