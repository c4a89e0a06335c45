package replay

import (
	_ "embed"
	"errors"
	"fmt"
	"os"

	replayv1 "github.com/zeroproject/zero/generated/replay/v1"
	"github.com/zeroproject/zero/rt"
)

// Load reads and strictly decodes the replay script at path. Errors name the
// file, the line and column, and the JSON Pointer of the failing value.
func Load(path string) (*replayv1.ReplayScript, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("load replay script: %w", err)
	}
	s, err := decode(b)
	if err != nil {
		return nil, fmt.Errorf("load replay script %s%s: %w", path, position(b, err), err)
	}
	return s, nil
}

//go:embed demo.json
var demoJSON []byte

// Demo returns the built-in demo script, a fresh copy at every call.
func Demo() *replayv1.ReplayScript {
	s, err := decode(demoJSON)
	if err != nil {
		panic("replay: the embedded demo.json is invalid: " + err.Error())
	}
	return s
}

func decode(b []byte) (*replayv1.ReplayScript, error) {
	s := new(replayv1.ReplayScript)
	if err := s.UnmarshalJSON(b); err != nil {
		return nil, err
	}
	return s, nil
}

// position returns ":line:column" of the failing value of err in b, or ""
// when err carries no offset.
func position(b []byte, err error) string {
	var re *rt.Error
	if !errors.As(err, &re) || re.Offset < 0 || re.Offset > len(b) {
		return ""
	}
	line, col := 1, 1
	for _, c := range b[:re.Offset] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return fmt.Sprintf(":%d:%d", line, col)
}
