package compat

import "encoding/json"

// jsonReport is the shape of Report.JSON.
type jsonReport struct {
	Old      string       `json:"old"`
	New      string       `json:"new"`
	Role     Role         `json:"role"`
	Changes  []jsonChange `json:"changes"`
	Total    int          `json:"total"`
	Breaking int          `json:"breaking"`
}

type jsonChange struct {
	Kind     string     `json:"kind"`
	Detail   string     `json:"detail"`
	Breaking bool       `json:"breaking"`
	Why      string     `json:"why"`
	Widens   bool       `json:"widens"`
	Narrows  bool       `json:"narrows"`
	Schema   string     `json:"schema"`
	SchemaIn string     `json:"schemaIn"`
	Sites    []jsonSite `json:"sites"`
}

type jsonSite struct {
	Root     string   `json:"root"`
	Pointer  string   `json:"pointer"`
	Variants []string `json:"variants"`
}

// JSON renders the report for role as one JSON object, for programs such
// as a CI step: old, new and role as given; changes, each with its kind,
// detail, whether it breaks role and why, whether it widens or narrows,
// the changed keyword's location (schema, in the "new" or "old" version
// as schemaIn says) and its sites (root file, JSON Pointer into a
// document, union variants, [] outside a union); and the total and
// breaking counts. It ends in a newline.
func (r *Report) JSON(role Role) []byte {
	out := jsonReport{Old: r.Old, New: r.New, Role: role, Changes: []jsonChange{}, Total: len(r.Changes), Breaking: r.Breaking(role)}
	for _, c := range r.Changes {
		in := "new"
		if c.Old {
			in = "old"
		}
		jc := jsonChange{Kind: c.Kind, Detail: c.Detail, Breaking: c.Breaks(role), Why: c.Why(role),
			Widens: c.Widens, Narrows: c.Narrows, Schema: c.Schema, SchemaIn: in}
		for _, s := range c.Sites {
			vs := []string{}
			for _, v := range s.Variants {
				if v != "" {
					vs = append(vs, v)
				}
			}
			jc.Sites = append(jc.Sites, jsonSite{Root: s.Root, Pointer: s.Pointer, Variants: vs})
		}
		out.Changes = append(out.Changes, jc)
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		panic(err) // strings, bools and ints only: cannot fail
	}
	return append(b, '\n')
}
