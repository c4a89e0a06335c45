package acp

import (
	"errors"

	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
	"github.com/zeroproject/zero/rt"
)

// JSON-RPC and ACP error codes.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
	codeInternal       = -32603
	codeAuthRequired   = -32000
	codeNotFound       = -32002
	// codeSessionInUse answers session/load of a session another process
	// holds. ACP assigns no code to it; this one is Zero's, in JSON-RPC's
	// server-error range and away from the codes ACP has taken there.
	codeSessionInUse = -32050
)

// rpcError is an error a request is answered with.
type rpcError struct {
	code    int64
	msg     string
	pointer string // the JSON Pointer of the invalid value, when there is one
	line    int    // the input line, when known
}

func (e *rpcError) Error() string { return e.msg }

// wire returns e as the protocol's Error. data holds the pointer and the
// line where they are known.
func (e *rpcError) wire() acpv1.Error {
	out := acpv1.Error{Code: e.code, Message: e.msg}
	if e.pointer != "" || e.line > 0 {
		b := []byte(`{`)
		if e.pointer != "" || e.code == codeInvalidParams {
			b = append(b, `"pointer":`...)
			b = rt.AppendString(b, e.pointer)
		}
		if e.line > 0 {
			if len(b) > 1 {
				b = append(b, ',')
			}
			b = append(b, `"line":`...)
			b = appendInt(b, e.line)
		}
		out.Data = rt.Raw(append(b, '}'))
	}
	return out
}

func appendInt(b []byte, n int) []byte {
	if n >= 10 {
		b = appendInt(b, n/10)
	}
	return append(b, byte('0'+n%10))
}

// invalidParams turns a decode error of params into -32602, placing it
// under /params.
func invalidParams(err error) *rpcError {
	e := &rpcError{code: codeInvalidParams, msg: "invalid params: " + err.Error(), pointer: "/params"}
	var re *rt.Error
	if errors.As(err, &re) {
		e.pointer = "/params" + re.Pointer
	}
	return e
}

func notFound(msg string) *rpcError { return &rpcError{code: codeNotFound, msg: msg} }

func internalError(msg string) *rpcError { return &rpcError{code: codeInternal, msg: msg} }
