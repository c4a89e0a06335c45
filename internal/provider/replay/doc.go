// Package replay is Zero's offline, deterministic model provider: it plays a
// ReplayScript (schema/replay/v1/script.json) instead of calling a vendor.
// Demos and tests use it to run the whole agent loop, with real tools, without
// an account or a network.
//
// The n-th call of Stream plays the script's n-th turn: reasoning and text
// steps become deltas, tool_call steps tool calls with their arguments passed
// on byte for byte, usage steps usage events, and an error step ends the call
// with a *provider.Error. A call after the last turn fails the same way.
//
//	script, err := replay.Load("script.json") // or replay.Demo()
//	if err != nil { ... }
//	p := replay.New(script)
//
// Demo is a built-in script for trying Zero without an account: it lists the
// workspace with the read-only list_directory tool, then says, honestly
// scripted, what Zero is and how to use a real provider.
package replay
