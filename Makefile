# The two commands of the README: `make run` and `make test`. Each installs what is missing.
export PATH := /opt/swift/usr/bin:$(PATH)
SWIFT ?= swift

.PHONY: run test deps build lint format bench clean

run: deps build
	.build/debug/nitnem run

test: deps lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

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

clean:
	rm -rf .build
