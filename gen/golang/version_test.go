package golang_test

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/zeroproject/zero/internal/testmod"
	"github.com/zeroproject/zero/rt/rtimpl"
)

// TestVersionHandshake builds a generated package as it is, then as a
// zerogen of the next contract version would have stamped it: the first
// compiles, the second fails on its zerogen.go with the conversion that
// names rtimpl.EnforceVersion, beside the comment that says to regenerate.
func TestVersionHandshake(t *testing.T) {
	dir, env, goBin := testmod.Scratch(t, "handshake", "../..")
	files := generateCase(t, "numbers")
	delete(files, "fixtures_test.go")
	stamp := files["zerogen.go"]
	current := "EnforceVersion(" + strconv.Itoa(rtimpl.GenVersion) + " - rtimpl.MinVersion)"
	if !bytes.Contains(stamp, []byte(current)) {
		t.Fatalf("zerogen.go lacks %q:\n%s", current, stamp)
	}
	build := func() (string, error) {
		cmd := exec.Command(goBin, "build", "./...")
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	testmod.WriteFiles(t, filepath.Join(dir, "numbers"), files)
	if out, err := build(); err != nil {
		t.Fatalf("the package as generated does not build: %v\n%s", err, out)
	}
	next := strconv.Itoa(rtimpl.GenVersion + 1)
	files["zerogen.go"] = bytes.ReplaceAll(stamp, []byte(strconv.Itoa(rtimpl.GenVersion)+")"), []byte(next+")"))
	testmod.WriteFiles(t, filepath.Join(dir, "numbers"), files)
	out, err := build()
	if err == nil {
		t.Fatalf("code stamped for contract version %s built against a runtime of version %d", next, rtimpl.MaxVersion)
	}
	if !strings.Contains(out, "zerogen.go") || !strings.Contains(out, "EnforceVersion") {
		t.Errorf("the build failed, but not on the handshake:\n%s", out)
	}
}
