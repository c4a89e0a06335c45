// Package docs writes the Markdown reference of a set of schemas: one page
// per family and version with every document type, field, constraint and an
// example of each, a page per family of what changed between its versions,
// and an index. It returns file contents and writes nothing; `zerogen docs`
// decides where they go.
//
//	pages, err := docs.Docs(sets, docs.Options{}) // file name → Markdown
package docs
