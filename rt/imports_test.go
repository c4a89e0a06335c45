package rt

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImportsStayInRuntime holds the runtime's dependency direction:
// generated code in other modules imports rt, so no file under rt/ (tests
// included) may import a package of this module outside rt/.
func TestImportsStayInRuntime(t *testing.T) {
	const module = "github.com/zeroproject/zero/"
	checked := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		checked++
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if strings.HasPrefix(p, module) && !strings.HasPrefix(p, module+"rt/") && p != module+"rt" {
				t.Errorf("rt/%s imports %s: the runtime must not depend on the rest of the module", filepath.ToSlash(path), p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 20 {
		t.Fatalf("checked only %d files under rt/", checked)
	}
}
