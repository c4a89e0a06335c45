package orders

import (
	"encoding/json"
	"io"
	"net/http"
	"time"

	"github.com/zeroproject/zero/rt"

	"example.com/orders/api"
)

// Accepted is the answer to an order: a struct of the example's own that
// holds a generated type and runtime types, encoded with encoding/json
// (the generated Order validates itself as it encodes).
type Accepted struct {
	Order    api.Order         `json:"order"`
	Priority api.OrderPriority `json:"priority"`
	Received time.Time         `json:"received"`
	Note     rt.Opt[string]    `json:"note,omitzero"`
}

// Problem is one violation of the schema, placed by its JSON Pointer, and
// the keyword it breaks, placed in the schema.
type Problem struct {
	Pointer string `json:"pointer"`
	Keyword string `json:"keyword"`
	Message string `json:"message"`
	Schema  string `json:"schema,omitempty"`
}

// Handler decodes an order with the generated decoder (one pass over the
// bytes, the schema checked as it reads) and answers 200 with the order
// accepted, or 422 with every violation of the schema (UnmarshalJSONAll,
// which zerogen.yaml's all-errors adds: a valid order costs no more than
// UnmarshalJSON).
func Handler(now func() time.Time) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
		if err != nil {
			http.Error(w, err.Error(), http.StatusRequestEntityTooLarge)
			return
		}
		var o api.Order
		if errs := o.UnmarshalJSONAll(body); errs != nil {
			problems := make([]Problem, len(errs))
			for i, e := range errs {
				problems[i] = Problem{e.Pointer, e.Keyword, e.Msg, e.SchemaLoc}
			}
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnprocessableEntity)
			_ = json.NewEncoder(w).Encode(map[string][]Problem{"errors": problems})
			return
		}
		a := Accepted{Order: o, Priority: o.Priority.Or(api.OrderPriorityDefault), Received: now().UTC(), Note: o.Note}
		b, err := json.Marshal(a)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(b)
	})
}
