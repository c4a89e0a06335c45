package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/zeroproject/zero/generated/bundles"
)

func TestSchemaCommand(t *testing.T) {
	v2, _ := bundles.Lookup("streamjson", 2, "output")
	v1, _ := bundles.Lookup("streamjson", 1, "input")
	bash, _ := bundles.Lookup("tools", 1, "bash")
	for _, tc := range []struct {
		args []string
		want []byte
	}{
		{[]string{"schema", "output"}, v2},
		{[]string{"schema", "--schema-version", "2", "output"}, v2},
		{[]string{"schema", "--schema-version", "1", "input.json"}, v1},
		{[]string{"schema", "--family", "tools", "bash"}, bash},
	} {
		var out bytes.Buffer
		env, stderr := testEnv(t, &out, map[string]string{})
		if code := Run(context.Background(), tc.args, env); code != 0 || len(tc.want) == 0 || !bytes.Equal(out.Bytes(), tc.want) {
			t.Errorf("%v: exit %d, %d bytes, stderr %q", tc.args, code, out.Len(), stderr.String())
		}
	}
	var out bytes.Buffer
	env, _ := testEnv(t, &out, map[string]string{})
	if code := Run(context.Background(), []string{"schema", "--list"}, env); code != 0 || !strings.Contains(out.String(), "streamjson\t2\toutput\tOutput\n") {
		t.Errorf("--list: exit %d, %q", code, out.String())
	}
	for _, args := range [][]string{{"schema"}, {"schema", "nope"}, {"schema", "--schema-version", "9", "output"}, {"schema", "--family", "x", "output"}, {"schema", "--bogus"}} {
		var out bytes.Buffer
		env, stderr := testEnv(t, &out, map[string]string{})
		if code := Run(context.Background(), args, env); code != 2 || out.Len() != 0 || !strings.HasPrefix(stderr.String(), "zero: ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2", args, code, out.String(), stderr.String())
		}
	}
	for _, section := range []string{"Usage:", "Flags:", "Examples:"} {
		if !strings.Contains(schemaUsage, section) {
			t.Errorf("schema help lacks %s", section)
		}
	}
}
