package constrained

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/rttest"
)

// reference compiles the case's schema with jsonschema/v5.
func reference(t *testing.T) *jsonschema.Schema {
	t.Helper()
	data, err := os.ReadFile("testdata/schema.json")
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("mem://signup.json", bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	return c.MustCompile("mem://signup.json")
}

func instance(t *testing.T, doc string) any {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader([]byte(doc)))
	d.UseNumber()
	var x any
	if err := d.Decode(&x); err != nil {
		t.Fatalf("%s: %v", doc, err)
	}
	return x
}

const base = `"customer":{"kind":"person","name":"Ann"},"contact":{"email":"a@b.c"}`

// documents are valid and invalid signups, one rule of each type's Rest
// node kept or broken at a time.
var documents = []string{
	`{` + base + `}`,
	`{"customer":{"kind":"company","name":"Acme","vat":"FR1"},"contact":{"phone":"+33"}}`,
	`{"customer":{"kind":"company","name":"Acme"},"contact":{"phone":"+33"}}`,
	`{"customer":{"kind":"person","name":"Ann","vat":"FR1"},"contact":{"phone":"+33"}}`,
	`{"customer":{"kind":"robot","name":"R"},"contact":{"phone":"+33"}}`,
	`{"customer":{"kind":"person","name":""},"contact":{"phone":"+33"}}`,
	`{"customer":{"kind":"person","name":"Ann","x":1},"contact":{"phone":"+33"}}`,
	`{"customer":{"kind":"person","name":"Ann"},"contact":{}}`,
	`{"customer":{"kind":"person","name":"Ann"},"contact":{"email":"e","phone":"p"}}`,
	`{"customer":{"kind":"person","name":"Ann"},"contact":{"email":1}}`,
	`{"customer":{"kind":"person","name":"Ann"},"contact":[]}`,
	`{` + base + `,"shipping":{"street":"1 Main St","city":"X"}}`,
	`{` + base + `,"shipping":{"street":"1 Main St"}}`,
	`{` + base + `,"shipping":{"city":"X"}}`,
	`{` + base + `,"shipping":{"pickup":"P","hours":"09-18"}}`,
	`{` + base + `,"shipping":{"pickup":"P"}}`,
	`{` + base + `,"shipping":{"pickup":"P","hours":"9 to 6"}}`,
	`{` + base + `,"shipping":{"hours":"9 to 6","note":"n"}}`,
	`{` + base + `,"billing":{"card":"4111"}}`,
	`{` + base + `,"billing":{"iban":"FR76"}}`,
	`{` + base + `,"billing":{"card":"4111","iban":"FR76"}}`,
	`{` + base + `,"billing":{}}`,
	`{` + base + `,"nickname":"ace"}`,
	`{` + base + `,"nickname":"admin"}`,
	`{` + base + `,"nickname":"adm\u0069n"}`,
	`{` + base + `,"nickname":7}`,
	`{` + base + `,"labels":{"team":"blue","zone":"eu"}}`,
	`{` + base + `,"labels":{"Team":"blue"}}`,
	`{` + base + `,"labels":{"team":1}}`,
	`{` + base + `,"labels":{}}`,
	`{` + base + `,"ratio":1.5}`,
	`{` + base + `,"ratio":1}`,
	`{` + base + `,"ratio":1.0}`,
	`{` + base + `,"ratio":2e0}`,
	`{` + base + `,"ratio":0.25}`,
	`{` + base + `,"ratio":"1"}`,
	`{` + base + `,"tags":["a","main"]}`,
	`{` + base + `,"tags":["a"]}`,
	`{` + base + `,"tags":[]}`,
	`{` + base + `,"tags":["main",1]}`,
	`{` + base + `,"agree":true}`,
	`{` + base + `,"agree":false}`,
	`{` + base + `,"agree":null}`,
	`{` + base + `,"other":1}`,
	`{` + base + `,"point":[1,2.5]}`,
	`{` + base + `,"point":[1]}`,
	`{` + base + `,"point":[1,2,3]}`,
	`{` + base + `,"point":[1,"2"]}`,
	`{` + base + `,"point":{}}`,
	`{` + base + `,"stops":[{"city":"Lyon","days":2},{"city":"Lyon"}]}`,
	`{` + base + `,"stops":[{"city":"Lyon","days":2},{"days":2,"city":"Lyon"}]}`,
	`{` + base + `,"stops":[{"city":"Lyon","days":2},{"city":"Lyon","days":2.0}]}`,
	`{` + base + `,"stops":[{"city":"Lyon"},{"city":"Ly\u006fn"}]}`,
	`{` + base + `,"stops":[{"city":"Lyon"},{"city":"Nice","x":1}]}`,
	`{` + base + `,"stops":[]}`,
	`{` + base + `,"weights":[1,1.5,2]}`,
	`{` + base + `,"weights":[1,1.0]}`,
	`{` + base + `,"weights":[1,1e0]}`,
	`{` + base + `,"weights":[0.1,0.10]}`,
	`{` + base + `,"weights":[1,"1"]}`,
}

// TestDifferential decodes every document and compares the verdict with
// jsonschema/v5's; an accepted document validates and encodes to the same
// bytes.
func TestDifferential(t *testing.T) {
	root := reference(t)
	accepted, refused := 0, 0
	for _, doc := range documents {
		refErr := root.Validate(instance(t, doc))
		var s Signup
		err := json.Unmarshal([]byte(doc), &s)
		if (err == nil) != (refErr == nil) {
			t.Errorf("%s: zerogen says %v, jsonschema/v5 says %v", doc, err, refErr)
			continue
		}
		if err != nil {
			refused++
			var re *rt.Error
			if !errors.As(err, &re) || re.Pointer == "" && re.Offset < 0 {
				t.Errorf("%s: error %v has no place", doc, err)
			}
			continue
		}
		accepted++
		if err := s.Validate(); err != nil {
			t.Errorf("%s: decoded, then Validate says %v", doc, err)
		}
		b, err := json.Marshal(s)
		if same, jerr := rttest.SameJSON(b, []byte(doc)); err != nil || jerr != nil || !same {
			t.Errorf("%s: encoded %s %v", doc, b, err)
		}
	}
	if accepted < 15 || refused < 20 {
		t.Errorf("accepted %d, refused %d: the documents no longer test both sides", accepted, refused)
	}
}

// TestValidateBuilt checks the Rest nodes on values built in Go.
func TestValidateBuilt(t *testing.T) {
	ok := Signup{Customer: Customer{Kind: CustomerKindCompany, Name: "Acme", Vat: rt.Opt[string]{V: "FR1", Set: true}},
		Contact: Contact{Email: rt.Opt[string]{V: "e", Set: true}}}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	for name, bad := range map[string]func(s *Signup){
		"company without vat": func(s *Signup) { s.Customer.Vat = rt.Opt[string]{} },
		"no contact":          func(s *Signup) { s.Contact = Contact{} },
		"two ways to pay": func(s *Signup) {
			s.Billing = &Billing{Card: rt.Opt[string]{V: "c", Set: true}, Iban: rt.Opt[string]{V: "i", Set: true}}
		},
		"admin":       func(s *Signup) { s.Nickname = rt.Opt[string]{V: "admin", Set: true} },
		"label name":  func(s *Signup) { s.Labels = rt.Opt[map[string]string]{V: map[string]string{"A": "b"}, Set: true} },
		"ratio":       func(s *Signup) { s.Ratio = rt.Opt[Ratio]{V: 3, Set: true} },
		"no main tag": func(s *Signup) { s.Tags = rt.Opt[[]string]{V: []string{"x"}, Set: true} },
		"street only": func(s *Signup) { s.Shipping = &Shipping{Street: rt.Opt[string]{V: "s", Set: true}} },
		"stop twice": func(s *Signup) {
			s.Stops = rt.Opt[[]Stop]{V: []Stop{{City: "Lyon"}, {City: "Lyon"}}, Set: true}
		},
		"weight twice": func(s *Signup) { s.Weights = rt.Opt[[]float64]{V: []float64{1, 1}, Set: true} },
	} {
		s := ok
		bad(&s)
		if err := s.Validate(); err == nil {
			t.Errorf("%s: Validate accepts %+v", name, s)
		}
		if b, err := json.Marshal(s); err == nil {
			t.Errorf("%s: encoded %s", name, b)
		}
	}
}

// TestHookChecked checks that a string hook cannot make the encoder
// write a value the Rest node refuses.
func TestHookChecked(t *testing.T) {
	s := Signup{Customer: Customer{Kind: CustomerKindPerson, Name: "Ann"}, Contact: Contact{Phone: rt.Opt[string]{V: "p", Set: true}},
		Nickname: rt.Opt[string]{V: "root", Set: true}}
	e := rt.Encoder{Hook: func(key, s string) string {
		if key == "nickname" {
			return "admin"
		}
		return s
	}}
	err := s.EncodeJSON(&e)
	var re *rt.Error
	if !errors.As(err, &re) || re.Keyword != "not" || re.Pointer != "/nickname" {
		t.Errorf("encoded %s, %v; want a not error at /nickname", e.Buf, err)
	}
}
