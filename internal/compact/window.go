package compact

import (
	"regexp"
	"strings"
)

// windows are the context windows, in tokens, of the models Zero names in its docs and of
// their close relatives, as the vendors publish them.
var windows = map[string]int{
	"gpt-5":             400_000,
	"gpt-5-mini":        400_000,
	"gpt-5-nano":        400_000,
	"gpt-4.1":           1_047_576,
	"gpt-4.1-mini":      1_047_576,
	"gpt-4.1-nano":      1_047_576,
	"gpt-4o":            128_000,
	"gpt-4o-mini":       128_000,
	"o3":                200_000,
	"o4-mini":           200_000,
	"claude-sonnet-4-5": 200_000,
	"claude-sonnet-4":   200_000,
	"claude-opus-4-1":   200_000,
	"claude-opus-4":     200_000,
	"claude-haiku-4-5":  200_000,
	"claude-3-7-sonnet": 200_000,
	"claude-3-5-haiku":  200_000,
}

// snapshot is the suffix of a dated snapshot or an alias of a model.
var snapshot = regexp.MustCompile(`-(\d{8}|\d{4}-\d{2}-\d{2}|latest)$`)

// Window returns the context window of model from Zero's table, or 0 when the table does not
// know it. A dated snapshot ("gpt-4.1-2025-04-14", "claude-sonnet-4-5-20250929") and a
// "-latest" alias have the window of their model.
func Window(model string) int {
	m := strings.ToLower(strings.TrimSpace(model))
	if w, ok := windows[m]; ok {
		return w
	}
	return windows[snapshot.ReplaceAllString(m, "")]
}
