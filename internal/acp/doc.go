// Package acp is Zero's Agent Client Protocol (ACP) agent: the logic of
// `zero acp`. An editor starts zero acp and speaks JSON-RPC 2.0 with it over
// standard input and output, one JSON message per line.
//
// Serve reads each line with the generated strict decoder of
// generated/acp/v1 (first the envelope, then the params or result by
// method) and writes every message with the generated encoder, through the
// redactor. A session is a Zero session of the session store; each prompt
// runs the same loop as `zero exec` (internal/run), whose events become
// session/update notifications (updates.go), and whose calls that need a
// person's approval become session/request_permission requests (ask.go).
//
// Standard output carries only protocol messages; diagnostics go to
// standard error.
package acp
