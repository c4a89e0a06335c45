// Package bundle makes each root schema self-contained (every document it
// reaches embedded under $defs, as the 2020-12 specification describes)
// and writes the Go package that embeds the bundles.
package bundle
