package streamclient

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"
	"github.com/zeroproject/zero/generated/bundles"
	streamjsonv1 "github.com/zeroproject/zero/generated/streamjson/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
)

// readAll reads every event of a stream, or stops at the first error.
func readAll(t *testing.T, r *Reader) ([]streamjsonv2.OutputValue, error) {
	t.Helper()
	var evs []streamjsonv2.OutputValue
	for {
		ev, err := r.Next()
		if err == io.EOF {
			return evs, nil
		}
		if err != nil {
			return evs, err
		}
		evs = append(evs, ev)
	}
}

func encode(t *testing.T, ev streamjsonv2.OutputValue) string {
	t.Helper()
	out := streamjsonv2.Output{Value: ev}
	b, err := out.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func lines(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

// bundledOutput compiles the bundled version 2 output schema alone.
func bundledOutput(t *testing.T) *jsonschema.Schema {
	t.Helper()
	data, ok := bundles.Lookup("streamjson", 2, "output")
	if !ok {
		t.Fatal("no bundle streamjson v2 output")
	}
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	if err := c.AddResource("https://schemas.zero.dev/streamjson/v2/output.json", bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	return c.MustCompile("https://schemas.zero.dev/streamjson/v2/output.json")
}

func validJSON(t *testing.T, s *jsonschema.Schema, doc string) error {
	t.Helper()
	var v any
	d := json.NewDecoder(strings.NewReader(doc))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return s.Validate(v)
}

// TestTranscripts reads the recorded demo runs of the conformance pack:
// every event comes back byte for byte, the version 1 run reads as the
// version 2 run without its version 2 only events, and every event is
// valid under the bundled version 2 schema.
func TestTranscripts(t *testing.T) {
	const dir = "../clients/conformance/transcripts/"
	schema := bundledOutput(t)
	byVersion := map[int][]string{}
	for _, v := range []int{1, 2} {
		path := dir + "demo.v" + string(rune('0'+v)) + ".jsonl"
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		r := NewReader(f, 0)
		evs, err := readAll(t, r)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if r.Version() != v {
			t.Errorf("%s: version %d", path, r.Version())
		}
		for i, ev := range evs {
			got := encode(t, ev)
			if err := validJSON(t, schema, got); err != nil {
				t.Errorf("%s:%d: upgraded event invalid under the bundle: %v", path, i+1, err)
			}
			if _, ok := ev.(*streamjsonv2.Reasoning); ok {
				continue
			}
			byVersion[v] = append(byVersion[v], got)
		}
		if v == 2 {
			if want := lines(t, path); strings.Join(want, "\n") != strings.Join(encodeAll(t, evs), "\n") {
				t.Errorf("%s does not encode back to itself", path)
			}
		}
	}
	if strings.Join(byVersion[1], "\n") != strings.Join(byVersion[2], "\n") {
		t.Errorf("the version 1 run, upgraded, differs from the version 2 run:\n%s\n---\n%s", strings.Join(byVersion[1], "\n"), strings.Join(byVersion[2], "\n"))
	}
}

func encodeAll(t *testing.T, evs []streamjsonv2.OutputValue) []string {
	var out []string
	for _, ev := range evs {
		out = append(out, encode(t, ev))
	}
	return out
}

// TestUpgradeEveryV1Fixture upgrades every valid version 1 fixture: the
// result encodes to the same document with schemaVersion 2.
func TestUpgradeEveryV1Fixture(t *testing.T) {
	for _, line := range lines(t, "../generated/streamjson/v1/testdata/fixtures/Output.valid.jsonl") {
		r := NewReader(strings.NewReader(line+"\n"), 1)
		r.CheckProtocol = false
		ev, err := r.Next()
		if err != nil {
			t.Errorf("%s: %v", line, err)
			continue
		}
		want := strings.Replace(line, `"schemaVersion":1`, `"schemaVersion":2`, 1)
		if got := encode(t, ev); got != want {
			t.Errorf("upgrade\n got %s\nwant %s", got, want)
		}
	}
}

// TestFixtures reads every version 2 fixture alone: valid ones decode,
// invalid ones fail on line 1 with the keyword the manifest names.
func TestFixtures(t *testing.T) {
	const dir = "../generated/streamjson/v2/testdata/fixtures/"
	for _, line := range lines(t, dir+"Output.valid.jsonl") {
		r := NewReader(strings.NewReader(line), 2)
		r.CheckProtocol = false
		if _, err := r.Next(); err != nil {
			t.Errorf("%s: %v", line, err)
		}
	}
	var man struct {
		Roots []struct {
			Name    string
			Invalid struct {
				Cases []struct {
					Line    int
					Keyword string
				}
			}
		}
	}
	data, err := os.ReadFile(dir + "manifest.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &man); err != nil {
		t.Fatal(err)
	}
	invalid := lines(t, dir+"Output.invalid.jsonl")
	for _, root := range man.Roots {
		if root.Name != "Output" {
			continue
		}
		for _, c := range root.Invalid.Cases {
			r := NewReader(strings.NewReader(invalid[c.Line-1]+"\n"), 2)
			r.CheckProtocol = false
			_, err := r.Next()
			var le *LineError
			if !errors.As(err, &le) || le.Line != 1 || !strings.Contains(err.Error(), c.Keyword) {
				t.Errorf("invalid fixture %d (%s): got %v", c.Line, c.Keyword, err)
			}
		}
	}
}

const (
	start = `{"schemaVersion":2,"type":"run_start","runId":"r","sessionId":"s","cwd":"/","provider":"p","model":"m","apiModel":"m"}`
	text  = `{"schemaVersion":2,"type":"text","runId":"r","delta":"x"}`
	fail  = `{"schemaVersion":2,"type":"error","runId":"r","code":"provider_error","message":"m","recoverable":false}`
	ok    = `{"schemaVersion":2,"type":"run_end","runId":"r","status":"success","exitCode":0}`
	bad   = `{"schemaVersion":2,"type":"run_end","runId":"r","status":"error","exitCode":3}`
)

func TestProtocolChecks(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines []string
		want  string // "" for a clean stream
	}{
		{"complete", []string{start, text, ok}, ""},
		{"error then run_end", []string{start, text, fail, bad}, ""},
		{"no trailing newline", []string{start, ok + "\x00"}, ""},
		{"empty", nil, "line 0: end of input before run_start"},
		{"failed before it started", []string{fail, bad}, ""},
		{"failed before it started, then more", []string{fail, text, bad}, "line 2: text after an error event, want run_end"},
		{"failed before it started, no run_end", []string{fail}, "line 1: end of input before run_end"},
		{"no run_start", []string{text, ok}, "line 1: the first event is text, want run_start"},
		{"two run_starts", []string{start, start}, "line 2: a second run_start"},
		{"after run_end", []string{start, ok, text}, "line 3: text after run_end"},
		{"two run_ends", []string{start, ok, ok}, "line 3: run_end after run_end"},
		{"error not followed by run_end", []string{start, fail, text, bad}, "line 3: text after an error event, want run_end"},
		{"cut short", []string{start, text}, "line 2: end of input before run_end"},
		{"status error without an error", []string{start, bad}, "line 2: run_end has status error, but no error event came before it"},
		{"other runId", []string{start, strings.Replace(text, `"r"`, `"q"`, 1), ok}, `line 2: text has runId "q", run_start had "r"`},
		{"empty line", []string{start, "", ok}, "line 2: empty line"},
		{"not JSON", []string{start, "{", ok}, "line 2: "},
		{"wrong version", []string{start, strings.Replace(text, `:2,`, `:1,`, 1), ok}, "line 2: /schemaVersion: const"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := strings.Join(tc.lines, "\n")
			if len(tc.lines) > 0 && !strings.HasSuffix(in, "\x00") {
				in += "\n"
			}
			in = strings.TrimSuffix(in, "\x00")
			r := NewReader(strings.NewReader(in), 2)
			_, err := readAll(t, r)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("error %v", err)
			case tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)):
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			if err != nil {
				if _, again := r.Next(); again != err {
					t.Errorf("the error is not sticky: %v then %v", err, again)
				}
			}
		})
	}
}

func TestProtocolChecksOff(t *testing.T) {
	r := NewReader(strings.NewReader(text+"\n"+text+"\n"), 2)
	r.CheckProtocol = false
	evs, err := readAll(t, r)
	if err != nil || len(evs) != 2 {
		t.Fatalf("%d events, %v", len(evs), err)
	}
}

func TestLineLength(t *testing.T) {
	long := `{"schemaVersion":2,"type":"text","runId":"r","delta":"` + strings.Repeat("a", 200_000) + `"}`
	for _, max := range []int{len(long), len(long) - 1} {
		r := NewReader(strings.NewReader(start+"\n"+long+"\n"+ok+"\n"), 2)
		r.MaxLineBytes = max
		_, err := readAll(t, r)
		if max == len(long) && err != nil {
			t.Errorf("a line of exactly MaxLineBytes: %v", err)
		}
		if max < len(long) && (!errors.Is(err, ErrLineTooLong) || !strings.HasPrefix(err.Error(), "line 2: line too long")) {
			t.Errorf("a line over MaxLineBytes: %v", err)
		}
	}
}

// TestLineTooLongIsNotBuffered checks that a huge line is refused after
// reading about MaxLineBytes of it, not the whole line.
func TestLineTooLongIsNotBuffered(t *testing.T) {
	src := &countingReader{r: io.MultiReader(strings.NewReader(start+"\n{"), neverEnding('a'))}
	r := NewReader(bufio.NewReader(src), 2)
	r.MaxLineBytes = 1 << 20
	_, err := readAll(t, r)
	if !errors.Is(err, ErrLineTooLong) {
		t.Fatalf("got %v", err)
	}
	if src.n > 2<<20 {
		t.Errorf("read %d bytes before refusing a line over 1 MiB", src.n)
	}
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

type neverEnding byte

func (b neverEnding) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(b)
	}
	return len(p), nil
}

func TestVersionDetection(t *testing.T) {
	for _, tc := range []struct {
		first string
		want  string
	}{
		{strings.Replace(start, `:2,`, `:3,`, 1), "line 1: unsupported protocol version 3"},
		{`{"type":"run_start"}`, "line 1: cannot tell the protocol version"},
		{`[]`, "line 1: cannot tell the protocol version"},
	} {
		_, err := NewReader(strings.NewReader(tc.first+"\n"), 0).Next()
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.first, err, tc.want)
		}
	}
	if _, err := NewReader(strings.NewReader(start+"\n"), 7).Next(); err == nil || !strings.Contains(err.Error(), "unsupported protocol version 7") {
		t.Errorf("NewReader(r, 7): %v", err)
	}
}

// TestUpgradeKeepsValues checks a v1 event with every field set through
// the generated upgrade directly.
func TestUpgradeKeepsValues(t *testing.T) {
	var old streamjsonv1.Output
	in := `{"schemaVersion":1,"type":"tool_call","runId":"r","id":"c","name":"bash","args":{"command":"ls","n":[1,2.5,null]},"sideEffect":"shell"}`
	if err := old.UnmarshalJSON([]byte(in)); err != nil {
		t.Fatal(err)
	}
	out, err := streamjsonv2.UpgradeOutput(&old)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := encode(t, out.Value), strings.Replace(in, ":1,", ":2,", 1); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	if _, err := streamjsonv2.UpgradeOutput(&streamjsonv1.Output{}); err == nil {
		t.Error("an empty Output upgraded without error")
	}
}

func TestBundlesAPI(t *testing.T) {
	list := bundles.List()
	if len(list) == 0 {
		t.Fatal("no bundles")
	}
	for _, b := range list {
		data, ok := bundles.Lookup(b.Family, b.Version, b.Root+".json")
		if !ok || !bytes.Contains(data, []byte(`"$id": "`+b.ID+`"`)) {
			t.Errorf("Lookup(%s, %d, %s): %v", b.Family, b.Version, b.Root, ok)
		}
	}
	if _, ok := bundles.Lookup("streamjson", 9, "output"); ok {
		t.Error("Lookup of a missing version succeeded")
	}
	if got := bundles.Versions("streamjson"); len(got) != 2 || got[0] != 1 || got[1] != 2 {
		t.Errorf("Versions(streamjson) = %v", got)
	}
}
