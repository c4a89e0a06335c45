// Package keyset detects repeated keys in one JSON object without allocating
// for objects of up to 16 keys. The runtime's decoders and the generator's
// schema reader share it; it is not for direct use, and its API may change
// in any release.
package keyset

// Set detects duplicate keys in one object without allocating for
// objects of up to 16 keys.
type Set struct {
	small [16]string
	n     int
	m     map[string]struct{}
}

// Add records k and reports false when it was already there.
func (s *Set) Add(k string) bool {
	if s.m != nil {
		if _, dup := s.m[k]; dup {
			return false
		}
		s.m[k] = struct{}{}
		return true
	}
	for _, o := range s.small[:s.n] {
		if o == k {
			return false
		}
	}
	if s.n < len(s.small) {
		s.small[s.n] = k
		s.n++
		return true
	}
	s.m = make(map[string]struct{}, 2*len(s.small))
	for _, o := range s.small {
		s.m[o] = struct{}{}
	}
	s.m[k] = struct{}{}
	return true
}

// Has reports whether k was added.
func (s *Set) Has(k string) bool {
	if s.m != nil {
		_, ok := s.m[k]
		return ok
	}
	for _, o := range s.small[:s.n] {
		if o == k {
			return true
		}
	}
	return false
}

// Len returns the number of keys added.
func (s *Set) Len() int {
	if s.m != nil {
		return len(s.m)
	}
	return s.n
}
