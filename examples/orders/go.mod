module example.com/orders

go 1.26.0

require github.com/zeroproject/zero v0.0.0-00010101000000-000000000000

require (
	github.com/dave/jennifer v1.7.1 // indirect
	github.com/dlclark/regexp2/v2 v2.13.0 // indirect
	github.com/santhosh-tekuri/jsonschema/v5 v5.3.1 // indirect
	github.com/spf13/pflag v1.1.0 // indirect
	go.yaml.in/yaml/v3 v3.0.6 // indirect
)

// The example builds against the working tree. An adopter needs no
// replace: `go get -tool github.com/zeroproject/zero/cmd/zerogen@VERSION`
// writes the require and tool lines.
replace github.com/zeroproject/zero => ../..

tool github.com/zeroproject/zero/cmd/zerogen
