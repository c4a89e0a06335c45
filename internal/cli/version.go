package cli

import "runtime/debug"

// version is set at link time with -ldflags "-X github.com/zeroproject/zero/internal/cli.version=v1.2.3".
var version = ""

// Version returns the version of zero: the link-time version, else the
// module version and VCS revision recorded in the build, else "dev".
func Version() string {
	if version != "" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "dev"
	}
	v := info.Main.Version
	if v == "" || v == "(devel)" {
		v = "dev"
	}
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " (" + s.Value[:12] + ")"
		}
	}
	return v
}
