package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/zeroproject/zero/gen"
)

const configUsage = `Usage:
  zerogen generate [-c FILE]
  zerogen check [-c FILE]

Runs every zerogen command a config file lists: generate writes their
output, check writes nothing and exits 1 when any output is stale (as
--check does for each), so that one CI step finds drift without repeating
the flags of every run. Without -c, the file is zerogen.yaml, zerogen.yml or
zerogen.json in the working directory.

The file holds "runs", a list; each run is the flags of one command, by
name without the dashes, and "command" names a subcommand (ts, docs,
bundle, upgrade, downgrade, compat; none for the Go package). A flag that
takes a value takes a string, or a list for one that may be repeated; a
switch takes true, or false to turn off one that is on by default
(named-scalars: false). compat takes "old" and "new" for its two directories.
Paths are relative to the directory of the config file.

  # zerogen.yaml
  runs:
    - schemas: api/schemas
      out: internal/api
      package: api
      fixtures: true
      exclude: [examples/]
    - command: ts
      schemas: api/schemas
      out: web/src/api
    - command: compat
      old: api/schemas-v1
      new: api/schemas
      role: consumer

Flags:
  -c, --config FILE   the config file
  -h, --help          show this help

Examples:
  zerogen generate                 # in go generate: //go:generate go run example.com/tools/zerogen generate
  zerogen check -c build/zerogen.yaml

Exit status: 0 success, 1 a run failed or output is stale (or compat found
a breaking change), 2 usage error (in the file too).
`

// pathFlags are the flags whose values are paths, resolved against the
// config file's directory.
var pathFlags = map[string]bool{"schemas": true, "out": true, "from": true, "pairs": true,
	"link-bundles": true, "link-ts": true, "link-go": true, "old": true, "new": true}

// configRun is one run of a config file: its command and arguments.
type configRun struct {
	command string
	args    []string
}

func runGenerateConfig(args []string, stdout, stderr io.Writer) int {
	return runConfig("generate", false, args, stdout, stderr)
}

func runCheckConfig(args []string, stdout, stderr io.Writer) int {
	return runConfig("check", true, args, stdout, stderr)
}

// runConfig runs every run of the config file, all of them even after one
// fails, and exits with the worst code.
func runConfig(name string, check bool, args []string, stdout, stderr io.Writer) int {
	fl := subFlags(name)
	file := fl.StringP("config", "c", "", "")
	if code, done := parseSub(fl, args, configUsage, stdout, stderr); done {
		return code
	}
	if fl.NArg() > 0 {
		return subUsageError(stderr, "zerogen "+name, "unexpected argument "+fl.Arg(0))
	}
	path, err := findConfig(*file)
	if err != nil {
		return subUsageError(stderr, "zerogen "+name, err.Error())
	}
	runs, err := readConfig(path)
	if err != nil {
		fmt.Fprintf(stderr, "zerogen: %v\n", err)
		return 2
	}
	worst := 0
	for _, r := range runs {
		argv := r.args
		if check && r.command != "compat" {
			argv = append(argv, "--check")
		}
		if r.command != "" {
			argv = append([]string{r.command}, argv...)
		}
		if code := run(argv, stdout, stderr); code > worst {
			worst = code
		}
	}
	if check && worst == 1 {
		fmt.Fprintf(stderr, "zerogen: or run them all: %s\n", rerunLine("zerogen generate", configArgs(*file)))
	}
	return worst
}

func configArgs(file string) []string {
	if file == "" {
		return nil
	}
	return []string{"-c", file}
}

// findConfig is the config file to read: the one given, or the first of
// the default names in the working directory.
func findConfig(given string) (string, error) {
	if given != "" {
		return given, nil
	}
	for _, name := range []string{"zerogen.yaml", "zerogen.yml", "zerogen.json"} {
		if _, err := os.Stat(name); err == nil {
			return name, nil
		}
	}
	return "", errors.New("no zerogen.yaml, zerogen.yml or zerogen.json here; give the config file with -c FILE")
}

// readConfig reads the runs of a config file (YAML or JSON).
func readConfig(path string) ([]configRun, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: no such file", path)
	} else if err != nil {
		return nil, err
	}
	js, err := gen.YAMLToJSON(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	var top struct {
		Runs []json.RawMessage `json:"runs"`
	}
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&top); err != nil {
		return nil, fmt.Errorf("%s: want an object with runs, a list of runs: %v", path, err)
	}
	if len(top.Runs) == 0 {
		return nil, fmt.Errorf("%s: no runs", path)
	}
	dir := filepath.Dir(path)
	var runs []configRun
	for i, raw := range top.Runs {
		r, err := configRunOf(raw, dir)
		if err != nil {
			return nil, fmt.Errorf("%s: runs[%d]: %v", path, i, err)
		}
		runs = append(runs, r)
	}
	return runs, nil
}

// configRunOf turns one run's members, in the order written, into the
// arguments of its command.
func configRunOf(raw json.RawMessage, dir string) (configRun, error) {
	members, err := orderedMembers(raw)
	if err != nil {
		return configRun{}, err
	}
	var r configRun
	var positional [2]string
	for _, m := range members {
		key := m.key
		var s string
		var list []string
		var b bool
		switch {
		case json.Unmarshal(m.val, &s) == nil:
			list = []string{s}
		case json.Unmarshal(m.val, &list) == nil:
		case json.Unmarshal(m.val, &b) == nil:
			if key == "command" {
				return r, errors.New("command takes a name")
			}
			if b {
				r.args = append(r.args, "--"+key)
			} else {
				r.args = append(r.args, "--"+key+"=false") // turns off a switch that is on by default
			}
			continue
		default:
			return r, fmt.Errorf("%s: want a string, a list of strings, true or false", key)
		}
		switch key {
		case "command":
			if len(list) != 1 {
				return r, errors.New("command takes one name")
			}
			if _, ok := subcommands[list[0]]; !ok || list[0] == "generate" || list[0] == "check" {
				return r, fmt.Errorf("unknown command %q", list[0])
			}
			r.command = list[0]
			continue
		case "old", "new":
			if len(list) != 1 {
				return r, fmt.Errorf("%s takes one directory", key)
			}
			i := 0
			if key == "new" {
				i = 1
			}
			positional[i] = resolve(dir, list[0])
			continue
		}
		for _, v := range list {
			switch {
			case pathFlags[key]:
				v = resolve(dir, v)
			case key == "ref-dir":
				if u, d, ok := strings.Cut(v, "="); ok {
					v = u + "=" + resolve(dir, d)
				}
			}
			r.args = append(r.args, "--"+key, v)
		}
	}
	if positional[0] != "" || positional[1] != "" {
		if r.command != "compat" {
			return r, errors.New("old and new are for command: compat")
		}
		r.args = append([]string{positional[0], positional[1]}, r.args...)
	}
	return r, nil
}

// resolve makes a relative path in the config file relative to the working
// directory.
func resolve(dir, p string) string {
	if filepath.IsAbs(p) || p == "" {
		return p
	}
	return filepath.Join(dir, filepath.FromSlash(p))
}

type member struct {
	key string
	val json.RawMessage
}

// orderedMembers lists an object's members in the order written.
func orderedMembers(raw json.RawMessage) ([]member, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, errors.New("want an object of flags")
	}
	var out []member
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, member{key: t.(string), val: v})
	}
	return out, nil
}
