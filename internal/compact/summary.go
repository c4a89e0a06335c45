package compact

import (
	"fmt"
	"strings"

	"github.com/zeroproject/zero/internal/provider"
)

// SummarySystem is the system prompt of the summarizing call.
const SummarySystem = "You compact the history of a coding agent's session so that it fits the model's context window. " +
	"Write a summary from which the agent can go on with the work without the history: the user's task and " +
	"every constraint they gave; the files read, created or changed, and what in them matters for the task; " +
	"commands run and what they showed; decisions taken and why; facts later steps need, such as names, values, " +
	"numbers and error messages, copied exactly; what is done and what is left to do. Be concise and concrete, " +
	"write plain text, and start with the summary itself. Never write out secrets such as keys, tokens or passwords."

// summaryAsk ends the summarizing call's message.
const summaryAsk = "\n\nWrite the summary of the history above now. The agent keeps the user's requests word for word " +
	"and the turns after this history, so summarize what happened in between."

// transcriptClips are the clips of tool output SummaryRequest tries, from the most kept to
// the least, until the transcript fits.
var transcriptClips = []Clip{{Head: 4000, Tail: 1000}, Light, Hard, {}}

// SummaryRequest is the model call that summarizes p.Old, with its transcript fitted into
// budget estimate units and the reply bounded to maxTokens.
func SummaryRequest(model string, p Plan, budget, maxTokens int) provider.Request {
	var text string
	for _, c := range transcriptClips {
		var left int
		if text, left = Transcript(p, c, budget); left == 0 {
			break
		}
	}
	return provider.Request{Model: model, System: SummarySystem, MaxTokens: maxTokens,
		Messages: []provider.Message{{Role: provider.RoleUser, Text: text + summaryAsk}}}
}

// Transcript writes p.Old as text for the summarizer, each tool output clipped by c: the
// user's requests first, then the history. When even that is too long for budget, the oldest
// entries of the history are left out, and a line says so; it returns how many.
func Transcript(p Plan, c Clip, budget int) (string, int) {
	var head strings.Builder
	head.WriteString("The user's requests, word for word:\n")
	for _, t := range p.Tasks {
		head.WriteString("\n<request>\n" + t + "\n</request>\n")
	}
	head.WriteString("\nThe history to summarize:\n")
	entries := make([]string, 0, len(p.Old))
	for _, m := range p.Old {
		if e := entry(m, c); e != "" {
			entries = append(entries, e)
		}
	}
	room := budget*BytesPerToken - head.Len() - len(summaryAsk)
	first := 0
	for total := sumLen(entries); total > room && first < len(entries); first++ {
		total -= len(entries[first])
	}
	if first > 0 {
		head.WriteString(fmt.Sprintf("\n[%d older entries are left out: they did not fit]\n", first))
	}
	return head.String() + strings.Join(entries[first:], ""), first
}

// entry writes one message of the history; a clip with no room leaves a tool's output out.
func entry(m provider.Message, c Clip) string {
	switch {
	case m.Summary:
		return "\n<earlier-summary>\n" + strings.TrimPrefix(m.Text, SummaryHeader) + "\n</earlier-summary>\n"
	case m.Role == provider.RoleUser:
		return "\n<user>\n" + m.Text + "\n</user>\n"
	case m.Role == provider.RoleAssistant:
		var b strings.Builder
		if m.Text != "" {
			b.WriteString("\n<assistant>\n" + m.Text + "\n</assistant>\n")
		}
		for _, call := range m.ToolCalls {
			b.WriteString(fmt.Sprintf("\n<call tool=%q>%s</call>\n", call.Name, call.Args))
		}
		return b.String()
	}
	status := "ok"
	if m.IsError {
		status = "error"
	}
	out := m.Text
	if c.Head+c.Tail == 0 {
		out = fmt.Sprintf("[%d bytes of output left out]", len(m.Text))
	} else if clipped, ok := ClipText(m.Text, c, m.ToolCallID); ok {
		out = clipped
	}
	return fmt.Sprintf("\n<result tool=%q status=%q>\n%s\n</result>\n", m.ToolName, status, out)
}

func sumLen(ss []string) int {
	n := 0
	for _, s := range ss {
		n += len(s)
	}
	return n
}

// Fallback is a summary Zero writes itself when the model wrote none: the calls the replaced
// turns made, as far as they fit in limit bytes.
func Fallback(p Plan, limit int) string {
	var b strings.Builder
	b.WriteString("The model wrote no summary. The replaced turns made these tool calls:\n")
	for _, m := range p.Old {
		for _, c := range m.ToolCalls {
			line := fmt.Sprintf("- %s %s\n", c.Name, c.Args)
			if b.Len()+len(line) > limit {
				return b.String() + "- ...\n"
			}
			b.WriteString(line)
		}
	}
	return b.String()
}
