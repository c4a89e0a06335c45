// Package money is a type of the example's own, which the schema puts on
// prices with x-go-type.
package money

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Amount is a sum of money in cents.
type Amount struct{ Cents int64 }

// MarshalText writes the amount as a decimal with two places: 1250 cents
// is 12.50.
func (a Amount) MarshalText() ([]byte, error) {
	if a.Cents < 0 {
		return nil, errors.New("negative amount")
	}
	return fmt.Appendf(nil, "%d.%02d", a.Cents/100, a.Cents%100), nil
}

// UnmarshalText reads a decimal with two places.
func (a *Amount) UnmarshalText(b []byte) error {
	whole, frac, ok := strings.Cut(string(b), ".")
	if !ok || len(frac) != 2 {
		return fmt.Errorf("amount %q: want a decimal with two places", b)
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return fmt.Errorf("amount %q: %w", b, err)
	}
	f, err := strconv.ParseInt(frac, 10, 64)
	if err != nil {
		return fmt.Errorf("amount %q: %w", b, err)
	}
	a.Cents = w*100 + f
	return nil
}
