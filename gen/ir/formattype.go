package ir

import (
	"sort"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
)

// FormatType is the Go type --format-types gives a string of one format:
// the type (Import, Name) and the variable of package rtimpl that reads,
// writes and checks it (Codec).
type FormatType struct {
	Import, Name, Codec string
}

const rtImport = "github.com/zeroproject/zero/rt"

// FormatTypes are the formats --format-types maps, to their Go types.
var FormatTypes = map[string]FormatType{
	"date-time": {"time", "Time", "DateTimeType"},
	"date":      {rtImport, "Date", "DateType"},
	"time":      {rtImport, "TimeOfDay", "TimeType"},
	"duration":  {rtImport, "Duration", "DurationType"},
	"uuid":      {rtImport, "UUID", "UUIDType"},
	"ipv4":      {"net/netip", "Addr", "IPv4Type"},
	"ipv6":      {"net/netip", "Addr", "IPv6Type"},
	"uri":       {rtImport, "URI", "URIType"},
}

// formatType gives s the Go type of its format when Options.FormatTypes
// is on, s's format is one FormatTypes maps, and s admits only strings
// (or strings and null). It returns nil otherwise. The format is asserted
// on such a value whatever the dialect says: a typed value cannot hold a
// string of another form.
func (b *builder) formatType(s *jsonschema.Schema, keys map[string]*schema.Value) (*Type, error) {
	if !b.formatTypes || s.Format == "" {
		return nil, nil
	}
	ft, ok := FormatTypes[s.Format]
	if !ok || !(len(s.Types) == 1 && s.Types[0] == "string" || nullableString(s.Types)) {
		return nil, nil
	}
	if b.l.Node(s).Format == "" {
		b.annotated = append(b.annotated, s)
	}
	rest := map[string]*schema.Value{}
	for k, v := range keys {
		if k != "type" && k != "format" {
			rest[k] = v
		}
	}
	g := &GoType{Import: ft.Import, Name: ft.Name, Text: true, Format: s.Format, Codec: ft.Codec}
	return b.userType(s, g, rest)
}

// warnAnnotatedFormats says, once per schema, that --format-types asserts
// a format the schema's dialect leaves an annotation.
func (b *builder) warnAnnotatedFormats() {
	warn := b.l.Opts.Warn
	if warn == nil {
		return
	}
	sort.Slice(b.annotated, func(i, j int) bool { return b.annotated[i].Location < b.annotated[j].Location })
	for _, s := range b.annotated {
		ft := FormatTypes[s.Format]
		if e, ok := b.errAt(s, "format %q is only an annotation in this schema's dialect, but --format-types gives the value the Go type %s: the format is asserted here (a string of another form fails at format)", s.Format, (&GoType{Import: ft.Import, Name: ft.Name}).String()).(*schema.Error); ok {
			warn(e)
		}
	}
}
