package typed

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/zeroproject/zero/rt"
)

// TestTypedShapes decodes into the inferred Go types and checks that the
// decoder keeps the schema's verdicts and keywords.
func TestTypedShapes(t *testing.T) {
	doc := `{"trigger":"pr","kind":"event","priority":-1,"level":20,"owner":{"name":"ann"},"reviewer":null,"labels":["a",null],"mood":"busy","count":3,"answer":42,"mode":"fast","permission":"reject","lastPermission":null}`
	var e Event
	if err := json.Unmarshal([]byte(doc), &e); err != nil {
		t.Fatal(err)
	}
	var (
		trigger  EventTrigger                = e.Trigger
		priority EventPriority               = e.Priority
		owner    rt.Nullable[Person]         = e.Owner
		reviewer rt.Opt[rt.Nullable[Person]] = e.Reviewer
		mood     rt.Opt[rt.Nullable[Mood]]   = e.Mood
		level    rt.Opt[EventLevel]          = e.Level
	)
	if trigger != EventTriggerPr || priority != EventPriorityMinus1 || owner.V.Name != "ann" || !reviewer.Set || reviewer.V.Valid ||
		mood.V.V != MoodBusy || level.V != EventLevel20 || len(e.Labels.V) != 2 || e.Labels.V[1].Valid {
		t.Errorf("decoded %+v", e)
	}
	var count EventCount = e.Count.V
	if count != EventCount3 || e.Answer.V != EventAnswer42 || e.Mode.V != EventModeFast ||
		e.Permission.V != PermissionReject || !e.LastPermission.Set || e.LastPermission.V.Valid {
		t.Errorf("count %v answer %v", count, e.Answer.V)
	}
	var e2 Event
	if err := json.Unmarshal([]byte(`{"trigger":"pr","priority":1,"owner":null,"count":3.0,"answer":4.2e1}`), &e2); err != nil {
		t.Errorf("3.0 and 4.2e1 are integers: %v", err)
	}
	if e.Kind.V != EventKindEvent {
		t.Errorf("Kind = %q", e.Kind.V)
	}
	b, err := json.Marshal(e)
	if err != nil || string(b) != doc {
		t.Errorf("encoded %s %v\nwant %s", b, err, doc)
	}
	for bad, keyword := range map[string]string{
		`{"trigger":5,"priority":1,"owner":null}`:                             "enum",
		`{"trigger":"x","priority":1,"owner":null}`:                           "enum",
		`{"trigger":"pr","priority":4,"owner":null}`:                          "enum",
		`{"trigger":"pr","priority":1.5,"owner":null}`:                        "type",
		`{"trigger":"pr","priority":1,"owner":null,"kind":"x"}`:               "const",
		`{"trigger":"pr","priority":1,"owner":{}}`:                            "required",
		`{"trigger":"pr","priority":1,"owner":null,"level":30}`:               "enum",
		`{"trigger":"pr","priority":1,"owner":null,"level":null}`:             "enum",
		`{"trigger":"pr","priority":1,"owner":null,"mood":5}`:                 "enum",
		`{"trigger":"pr","priority":1,"owner":null,"count":"1"}`:              "enum",
		`{"trigger":"pr","priority":1,"owner":null,"count":1.5}`:              "enum",
		`{"trigger":"pr","priority":1,"owner":null,"count":4}`:                "enum",
		`{"trigger":"pr","priority":1,"owner":null,"count":1e400}`:            "enum",
		`{"trigger":"pr","priority":1,"owner":null,"answer":41}`:              "const",
		`{"trigger":"pr","priority":1,"owner":null,"answer":"42"}`:            "const",
		`{"trigger":"pr","priority":1,"owner":null,"mode":"slow"}`:            "const",
		`{"trigger":"pr","priority":1,"owner":null,"mode":5}`:                 "type",
		`{"trigger":"pr","priority":1,"owner":null,"permission":"maybe"}`:     "const",
		`{"trigger":"pr","priority":1,"owner":null,"permission":1}`:           "const",
		`{"trigger":"pr","priority":1,"owner":null,"lastPermission":"maybe"}`: "const",
	} {
		err := json.Unmarshal([]byte(bad), &e)
		if err == nil || !strings.Contains(err.Error(), keyword) {
			t.Errorf("%s: %v, want a %s error", bad, err, keyword)
		}
	}
	e = Event{Trigger: EventTriggerPush, Priority: 7}
	if err := e.Validate(); err == nil || !strings.Contains(err.Error(), "want one of 1, 2, 3, -1") {
		t.Errorf("Validate of priority 7: %v", err)
	}
}
