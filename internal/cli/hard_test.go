package cli

import (
	"testing"
	"time"
)

func TestIdleTimeout(t *testing.T) {
	for v, want := range map[string]time.Duration{"": 0, "2s": 2 * time.Second, "500ms": 500 * time.Millisecond, "1.5": 1500 * time.Millisecond, " 90 ": 90 * time.Second, "1m30s": 90 * time.Second} {
		got, err := idleTimeout(func(string) string { return v })
		if err != nil || got != want {
			t.Errorf("%q: %v, %v; want %v", v, got, err, want)
		}
	}
	for _, v := range []string{"0", "-1s", "soon", "1x", "NaN"} {
		_, err := idleTimeout(func(string) string { return v })
		if e := asExit(err); err == nil || e.exit != 3 || e.code != "config_error" {
			t.Errorf("%q: %v, want a config error", v, err)
		}
	}
	f, _ := parseExecFlags(nil)
	vars := map[string]string{"OPENAI_API_KEY": "k", idleEnv: "250ms"}
	c, err := chooseProvider(f, func(k string) string { return vars[k] })
	if err != nil || c.idle != 250*time.Millisecond {
		t.Errorf("choice %+v, %v", c, err)
	}
}
