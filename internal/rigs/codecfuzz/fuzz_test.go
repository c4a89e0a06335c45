package codecfuzz

import "testing"

// fuzzRoot seeds f with the published fixtures of pkg.name, the documents
// of schema/testdata/documents.json for its schema and the valid ones
// respelled with escapes and whitespace, and checks every input with check.
func fuzzRoot(f *testing.F, pkg, name string) {
	r := rootNamed(pkg, name)
	if r == nil {
		f.Fatalf("no root %s.%s in the table", pkg, name)
	}
	if _, err := referenceFor(r); err != nil {
		f.Fatal(err)
	}
	valid, invalid := fixtures(f, r)
	docValid, docInvalid := documents(f, r)
	for _, b := range append(valid, docValid...) {
		f.Add(b)
		f.Add(respelled(b))
	}
	for _, b := range append(invalid, docInvalid...) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if _, err := check(r, b); err != nil {
			t.Fatalf("%s: %v\ninput: %s", r.id(), err, clip(b))
		}
	})
}

func FuzzStreamJSONV1Input(f *testing.F)      { fuzzRoot(f, "streamjsonv1", "Input") }
func FuzzStreamJSONV1Output(f *testing.F)     { fuzzRoot(f, "streamjsonv1", "Output") }
func FuzzStreamJSONV2Input(f *testing.F)      { fuzzRoot(f, "streamjsonv2", "Input") }
func FuzzStreamJSONV2Output(f *testing.F)     { fuzzRoot(f, "streamjsonv2", "Output") }
func FuzzSessionV1SessionMeta(f *testing.F)   { fuzzRoot(f, "sessionv1", "SessionMeta") }
func FuzzSessionV1SessionRecord(f *testing.F) { fuzzRoot(f, "sessionv1", "SessionRecord") }
func FuzzToolsV1BashArgs(f *testing.F)        { fuzzRoot(f, "toolsv1", "BashArgs") }
func FuzzToolsV1EditFileArgs(f *testing.F)    { fuzzRoot(f, "toolsv1", "EditFileArgs") }
func FuzzToolsV1GlobArgs(f *testing.F)        { fuzzRoot(f, "toolsv1", "GlobArgs") }
func FuzzToolsV1GrepArgs(f *testing.F)        { fuzzRoot(f, "toolsv1", "GrepArgs") }
func FuzzToolsV1ListDirectoryArgs(f *testing.F) {
	fuzzRoot(f, "toolsv1", "ListDirectoryArgs")
}
func FuzzToolsV1ReadFileArgs(f *testing.F)  { fuzzRoot(f, "toolsv1", "ReadFileArgs") }
func FuzzToolsV1WriteFileArgs(f *testing.F) { fuzzRoot(f, "toolsv1", "WriteFileArgs") }
func FuzzReplayV1ReplayScript(f *testing.F) { fuzzRoot(f, "replayv1", "ReplayScript") }
func FuzzExecResultV1ExecResult(f *testing.F) {
	fuzzRoot(f, "execresultv1", "ExecResult")
}
func FuzzExecResultV2ExecResult(f *testing.F) {
	fuzzRoot(f, "execresultv2", "ExecResult")
}
func FuzzMCPV1Message(f *testing.F) { fuzzRoot(f, "mcpv1", "Message") }
func FuzzMCPV1ProgressNotification(f *testing.F) {
	fuzzRoot(f, "mcpv1", "ProgressNotification")
}
func FuzzACPV1Message(f *testing.F) { fuzzRoot(f, "acpv1", "Message") }
