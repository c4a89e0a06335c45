// Package zero is the root of the Zero toolchain: versioned JSON Schema
// files under schema/ are the single source of truth for every JSON
// document Zero reads or writes, zerogen (cmd/zerogen over gen/) turns them
// into Go codecs under generated/, and the zero binary (cmd/zero) wires
// those codecs into `zero exec`, a headless agent run loop.
//
// Every go:generate line of the project is below, one per schema family and
// version. Run `make generate` (or `go generate .`) after editing a schema
// and commit the result; CI fails when generated/ is stale.
package zero

//go:generate go run ./cmd/zerogen --schemas schema/streamjson/v1 --out generated/streamjson/v1 --package streamjsonv1 --fixtures
//go:generate go run ./cmd/zerogen --schemas schema/streamjson/v2 --out generated/streamjson/v2 --package streamjsonv2 --fixtures
//go:generate go run ./cmd/zerogen upgrade --from schema/streamjson/v1 --from-import github.com/zeroproject/zero/generated/streamjson/v1 --schemas schema/streamjson/v2 --out generated/streamjson/v2 --package streamjsonv2
//go:generate go run ./cmd/zerogen downgrade --from schema/streamjson/v1 --from-import github.com/zeroproject/zero/generated/streamjson/v1 --schemas schema/streamjson/v2 --out generated/streamjson/v2 --package streamjsonv2 --drop "Reasoning=version 1 has no reasoning events" --drop "PermissionRequest=version 1 has no permission events" --drop "PermissionDecision=version 1 has no permission events"
//go:generate go run ./cmd/zerogen --schemas schema/session/v1 --out generated/session/v1 --package sessionv1 --fixtures
//go:generate go run ./cmd/zerogen --schemas schema/tools/v1 --out generated/tools/v1 --package toolsv1 --fixtures
//go:generate go run ./cmd/zerogen --schemas schema/replay/v1 --out generated/replay/v1 --package replayv1 --fixtures
//go:generate go run ./cmd/zerogen --schemas schema/execresult/v1 --out generated/execresult/v1 --package execresultv1 --fixtures
//go:generate go run ./cmd/zerogen --schemas schema/execresult/v2 --out generated/execresult/v2 --package execresultv2 --fixtures
//go:generate go run ./cmd/zerogen upgrade --from schema/execresult/v1 --from-import github.com/zeroproject/zero/generated/execresult/v1 --schemas schema/execresult/v2 --out generated/execresult/v2 --package execresultv2
//go:generate go run ./cmd/zerogen downgrade --from schema/execresult/v1 --from-import github.com/zeroproject/zero/generated/execresult/v1 --schemas schema/execresult/v2 --out generated/execresult/v2 --package execresultv2
//go:generate go run ./cmd/zerogen --schemas schema/acp/v1 --out generated/acp/v1 --package acpv1 --fixtures
//go:generate go run ./cmd/zerogen --schemas schema/mcp/v1 --out generated/mcp/v1 --package mcpv1 --fixtures
//go:generate go run ./cmd/zerogen --schemas schema/mcpconfig/v1 --out generated/mcpconfig/v1 --package mcpconfigv1 --fixtures
//go:generate go run ./cmd/zerogen --schemas schema/openai/v1 --out generated/openai/v1 --package openaiv1 --skip-unknown
//go:generate go run ./cmd/zerogen --schemas schema/anthropic/v1 --out generated/anthropic/v1 --package anthropicv1 --skip-unknown
//go:generate go run ./cmd/zerogen bundle --schemas schema --out generated/bundles
//go:generate go run ./cmd/zerogen ts --schemas schema --out generated/ts --link-bundles generated/bundles
//go:generate go run ./cmd/zerogen docs --schemas schema --out docs/reference --link-bundles generated/bundles --link-ts generated/ts --link-go generated --note "[../protocol.md](../protocol.md) explains the stream-json protocol in prose."
