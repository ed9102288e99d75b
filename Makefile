# coupboard — the two commands a new user runs:
#   make demo   install what the build needs, build, and start the table display with the built-in shoe simulator
#   make test   install what the tests need, then gofmt, go vet, staticcheck, go test -race under Xvfb
#               and the Debian packages' install/upgrade/remove test (as root: sudo when not)
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
GO ?= go
# Fyne complains about the C locale; every Fyne program and test here runs with a UTF-8 one.
export LANG := en_US.UTF-8
export GOFLAGS := -buildvcs=false
# Every go command builds against coupboard's patched Fyne (third_party/fyne/README.md) through
# go.mod's replace; a go.work left in the environment (the old patch's) would override it.
export GOWORK := off

STATICCHECK_VERSION := v0.8.2
GOBIN := $(shell $(GO) env GOPATH)/bin
STATICCHECK := $(GOBIN)/staticcheck
# The Debian packager (make deb), installed from the Go module proxy like staticcheck. v2.45.0:
# later releases need a module (go.digitalxero.dev/rpm) the proxy here does not serve.
NFPM_VERSION := v2.45.0
NFPM := $(GOBIN)/nfpm
# Kiosk release builds (docs/installer.md, "Deployment on a mini PC").
# Keep in step with internal/testbin.ReleaseFlags (the end-to-end measurements build the same binary).
RELEASE_TAGS := no_animations,no_emoji,migrated_fynedo
# What --version prints (internal/buildinfo): the version in the file VERSION (Debian version
# rules: it starts with a digit), the commit, and the build date (SOURCE_DATE_EPOCH when set,
# for reproducible builds). `make release VERSION=0.8.0` builds another version number.
VERSION ?= $(shell cat VERSION)
COMMIT ?= $(shell git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)$(shell git diff --quiet HEAD -- 2>/dev/null || echo -dirty)
BUILD_DATE ?= $(shell date -u $${SOURCE_DATE_EPOCH:+-d @$$SOURCE_DATE_EPOCH} +%Y-%m-%dT%H:%M:%SZ)
BUILDINFO := github.com/coupboard/coupboard/internal/buildinfo
VERSION_LDFLAGS := -X $(BUILDINFO).version=$(VERSION) -X $(BUILDINFO).commit=$(COMMIT) -X $(BUILDINFO).date=$(BUILD_DATE)

# Debian packages: the cgo toolchain and the GL/X11 headers Fyne and Ebiten build against,
# plus what the tests use (a virtual X server, socat for pseudo-terminals, imagemagick for screenshots,
# lintian for the Debian packages, chromium for the pit console's browser test).
BUILD_DEBS := gcc pkg-config libgl1-mesa-dev libx11-dev libxcursor-dev libxrandr-dev libxinerama-dev libxi-dev libxxf86vm-dev
TEST_DEBS := $(BUILD_DEBS) xvfb xauth socat imagemagick lintian chromium xdotool unzip
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: demo test build release deb deb-test nfpm pitboard fyne-check fyne-apply deps-build deps-test staticcheck fmt-check vet gotest bench sigterm-soak clean

demo: deps-build build
	./bin/coupboard --demo

# third_party/fyne/v2 must be Fyne as the module proxy serves it (checksum pinned in
# third_party/fyne/upstream.sum) plus third_party/fyne/patches, nothing else (part of make test).
fyne-check:
	./third_party/fyne/fyne.sh check

# Rewrites third_party/fyne/v2 from upstream and the patches (after changing a patch).
fyne-apply:
	./third_party/fyne/fyne.sh apply

# go build flags of `make build` and of `make release` (the kiosk's binaries).
BUILD_FLAGS := -ldflags '$(VERSION_LDFLAGS)'
RELEASE_FLAGS := -tags $(RELEASE_TAGS) -trimpath -ldflags '-s -w $(VERSION_LDFLAGS)'

# Builds the three programs into bin/ with the go build flags $(1). The table and the pit board
# link Fyne and Ebiten (cgo); the pit server needs no cgo and is built without it: a static
# binary, with nothing for the dynamic loader (or RELRO) to do.
define build_all
	$(GO) build $(1) -o bin/coupboard .
	$(GO) build $(1) -o bin/pitboard ./cmd/pitboard
	CGO_ENABLED=0 $(GO) build $(1) -o bin/pitserver ./cmd/pitserver
endef

build:
	$(call build_all,$(BUILD_FLAGS))

release: deps-build
	$(call build_all,$(RELEASE_FLAGS))

# Debian packages coupboard and coupboard-pit (docs/installer.md, "Debian packages") from the release binaries, into build/deb/.
# DEB_BIN_DIR: package other binaries (the packaging test packages an older build this way).
DEB_ARCH := $(shell dpkg --print-architecture 2>/dev/null || $(GO) env GOARCH)
DEB_BIN_DIR ?= bin
DEB_OUT ?= build/deb
deb: release nfpm
	./deploy/deb/build.sh "$(NFPM)" "$(VERSION)" "$(COMMIT)" "$(DEB_ARCH)" "$(DEB_BIN_DIR)" "$(DEB_OUT)"

nfpm:
	@[ -x $(NFPM) ] && $(GO) version -m $(NFPM) | grep -q 'nfpm/v2[[:space:]]*$(NFPM_VERSION)' || GOFLAGS= $(GO) install github.com/goreleaser/nfpm/v2/cmd/nfpm@$(NFPM_VERSION)

# Installs, upgrades, removes and purges the packages on this machine (root; Debian): deploy/deb/test.sh.
deb-test: deb
	$(SUDO) ./deploy/deb/test.sh "$(NFPM)" "$(VERSION)" "$(DEB_ARCH)" "$(DEB_OUT)" "$(DEB_BIN_DIR)"

pitboard: deps-build
	$(GO) build $(RELEASE_FLAGS) -o bin/pitboard ./cmd/pitboard
	./bin/pitboard --demo --tables 24

test: deps-test fyne-check staticcheck fmt-check vet gotest deb-test

# Installs the Debian packages named in $(1) that are missing.
define apt_install
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing: $$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi
endef

deps-build:
	$(call apt_install,$(BUILD_DEBS))

deps-test:
	$(call apt_install,$(TEST_DEBS))

staticcheck:
	@[ -x $(STATICCHECK) ] && $(STATICCHECK) -version | grep -q '$(STATICCHECK_VERSION:v%=%)' || GOFLAGS= $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)
	$(STATICCHECK) ./...

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' ':!third_party/fyne/v2' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

# Ebiten test binaries panic without a display, so every test runs under a virtual X server.
# Then the patched Fyne's own tests of the packages its painter change touches (the texture
# and damage tests there are coupboard's: third_party/fyne/README.md, changes 3 and 4).
gotest:
	xvfb-run -a -s "-screen 0 1920x1080x24" $(GO) test -race -count=1 -timeout 20m ./...
	cd third_party/fyne/v2 && $(GO) test -race -count=1 ./internal/cache ./internal/painter/...

bench:
	./bench/run

clean:
	rm -rf bin build

# 100 windowed runs, each signing a supervisor in and sending SIGTERM at a random moment while
# signed in; every run must journal the sign-out (issue 21; about 15 minutes, not part of make test).
sigterm-soak:
	COUPBOARD_E2E_SIGTERM_CYCLES=$${COUPBOARD_E2E_SIGTERM_CYCLES:-100} xvfb-run -a -s "-screen 0 1920x1080x24" \
		$(GO) test -count=1 -timeout 60m -run '^TestSIGTERMWhileSignedIn$$' -v ./internal/e2e
