package rt

// Opt holds an optional value: Set is false when the property was absent.
type Opt[T any] struct {
	V   T
	Set bool
}

// Some returns a present optional value.
func Some[T any](v T) Opt[T] { return Opt[T]{V: v, Set: true} }

// Get returns the value and whether it is present.
func (o Opt[T]) Get() (T, bool) { return o.V, o.Set }

// Nullable holds a value that may be JSON null: Valid is false for null.
type Nullable[T any] struct {
	V     T
	Valid bool
}

// Raw is a JSON value kept byte-exact as it was read.
type Raw []byte
