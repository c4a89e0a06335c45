module github.com/zeroproject/zero

go 1.26.8

require (
	github.com/dave/jennifer v1.7.1
	github.com/santhosh-tekuri/jsonschema/v5 v5.3.1
	github.com/spf13/pflag v1.1.0
)

require (
	github.com/creack/pty v1.1.24
	github.com/elastic/go-seccomp-bpf v1.6.0
	github.com/go-faster/jx v1.2.0
	github.com/google/go-cmp v0.7.0
	golang.org/x/net v0.41.0
	golang.org/x/sys v0.49.0
)

require (
	github.com/go-faster/errors v0.7.1 // indirect
	github.com/segmentio/asm v1.2.1 // indirect
)
