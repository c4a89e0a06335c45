package redact

import (
	"sync"
	"sync/atomic"
)

// With returns a Redactor that removes r's secret values and the ones
// given (under the rules of New, or of Known for a Redactor of Known); r
// is unchanged.
func (r *Redactor) With(secrets ...string) *Redactor {
	r = r.use()
	return build(r.knownOnly, append(r.values(), secrets...))
}

// values returns the exact secret values r was given.
func (r *Redactor) values() []string {
	var out []string
	for _, list := range r.secrets {
		out = append(out, list...)
	}
	return out
}

// Shared is a Redactor that learns more secret values while it is in use,
// such as the credentials a client hands over for the MCP servers of a new
// session: from then on every string it redacts is redacted with them too.
// It is safe for concurrent use.
type Shared struct {
	mu  sync.Mutex // serializes Add
	cur atomic.Pointer[Redactor]
}

// NewShared returns a Shared that starts as r.
func NewShared(r *Redactor) *Shared {
	s := &Shared{}
	s.cur.Store(r.use())
	return s
}

// Add adds exact secret values (values shorter than MinSecretLen are
// ignored, as New ignores them).
func (s *Shared) Add(secrets ...string) {
	if len(secrets) == 0 {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cur.Store(s.cur.Load().With(secrets...))
}

// Redactor returns the Redactor in effect now, with every value added so
// far; values added later do not change it.
func (s *Shared) Redactor() *Redactor { return s.cur.Load() }

// String is Redactor.String with every value added so far.
func (s *Shared) String(key, v string) string { return s.cur.Load().String(key, v) }

// Memo is a Shared's String for one writer that encodes the same values
// again and again, such as the session id of every update of a session.
// It remembers, for a few keys, the last value it found clean under the
// Redactor then in effect, and returns it again without scanning while
// both are the same: String depends on nothing else, so the result is the
// one a scan would give. A Memo is not safe for concurrent use.
type Memo struct {
	s     *Shared
	slots [4]memoSlot // by the key's length
}

type memoSlot struct {
	r          *Redactor
	key, value string
}

// Memo returns a new Memo of s.
func (s *Shared) Memo() *Memo { return &Memo{s: s} }

// String is Shared.String.
func (m *Memo) String(key, v string) string {
	r := m.s.Redactor()
	slot := &m.slots[len(key)%len(m.slots)]
	if slot.r == r && slot.key == key && slot.value == v {
		return v
	}
	out := r.String(key, v)
	if out == v {
		*slot = memoSlot{r: r, key: key, value: v}
	}
	return out
}
