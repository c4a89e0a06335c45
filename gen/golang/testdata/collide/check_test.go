package collide

import (
	"encoding/json"
	"testing"
)

// TestRenamedFields decodes a document into the renamed fields and
// encodes it back unchanged.
func TestRenamedFields(t *testing.T) {
	doc := `{"user_id":"u1","userId":7,"validate":true,"MarshalJSON":"m","extra":"e","Extra2":2,"status":"on_hold","io.example/owner":"o1","owner":"o2","other":5}`
	var a Account
	if err := json.Unmarshal([]byte(doc), &a); err != nil {
		t.Fatal(err)
	}
	if a.UserID != "u1" || a.UserID2 != 7 || !a.Validate2.V || a.MarshalJSON2.V != "m" ||
		a.Extra2.V != "e" || a.Extra22.V != 2 || a.Status.V != AccountStatusOnHold2 || a.Extra["other"] != 5 ||
		a.Owner.V != "o1" || a.Owner2.V != "o2" {
		t.Errorf("decoded %+v", a)
	}
	if err := a.Validate(); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(a)
	if err != nil || string(b) != doc {
		t.Errorf("encoded %s, %v\nwant %s", b, err, doc)
	}
	var _ *AccountStatusX = a.X
	if len(AccountStatusValues) != 4 || AccountStatusValues2 != "values" || AccountStatusOnHold != "on-hold" || AccountStatusX2 != "x" {
		t.Errorf("enum constants %v", AccountStatusValues)
	}
	var c Color
	if err := json.Unmarshal([]byte(`"green"`), &c); err != nil || c.Value != ColorValueGreen {
		t.Errorf("color %v %v", c, err)
	}
}

// TestHelperNamesGiveWay: a type titled as a union's interface (ShapeValue)
// or an enum's list (LevelValues) keeps its title; the helpers are
// ShapeValue2 and LevelValues2, and the document round-trips.
func TestHelperNamesGiveWay(t *testing.T) {
	doc := `{"shape":{"kind":"square","side":2},"note":{"text":"t"},"level":"high","levels":{"n":1}}`
	var d Drawing
	if err := json.Unmarshal([]byte(doc), &d); err != nil {
		t.Fatal(err)
	}
	var v ShapeValue2 = d.Shape.Value
	if sq, ok := v.(*Square); !ok || sq.Side.V != 2 {
		t.Errorf("shape %#v", d.Shape.Value)
	}
	var note *ShapeValue = d.Note
	var levels *LevelValues = d.Levels
	if note == nil || note.Text.V != "t" || levels == nil || levels.N.V != 1 || d.Level.V != LevelHigh {
		t.Errorf("decoded %+v", d)
	}
	if len(LevelValues2) != 2 || LevelValues2[0] != LevelLow {
		t.Errorf("LevelValues2 = %v", LevelValues2)
	}
	b, err := json.Marshal(d)
	if err != nil || string(b) != doc {
		t.Errorf("encoded %s, %v\nwant %s", b, err, doc)
	}
}
