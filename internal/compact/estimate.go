package compact

import (
	"math"

	"github.com/zeroproject/zero/internal/provider"
)

// The estimate's constants: bytes of text per token, and the tokens of framing the vendors
// add per message, per tool call and per offered tool, and what an image costs.
const (
	BytesPerToken   = 4
	MessageOverhead = 4
	CallOverhead    = 8
	ToolOverhead    = 8
	ImageTokens     = 1600
)

// The stages' thresholds, as shares of the budget (see the package doc).
const (
	Trigger     = 0.80
	PruneTarget = 0.60
	TailShare   = 0.25
	TaskShare   = 0.20
	// TranscriptShare bounds the summarizer's input; SummaryShare its answer.
	TranscriptShare = 0.60
	SummaryShare    = 0.10
	// RecentTurns is how many of the last turns Prune leaves whole.
	RecentTurns = 2
)

// MessageTokens estimates one message.
func MessageTokens(m provider.Message) int {
	n := len(m.Text) + len(m.ToolCallID) + len(m.ToolName)
	for _, c := range m.ToolCalls {
		n += len(c.ID) + len(c.Name) + len(c.Args) + CallOverhead*BytesPerToken
	}
	return ceilDiv(n, BytesPerToken) + MessageOverhead + len(m.Images)*ImageTokens
}

// MessagesTokens estimates msgs.
func MessagesTokens(msgs []provider.Message) int {
	n := 0
	for _, m := range msgs {
		n += MessageTokens(m)
	}
	return n
}

// FixedTokens estimates what every request of a run sends besides the conversation: the
// system prompt and the tools.
func FixedTokens(system string, tools []provider.ToolSpec) int {
	n := len(system)
	for _, t := range tools {
		n += len(t.Name) + len(t.Description) + len(t.Parameters) + ToolOverhead*BytesPerToken
	}
	return ceilDiv(n, BytesPerToken) + MessageOverhead
}

// Estimate estimates a request, uncalibrated.
func Estimate(req provider.Request) int {
	return FixedTokens(req.System, req.Tools) + MessagesTokens(req.Messages)
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// Meter is what a run knows of its model's context window and of its estimate's error. A
// Meter may serve several runs one after another (the prompts of an editor session), so that
// what one learned the next knows.
type Meter struct {
	// Window is the context window in tokens; 0 while unknown.
	Window int
	// Source says where Window came from, for messages: "--context-window",
	// "Zero's table of models", "the server", "the provider's error".
	Source string
	// Off turns pruning and compaction off (--no-compact).
	Off bool
	// Asked says the server was asked for the window already.
	Asked bool
	ratio float64 // reported tokens per estimated token; 0 before the first report
}

// NewMeter returns the Meter of model: window when it is positive (from --context-window),
// else the window of Zero's table, else an unknown window.
func NewMeter(model string, window int, off bool) *Meter {
	m := &Meter{Off: off}
	switch {
	case window > 0:
		m.Window, m.Source = window, "--context-window"
	case Window(model) > 0:
		m.Window, m.Source = Window(model), "Zero's table of models"
	}
	return m
}

// Ratio is the calibration: reported tokens per estimated token, 1 before any report.
func (m *Meter) Ratio() float64 {
	if m.ratio == 0 {
		return 1
	}
	return m.ratio
}

// Calibrate takes the vendor's count of the prompt tokens of a request whose estimate was
// est. The ratio is kept between 1/4 and 8, against a vendor that reports nonsense.
func (m *Meter) Calibrate(est int, reported int64) {
	if est <= 0 || reported <= 0 {
		return
	}
	m.ratio = min(max(float64(reported)/float64(est), 0.25), 8)
}

// Tokens converts an estimate to calibrated tokens.
func (m *Meter) Tokens(est int) int { return int(math.Ceil(float64(est) * m.Ratio())) }

// Units converts tokens to estimate units, rounding down.
func (m *Meter) Units(tokens int) int { return int(float64(tokens) / m.Ratio()) }

// Budget is the tokens a request may take: the window less the reply's room (maxOut, at most
// half the window); 0 when the window is unknown.
func (m *Meter) Budget(maxOut int) int {
	if m.Window <= 0 {
		return 0
	}
	return m.Window - min(max(maxOut, 0), m.Window/2)
}

// Remember takes the window and the calibration of an earlier run of the session, when the
// Meter has neither.
func (m *Meter) Remember(window int, ratio float64) {
	if m.Window == 0 && window > 0 {
		m.Window, m.Source = window, "an earlier run of the session"
	}
	if m.ratio == 0 && ratio > 0 {
		m.ratio = min(max(ratio, 0.25), 8)
	}
}

// Calibration is the ratio Calibrate measured last; 0 before any report.
func (m *Meter) Calibration() float64 { return m.ratio }
