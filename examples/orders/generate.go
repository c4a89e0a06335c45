// Package orders is an example of a module that adopts zerogen: its API
// types are generated from the YAML schemas under schema/ into package
// api, and server.go serves them over HTTP.
package orders

//go:generate go tool zerogen generate
