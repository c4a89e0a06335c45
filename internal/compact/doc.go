// Package compact keeps a conversation within the model's context window, so that a long run
// never ends because the conversation outgrew the model. The run loop (internal/run) uses it
// before every model call; docs/context.md is the user's side of it.
//
// # The window
//
// A Meter holds the window of the run's model: --context-window (ZERO_CONTEXT_WINDOW) when
// given, else the table of Window, else what an OpenAI-compatible server says when asked
// (provider.WindowReporter), else nothing until the vendor refuses a request as too long and
// states the window in its error.
//
// # The estimate
//
// Zero has no tokenizer. Estimate counts a request's bytes (system prompt, tool schemas,
// message texts, call arguments) at BytesPerToken, plus a few tokens of framing per message,
// call and tool; an image counts ImageTokens. The Meter calibrates this estimate with the
// prompt tokens the vendor reports for each request it answered: the ratio of the reported
// count to the estimate of the same request scales every later estimate. All planning below
// is done in estimate units, with the budget scaled down by that ratio.
//
// # The stages
//
// The budget of a request is the window less the room of the reply (the output-token limit,
// when one is set, at most half the window). When a request's estimate passes Trigger of the
// budget:
//
//  1. Prune clips the output of older tool results (all but the last RecentTurns turns),
//     oldest first, to a head and a tail with a note saying what was left out and that the
//     session log keeps it whole, until the estimate is at most PruneTarget of the budget.
//  2. If that is not enough, NewPlan picks the turns to replace: everything but the last turns
//     that fit in TailShare of the budget (always at least the last turn). The model itself
//     summarizes them (SummaryRequest, one extra model call); the conversation becomes the
//     user's prompts word for word, the summary, and the kept turns (Compacted).
//
// A request the vendor still refuses as too long is compacted harder (only the last turn is
// kept, and its output clipped too) and sent once more.
package compact
