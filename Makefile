# Zero's developer entry points. `make help` lists them.
#
# Everything here also runs in CI (.ci/run calls `make test`), so each
# target works from a fresh clone with only Go and, for test-js, Node.

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

GO       ?= go
BIN      ?= bin
CMDS     := zero zerogen
FUZZTIME ?= 30s

.PHONY: help generate build test check-generated test-js demo bench bench-e2e bench-instructions fuzz clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-16s %s\n", $$1, $$2}'

generate: ## regenerate generated/ from schema/ (go generate ./...)
	$(GO) generate ./...

build: ## build cmd/zero and cmd/zerogen into ./bin
	@mkdir -p $(BIN)
	@for c in $(CMDS); do \
		if ls cmd/$$c/*.go >/dev/null 2>&1; then \
			$(GO) build -o $(BIN)/$$c ./cmd/$$c && echo "built $(BIN)/$$c"; \
		else \
			echo "build: skipping cmd/$$c, it has no Go files yet"; \
		fi; \
	done

test: ## vet, Go tests, stale-code check and the JavaScript client checks
	$(GO) vet ./...
	$(GO) test ./...
	@$(MAKE) --no-print-directory check-generated
	@$(MAKE) --no-print-directory test-js

check-generated: ## fail when generated/ or docs/reference/ differ from what `make generate` produces
	@$(MAKE) --no-print-directory generate
	@if ! git diff --quiet --exit-code -- generated docs/reference || [ -n "$$(git status --porcelain -- generated docs/reference)" ]; then \
		echo "check-generated: generated/ is stale: 'make generate' changed these files:"; \
		git status --porcelain -- generated docs/reference; \
		echo "check-generated: run 'make generate' and commit the result"; \
		exit 1; \
	fi
	@echo "check-generated: generated/ is up to date"

test-js: ## ajv checks of schemas, bundles and documents; tsc of the TypeScript types; stream-client.mjs against zero exec (skipped without node)
	@if command -v node >/dev/null 2>&1; then \
		cd clients/js; \
		if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm ci --silent --no-audit --no-fund; fi; \
		node validate-schemas.mjs; \
		node check-bundles.mjs; \
		node check-types.mjs; \
		cd ../..; \
		mkdir -p $(BIN); \
		if $(GO) build -o $(BIN)/zero ./cmd/zero; then \
			clients/conformance/check-live.sh $(BIN)/zero; \
		else \
			echo "test-js: cmd/zero does not build; checking stream-client.mjs on the recorded transcripts only"; \
			for f in clients/conformance/transcripts/demo.v*.jsonl; do node clients/js/stream-client.mjs "$$f" >/dev/null; done; \
		fi; \
	else \
		echo "test-js: skipped, node is not on PATH"; \
	fi

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
	ZERO_BENCH=1 $(GO) test -count=1 -run 'TestRatios' -v ./internal/codecbench
	$(GO) test -run '^$$' -bench . -benchmem ./internal/streamio/... ./internal/redact/...

bench-e2e: ## build zero and stream 10k to 1M deltas through it from a loopback fake vendor; print cost per event, events/s, peak RSS (not in make test)
	ZERO_BENCH_E2E=1 $(GO) test -count=1 -v -timeout 60m -run '^TestE2E$$' ./internal/e2ebench

bench-instructions: ## count instructions per codec under valgrind (repeatable on a busy machine) and print the ratios
	@command -v valgrind >/dev/null || { echo "bench-instructions: needs valgrind (apt-get install valgrind)"; exit 1; }
	@$(GO) test -c -o $(BIN)/codecbench.test ./internal/codecbench
	@cd internal/codecbench && for w in none gen jx std enc stdenc; do \
		n=$$(GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 ZERO_LOOP=$$w ZERO_LOOP_N=1000 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
			../../$(BIN)/codecbench.test -test.run TestLoop 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'); \
		echo "$$w $$n"; \
	done | awk '{n[$$1]=$$2} END { b=n["none"]; for (k in n) if (k!="none") c[k]=(n[k]-b)/1000; \
		printf "instructions per mix: generated decode %.0f, jx Skip %.0f, encoding/json decode %.0f, generated encode %.0f, encoding/json encode %.0f\n", c["gen"], c["jx"], c["std"], c["enc"], c["stdenc"]; \
		printf "decode: %.1fx fewer than encoding/json, %.2fx jx Skip; encode: %.1fx fewer than encoding/json\n", c["std"]/c["gen"], c["gen"]/c["jx"], c["stdenc"]/c["enc"] }'

fuzz: ## run each fuzz target for FUZZTIME (default 30s)
	@for pkg in $$($(GO) list ./...); do \
		for target in $$($(GO) test -list 'Fuzz.*' "$$pkg" | grep '^Fuzz' || true); do \
			echo "fuzz: $$pkg $$target for $(FUZZTIME)"; \
			$(GO) test -run '^$$' -fuzz "^$$target$$" -fuzztime $(FUZZTIME) "$$pkg"; \
		done; \
	done

clean: ## remove ./bin
	rm -rf $(BIN)

.PHONY: suite-report
suite-report: ## run the JSON Schema Test Suite through zerogen and write docs/suite.md
	ZERO_SUITE_REPORT=$(CURDIR)/docs/suite.md $(GO) test -count=1 -v -run '^TestSuite$$' ./gen/suite

.PHONY: compat
compat: ## report schema changes between the newest two versions of each family, for consumers and producers
	@mkdir -p $(BIN) && $(GO) build -o $(BIN)/zerogen ./cmd/zerogen
	@for fam in $$(ls -d schema/*/ | sed 's|/$$||'); do \
		vs="$$(for d in $$fam/v[0-9]*; do [ ! -d "$$d" ] || echo "$${d##*/v}"; done | sort -n | tail -2 | tr '\n' ' ')"; \
		set -- $$vs; \
		[ $$# -eq 2 ] || continue; \
		for role in consumer producer; do \
			$(BIN)/zerogen compat $$fam/v$$1 $$fam/v$$2 --role $$role || [ $$? -eq 1 ]; \
			echo; \
		done; \
	done

.PHONY: fuzz-report
fuzz-report: ## fuzz each decoder against jsonschema/v5 for FUZZTIME and write docs/fuzz.md
	$(GO) run ./internal/codecfuzz/fuzzreport -fuzztime $(FUZZTIME) -o $(CURDIR)/docs/fuzz.md ./internal/codecfuzz

.PHONY: transcripts
transcripts: ## record the demo's stream-json runs (v1, v2) into clients/conformance/transcripts
	@$(MAKE) --no-print-directory build
	clients/conformance/record.sh $(BIN)/zero clients/conformance/transcripts

.PHONY: soak hardening-report
soak: ## stream 1M events and 1M input lines with flat memory, and 1 GB of blank input lines through zero (not in make test)
	ZERO_SOAK=1 $(GO) test -count=1 -v -timeout 30m -run '^TestSoak' ./internal/soak
	ZERO_SOAK=1 $(GO) test -count=1 -v -timeout 30m -run '^TestBadStreamJSONInput$$/blank_lines$$' ./cmd/zero

hardening-report: ## run the hardening tests and the soak, and write docs/hardening.md from their figures
	@dir=$$(mktemp -d); trap 'rm -rf "$$dir"' EXIT; st=0; \
	ZERO_HARDENING_DIR=$$dir ZERO_SOAK=1 $(GO) test -count=1 -timeout 30m ./cmd/zero || st=1; \
	ZERO_HARDENING_DIR=$$dir $(GO) test -count=1 -run '^TestMeta' ./internal/session || st=1; \
	ZERO_HARDENING_DIR=$$dir ZERO_SOAK=1 $(GO) test -count=1 -v -timeout 30m -run '^TestSoak' ./internal/soak || st=1; \
	ZERO_HARDENING_DIR=$$dir ZERO_HARDENING_REPORT=$(CURDIR)/docs/hardening.md $(GO) test -count=1 -v -run '^TestHardeningReport$$' ./internal/soak || st=1; \
	exit $$st
