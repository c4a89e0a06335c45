# Zero's developer entry points. `make help` lists them.
#
# Everything here also runs in CI (.ci/run calls `make test`), so each
# target works from a fresh clone with only Go, a C compiler (for the race
# detector) and, for test-js, Node. Recipes longer than a few lines live in
# scripts/.

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

GO       ?= go
BIN      ?= bin
FUZZTIME ?= 30s
# The packages that run goroutines: the run loop, the session store, the
# providers and their fakes, stream-json input and output, the command's
# signal handling and the bash tool. test-race runs their tests under the
# race detector (which needs cgo and a C compiler).
RACE_PKGS := ./internal/run/... ./internal/session/... ./internal/provider/... ./internal/streamio/... ./internal/cli/... ./internal/tools/...
# The JSON Schema Test Suite that gen/suite runs, at a pinned commit.
SUITE_REPO     ?= https://github.com/json-schema-org/JSON-Schema-Test-Suite.git
SUITE_COMMIT   ?= 44401e0c046704b476ec9d2e2fccdaee618f259d
ZERO_SUITE_DIR ?= $(CURDIR)/../shared/json-schema-test-suite

.PHONY: help generate build test lint cross benchstat test-race check-generated test-js demo bench bench-peers test-peers bench-e2e bench-acp bench-instructions fuzz fuzz-report fetch-suite suite-report corpus compat transcripts soak hardening-report clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-18s %s\n", $$1, $$2}'

generate: ## regenerate generated/ from schema/ (go generate ./...)
	$(GO) generate ./...

build: ## build cmd/zero and cmd/zerogen into ./bin
	@mkdir -p $(BIN)
	$(GO) build -o $(BIN)/zero ./cmd/zero
	$(GO) build -o $(BIN)/zerogen ./cmd/zerogen

test: ## vet, staticcheck, Go tests, arm64 cross-check, race detector on the concurrent packages, stale-code check and the JavaScript client checks
	$(GO) vet ./...
	@$(MAKE) --no-print-directory lint
	$(GO) test ./...
	@$(MAKE) --no-print-directory cross
	@$(MAKE) --no-print-directory test-race
	@$(MAKE) --no-print-directory check-generated
	@$(MAKE) --no-print-directory test-js

lint: ## staticcheck over every package, at the version tools.go pins
	$(GO) run honnef.co/go/tools/cmd/staticcheck ./...

benchstat: ## compare two saved `go test -bench` outputs: make benchstat OLD=old.txt NEW=new.txt
	@if [ -z "$${OLD:-}" ] || [ -z "$${NEW:-}" ]; then echo "benchstat: give OLD=file NEW=file (outputs of go test -bench, e.g. -count=10)"; exit 2; fi
	$(GO) run golang.org/x/perf/cmd/benchstat "$$OLD" "$$NEW"

cross: ## vet every package, tests included, built for arm64 (the tests cannot run here; building them is the check)
	GOARCH=arm64 $(GO) vet ./...

test-race: ## run the tests of the packages with goroutines under the race detector
	@if [ "$$($(GO) env CGO_ENABLED)" != 1 ]; then \
		echo "test-race: the race detector needs cgo and a C compiler (install gcc; CGO_ENABLED is $$($(GO) env CGO_ENABLED))"; \
		exit 1; \
	fi
	$(GO) test -race $(RACE_PKGS)

check-generated: ## fail when generated/ or docs/reference/ differ from what `make generate` produces
	@$(MAKE) --no-print-directory generate
	@scripts/check-generated.sh

test-js: ## ajv checks of schemas, bundles and documents; tsc of the TypeScript types; stream-client.mjs against zero exec (skipped without node)
	@scripts/test-js.sh $(GO) $(BIN)

demo: ## generate, build, and run zero exec on the offline replay provider (no account, no network)
	@$(MAKE) --no-print-directory generate
	@$(MAKE) --no-print-directory build
	@echo
	@echo '$$ zero exec --provider replay "What is in this repository?"'
	@$(BIN)/zero exec --provider replay "What is in this repository?"
	@echo
	@echo '$$ zero exec --provider replay -o stream-json "What is in this repository?" > $(BIN)/demo.jsonl'
	@$(BIN)/zero exec --provider replay -o stream-json "What is in this repository?" > $(BIN)/demo.jsonl
	@head -n 4 $(BIN)/demo.jsonl
	@echo "... $$(wc -l < $(BIN)/demo.jsonl) events in all, the last one:"
	@tail -n 1 $(BIN)/demo.jsonl

bench: ## measure the codec and event writer against their baselines and print the ratios
	ZERO_BENCH=1 $(GO) test -count=1 -run 'TestRatios|TestPairedRatios' -v ./internal/rigs/codecbench
	$(GO) test -run '^$$' -bench . -benchmem ./internal/streamio/... ./internal/redact/...

bench-peers: ## zerogen against ogen, sonic, encoding/json/v2 and jx on every mix, side by side; print the table and write reports/peers.md (not in make test)
	cd internal/rigs/peers && ZERO_BENCH=1 ZERO_PEERS_REPORT=$(CURDIR)/reports/peers.md ZERO_PEERS_COMMIT=$$(git describe --always --dirty 2>/dev/null) \
		$(GO) test -count=1 -v -timeout 60m -run '^TestPeers$$' .

test-peers: ## vet and test the peers rig, a module of its own that `make test` does not reach: round trips and what each library rejects
	cd internal/rigs/peers && $(GO) vet ./... && $(GO) test -count=1 ./...

bench-e2e: ## build zero and stream 10k to 1M deltas through it from a loopback fake vendor; print cost per event, events/s, peak RSS; and the cost of starting a sandboxed bash command (not in make test)
	ZERO_BENCH_E2E=1 $(GO) test -count=1 -v -timeout 60m -run '^(TestE2E|TestE2EUpstream|TestSandboxStart)$$' ./internal/rigs/e2ebench

bench-acp: ## stream a 200,000-chunk answer through zero acp and zero exec -o stream-json; print the cost per chunk of each and their ratio (not in make test)
	ZERO_BENCH_E2E=1 $(GO) test -count=1 -v -timeout 30m -run '^TestACPStream$$' ./internal/rigs/e2ebench

bench-instructions: ## count instructions per codec under valgrind (repeatable on a busy machine) and print the ratios
	@scripts/bench-instructions.sh $(GO) $(BIN)

fuzz: ## run each fuzz target for FUZZTIME (default 30s); fails if any target failed
	@failed=""; \
	for pkg in $$($(GO) list ./...); do \
		for target in $$($(GO) test -list 'Fuzz.*' "$$pkg" | grep '^Fuzz' || true); do \
			echo "fuzz: $$pkg $$target for $(FUZZTIME)"; \
			scripts/fuzz-one.sh $(GO) "$$pkg" "$$target" $(FUZZTIME) || failed="$$failed $$target"; \
		done; \
	done; \
	if [ -n "$$failed" ]; then echo "fuzz: failed:$$failed"; exit 1; fi

fuzz-report: ## fuzz each decoder against jsonschema/v5 for FUZZTIME and write reports/fuzz.md
	$(GO) run ./internal/rigs/codecfuzz/fuzzreport -fuzztime $(FUZZTIME) -o $(CURDIR)/reports/fuzz.md ./internal/rigs/codecfuzz

fetch-suite: ## clone the JSON Schema Test Suite at the pinned commit into ZERO_SUITE_DIR (default ../shared/json-schema-test-suite)
	@if [ -d "$(ZERO_SUITE_DIR)/tests/draft2020-12" ]; then echo "fetch-suite: $(ZERO_SUITE_DIR) is already there"; exit 0; fi
	git init -q "$(ZERO_SUITE_DIR)"
	git -C "$(ZERO_SUITE_DIR)" fetch -q --depth 1 "$(SUITE_REPO)" $(SUITE_COMMIT)
	git -C "$(ZERO_SUITE_DIR)" checkout -q FETCH_HEAD
	@echo "fetch-suite: the suite at $(SUITE_COMMIT) is in $(ZERO_SUITE_DIR); run 'go test ./gen/suite'"

suite-report: ## run the JSON Schema Test Suite through zerogen and write reports/suite.md
	ZERO_SUITE_REPORT=$(CURDIR)/reports/suite.md $(GO) test -count=1 -v -run '^TestSuite$$' ./gen/suite

corpus: ## fetch the pinned corpus packages (npm ci in clients/js), run the published schemas through zerogen and write reports/corpus.md
	cd clients/js && npm ci --no-audit --no-fund
	ZERO_CORPUS_REPORT=$(CURDIR)/reports/corpus.md $(GO) test -count=1 -timeout 30m -v -run '^(TestRawReasons|TestCorpus)$$' ./gen/thirdparty

compat: ## report schema changes between the newest two versions of each family, for consumers and producers
	@mkdir -p $(BIN) && $(GO) build -o $(BIN)/zerogen ./cmd/zerogen
	@scripts/compat.sh $(BIN)/zerogen

transcripts: ## record the demo's stream-json runs (v1, v2) into clients/conformance/transcripts
	@$(MAKE) --no-print-directory build
	clients/conformance/record.sh $(BIN)/zero clients/conformance/transcripts

soak: ## stream 1M events and 1M input lines with flat memory, and 1 GB of blank input lines through zero (not in make test)
	ZERO_SOAK=1 $(GO) test -count=1 -v -timeout 30m -run '^TestSoak' ./internal/rigs/soak
	ZERO_SOAK=1 $(GO) test -count=1 -v -timeout 30m -run '^TestBadStreamJSONInput$$/blank_lines$$' ./cmd/zero

hardening-report: ## run the hardening tests and the soak, and write reports/hardening.md from their figures
	@scripts/hardening-report.sh $(GO)

clean: ## remove ./bin
	rm -rf $(BIN)
