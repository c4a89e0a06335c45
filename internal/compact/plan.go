package compact

import (
	"github.com/zeroproject/zero/internal/provider"
)

// SummaryHeader begins the message that holds a summary, so that the model knows what it is.
const SummaryHeader = "[zero: the earlier part of this conversation was compacted to fit the model's context window. " +
	"The user's requests above are word for word; what follows is a summary of the turns in between, written by the model. " +
	"The turns after it are word for word.]\n\n"

// Plan is one compaction: the messages a summary replaces, and what stays.
type Plan struct {
	// Old are the messages the summary replaces (an earlier summary among them).
	Old []provider.Message
	// Tasks are the user's prompts in Old, kept word for word before the summary.
	Tasks []string
	// Kept is how many of the last messages stay after the summary, unchanged.
	Kept int
}

// NewPlan plans the compaction of msgs: it keeps the last turns whose estimate fits tail (at
// least the last turn; only it when hard) and replaces the rest. The user's prompts among
// the replaced messages are kept word for word while they fit tasks (the first always, then
// the newest). It reports false when nothing would be replaced but prompts and an earlier
// summary.
func NewPlan(msgs []provider.Message, tail, tasks int, hard bool) (Plan, bool) {
	cut := TurnStart(msgs, 1)
	for k := 2; !hard; k++ {
		i := TurnStart(msgs, k)
		if i <= 0 || i == cut || MessagesTokens(msgs[i:]) > tail {
			break
		}
		cut = i
	}
	p := Plan{Old: msgs[:cut], Kept: len(msgs) - cut}
	turns := false
	for _, m := range p.Old {
		if m.Role != provider.RoleUser {
			turns = true
		}
	}
	if !turns {
		return Plan{}, false
	}
	p.Tasks = keptTasks(p.Old, tasks)
	return p, true
}

// keptTasks returns the user's prompts among old that fit budget, oldest first: the first
// prompt always, then the newest that fit.
func keptTasks(old []provider.Message, budget int) []string {
	var prompts []string
	for _, m := range old {
		if m.Role == provider.RoleUser && !m.Summary {
			prompts = append(prompts, m.Text)
		}
	}
	if len(prompts) == 0 {
		return nil
	}
	keep := make([]bool, len(prompts))
	keep[0] = true
	budget -= MessageTokens(provider.Message{Text: prompts[0]})
	for i := len(prompts) - 1; i > 0; i-- {
		n := MessageTokens(provider.Message{Text: prompts[i]})
		if n > budget {
			break
		}
		keep[i], budget = true, budget-n
	}
	var out []string
	for i, p := range prompts {
		if keep[i] {
			out = append(out, p)
		}
	}
	return out
}

// Compacted is the conversation after a compaction: the tasks as user messages, the summary,
// then tail.
func Compacted(tasks []string, summary string, tail []provider.Message) []provider.Message {
	out := make([]provider.Message, 0, len(tasks)+1+len(tail))
	for _, t := range tasks {
		out = append(out, provider.Message{Role: provider.RoleUser, Text: t})
	}
	out = append(out, provider.Message{Role: provider.RoleUser, Text: SummaryHeader + summary, Summary: true})
	return append(out, tail...)
}
