package sandbox

import (
	"fmt"
	"strings"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
)

// Block codes, declared in the stream-json schema's blockCode.
const (
	// CodeWrite: the sandbox refused a write.
	CodeWrite = streamjsonv2.BlockCodeSandboxWrite
	// CodeNetwork: the sandbox refused a socket.
	CodeNetwork = streamjsonv2.BlockCodeNetwork
	// CodeUnavailable: the sandbox could not be set up, so the command
	// did not run.
	CodeUnavailable = streamjsonv2.BlockCodeSandboxUnavailable
)

// Block is what the sandbox refused a command, as its output shows it.
type Block struct {
	Code   string
	Reason string
}

// The messages the C library and Go print for the errors the sandbox
// causes.
const (
	msgReadOnly   = "Read-only file system"
	msgDenied     = "Permission denied"
	msgFamily     = "Address family not supported by protocol"
	msgFamilyGo   = "address family not supported by protocol"
	msgReadOnlyGo = "read-only file system"
)

// Explain reads a command's output for the errors the sandbox causes and
// says what was blocked first and which flag would allow it; nil when
// nothing in the output points at the sandbox. It can only go by the
// messages the command printed: a program that hides its errors is not
// explained, and the Landlock mechanism's "Permission denied" may also be
// an ordinary one.
func (s *Sandbox) Explain(output string) *Block {
	if s.settings.Mode == DangerFullAccess {
		return nil
	}
	if strings.Contains(output, setupFailedPrefix) {
		return &Block{Code: CodeUnavailable, Reason: "the sandbox could not be set up, so the command did not run; " + DangerHint}
	}
	first, code := len(output), ""
	mark := func(c string, msgs ...string) {
		for _, m := range msgs {
			if i := strings.Index(output, m); i >= 0 && i < first {
				first, code = i, c
			}
		}
	}
	if !s.settings.Network {
		mark(CodeNetwork, msgFamily, msgFamilyGo)
	}
	mark(CodeWrite, msgReadOnly, msgReadOnlyGo)
	if s.mech == Landlock {
		mark(msgDenied, msgDenied)
	}
	switch code {
	case CodeNetwork:
		return &Block{Code: CodeNetwork, Reason: fmt.Sprintf("the sandbox (%s) blocked a socket: commands have no network, TCP, UDP or Unix sockets; "+
			"--sandbox-network allows them", s.settings.Mode)}
	case CodeWrite:
		return &Block{Code: CodeWrite, Reason: s.writeReason("blocked a write")}
	case msgDenied:
		return &Block{Code: CodeWrite, Reason: s.writeReason("may have blocked an access (\"Permission denied\")")}
	}
	return nil
}

// writeReason says what the mode lets commands write, and how to allow
// more.
func (s *Sandbox) writeReason(what string) string {
	protected := strings.Join(ProtectedNames, ", ")
	if s.settings.Mode == ReadOnly {
		return fmt.Sprintf("the sandbox (read-only) %s: commands write nothing; --sandbox workspace-write lets them write the workspace "+
			"and the temp dirs, --sandbox danger-full-access everything", what)
	}
	msg := fmt.Sprintf("the sandbox (workspace-write) %s: commands write only under %s, and %s stay read-only "+
		"(so git commit needs --sandbox danger-full-access); --add-dir DIR makes DIR writable, --sandbox danger-full-access everything",
		what, strings.Join(s.spec.Writable, ", "), protected)
	if s.mech == Landlock {
		msg += "; with Landlock, the top level of a root holding " + protected + " is read-only too: create files in a subdirectory"
	}
	return msg
}
