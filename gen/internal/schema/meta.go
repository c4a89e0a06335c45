package schema

import (
	"embed"
	"fmt"
	"strings"
	"sync"

	"github.com/zeroproject/zero/rt"
)

// The standard meta-schemas of every dialect, as santhosh-tekuri/jsonschema/v5
// embeds them (so that the positions of its compiled meta-schemas are
// positions in these files): a schema may $ref them, and no network is ever
// needed to read them.
//
//go:embed meta/*.json
var metaFS embed.FS

var (
	metaOnce sync.Once
	metaDocs map[string]*Doc // by the URL the compiler gives them
)

// metaURLs maps each embedded file to its URL.
var metaURLs = map[string]string{
	"draft-04_schema.json": "http://json-schema.org/draft-04/schema",
	"draft-06_schema.json": "http://json-schema.org/draft-06/schema",
	"draft-07_schema.json": "http://json-schema.org/draft-07/schema",
}

// standardMeta returns the embedded meta-schema document at u, if any.
func standardMeta(u string) *Doc {
	metaOnce.Do(loadMetaDocs)
	return metaDocs[strings.TrimSuffix(u, "#")]
}

func loadMetaDocs() {
	metaDocs = map[string]*Doc{}
	entries, err := metaFS.ReadDir("meta")
	if err != nil {
		panic(err)
	}
	for _, e := range entries {
		data, err := metaFS.ReadFile("meta/" + e.Name())
		if err != nil {
			panic(err)
		}
		u, ok := metaURLs[e.Name()]
		if !ok {
			u = "https://json-schema.org/" + strings.ReplaceAll(strings.TrimSuffix(e.Name(), ".json"), "_", "/")
		}
		raw, err := Parse(data)
		if err != nil {
			panic(fmt.Sprintf("embedded meta-schema %s: %v", e.Name(), err))
		}
		doc := &Doc{Name: u, URL: u, MetaURL: u, Raw: raw, Data: data, views: map[*Value]*Value{}, schemaObjects: map[*Value]bool{}}
		if s := raw.Get("$schema"); s != nil && s.Kind == rt.String {
			doc.Dialect, _ = dialectOfURL(s.Str)
		}
		r := &reader{doc: doc, meta: true}
		if err := r.read(raw, ""); err != nil {
			panic(fmt.Sprintf("embedded meta-schema %s: %v", e.Name(), err))
		}
		metaDocs[u] = doc
	}
}
