package streamclient_test

import (
	"errors"
	"fmt"
	"io"
	"strings"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/streamclient"
)

// A version 2 stream as `zero exec -o stream-json` writes it.
const streamV2 = `{"schemaVersion":2,"type":"run_start","runId":"run_1","sessionId":"zero_1","cwd":"/repo","provider":"replay","model":"m","apiModel":"m"}
{"schemaVersion":2,"type":"reasoning","runId":"run_1","delta":"Reading the README first."}
{"schemaVersion":2,"type":"text","runId":"run_1","delta":"No blockers"}
{"schemaVersion":2,"type":"text","runId":"run_1","delta":" found."}
{"schemaVersion":2,"type":"final","runId":"run_1","text":"No blockers found."}
{"schemaVersion":2,"type":"run_end","runId":"run_1","status":"success","exitCode":0}
`

// Read a stream event by event, put the answer together from the text
// deltas, and show progress from the other events.
func ExampleReader() {
	r := streamclient.NewReader(strings.NewReader(streamV2), 2)
	var answer strings.Builder
	for {
		ev, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println("error:", err)
			return
		}
		switch ev := ev.(type) {
		case *streamjsonv2.RunStart:
			fmt.Println("run", ev.RunID, "with", ev.Provider)
		case *streamjsonv2.Reasoning:
			fmt.Println("thinking:", ev.Delta)
		case *streamjsonv2.Text:
			answer.WriteString(ev.Delta)
		case *streamjsonv2.RunEnd:
			fmt.Println("answer:", answer.String())
			fmt.Println("exit code", ev.ExitCode)
		}
	}
	// Output:
	// run run_1 with replay
	// thinking: Reading the README first.
	// answer: No blockers found.
	// exit code 0
}

// A version 1 stream (`zero exec --schema-version 1`) comes out as
// version 2 events; version 0 takes the version from the first line.
func ExampleNewReader_version1() {
	v1 := `{"schemaVersion":1,"type":"run_start","runId":"run_1","sessionId":"zero_1","cwd":"/repo","provider":"replay","model":"m","apiModel":"m"}
{"schemaVersion":1,"type":"error","runId":"run_1","code":"provider_error","message":"the provider answered 503","recoverable":true}
{"schemaVersion":1,"type":"run_end","runId":"run_1","status":"error","exitCode":3}
`
	r := streamclient.NewReader(strings.NewReader(v1), 0)
	for {
		ev, err := r.Next()
		if err != nil {
			break
		}
		if e, ok := ev.(*streamjsonv2.Error); ok {
			fmt.Printf("version %d stream, error %s (recoverable: %v)\n", r.Version(), e.Code, e.Recoverable)
		}
	}
	// Output:
	// version 1 stream, error provider_error (recoverable: true)
}

// Errors name the line, and say what is wrong with it: here an unknown
// field, which the schema does not allow.
func ExampleLineError() {
	bad := `{"schemaVersion":2,"type":"run_start","runId":"run_1","sessionId":"zero_1","cwd":"/repo","provider":"replay","model":"m","apiModel":"m"}
{"schemaVersion":2,"type":"text","runId":"run_1","delta":"hi","colour":"red"}
`
	r := streamclient.NewReader(strings.NewReader(bad), 2)
	for {
		_, err := r.Next()
		var le *streamclient.LineError
		if errors.As(err, &le) {
			fmt.Println("line", le.Line)
			fmt.Println(err)
		}
		if err != nil {
			break
		}
	}
	// Output:
	// line 2
	// line 2: additionalProperties: unknown property "colour" at offset 0
}

// The protocol checks catch a stream that stops before its run_end, as
// when zero was killed.
func ExampleProtocolError() {
	cut := `{"schemaVersion":2,"type":"run_start","runId":"run_1","sessionId":"zero_1","cwd":"/repo","provider":"replay","model":"m","apiModel":"m"}
{"schemaVersion":2,"type":"text","runId":"run_1","delta":"Half an ans"}
`
	r := streamclient.NewReader(strings.NewReader(cut), 2)
	var err error
	for err == nil {
		_, err = r.Next()
	}
	var pe *streamclient.ProtocolError
	fmt.Println(errors.As(err, &pe), err)
	// Output:
	// true line 2: end of input before run_end: the run did not finish
}
