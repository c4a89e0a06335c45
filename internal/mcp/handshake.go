package mcp

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"

	mcpv1 "github.com/zeroproject/zero/generated/mcp/v1"
	"github.com/zeroproject/zero/rt"
)

// Protocol versions Zero speaks, newest first. Version 2026-07-28 has no
// handshake (server/discover, then per-request _meta); the others start
// with initialize.
const (
	Version20260728 = "2026-07-28"
	Version20251125 = "2025-11-25"
	Version20250618 = "2025-06-18"
	Version20250326 = "2025-03-26"
)

// Versions lists the protocol versions Zero speaks, newest first.
func Versions() []string {
	return []string{Version20260728, Version20251125, Version20250618, Version20250326}
}

// maxPages bounds the pages of tools/list Zero follows, against a server
// whose cursors never end.
const maxPages = 100

// handshake agrees on a protocol version: server/discover first; when the
// server does not know it (an earlier version), initialize with the newest
// handshake version, accepting any version Zero speaks in the answer.
func (c *client) handshake(ctx context.Context) (instructions string, err error) {
	res, err := c.request(ctx, func(id int64) ([]byte, error) {
		req := mcpv1.DiscoverRequest{ID: requestID(id), Params: mcpv1.DiscoverParams{Meta: c.meta(Version20260728)}}
		return req.MarshalJSON()
	}, false)
	if err == nil {
		var d mcpv1.DiscoverResult
		if derr := d.UnmarshalJSON(res); derr == nil && slices.Contains(d.SupportedVersions, Version20260728) {
			c.setVersion(Version20260728)
			return d.Instructions.V, nil
		}
	}
	if err != nil && !isRPCError(err) && !isHTTPStatus(err) {
		return "", fmt.Errorf("server/discover: %w", err)
	}
	return c.initialize(ctx)
}

// initialize runs the handshake of versions 2025-11-25 and earlier.
func (c *client) initialize(ctx context.Context) (string, error) {
	res, err := c.request(ctx, func(id int64) ([]byte, error) {
		req := mcpv1.InitializeRequest{ID: requestID(id), Params: mcpv1.InitializeParams{
			ProtocolVersion: Version20251125, ClientInfo: c.info}}
		return req.MarshalJSON()
	}, false)
	if err != nil {
		return "", fmt.Errorf("initialize: %w", err)
	}
	var r mcpv1.InitializeResult
	if err := r.UnmarshalJSON(res); err != nil {
		return "", fmt.Errorf("initialize: the answer is not an InitializeResult: %w", err)
	}
	if !slices.Contains(Versions()[1:], r.ProtocolVersion) {
		return "", fmt.Errorf("initialize: the server speaks protocol version %q; Zero speaks %v", r.ProtocolVersion, Versions())
	}
	c.setVersion(r.ProtocolVersion)
	n, err := (&mcpv1.InitializedNotification{}).MarshalJSON()
	if err == nil {
		err = c.notify(ctx, n)
	}
	if err != nil {
		return "", fmt.Errorf("notifications/initialized: %w", err)
	}
	return r.Instructions.V, nil
}

func (c *client) setVersion(v string) {
	c.version = v
	c.t.setVersion(v)
}

// listTools lists every tool, following nextCursor.
func (c *client) listTools(ctx context.Context) ([]mcpv1.Tool, error) {
	var tools []mcpv1.Tool
	cursor := rt.Opt[string]{}
	seen := map[string]bool{}
	for page := 0; page < maxPages; page++ {
		res, err := c.request(ctx, func(id int64) ([]byte, error) {
			req := mcpv1.ListToolsRequest{ID: requestID(id), Params: mcpv1.ListToolsParams{Cursor: cursor, Meta: c.meta(c.version)}}
			return req.MarshalJSON()
		}, true)
		if err != nil {
			return nil, fmt.Errorf("tools/list: %w", err)
		}
		var r mcpv1.ListToolsResult
		if err := r.UnmarshalJSON(res); err != nil {
			return nil, fmt.Errorf("tools/list: the answer is not a ListToolsResult: %w", err)
		}
		tools = append(tools, r.Tools...)
		if !r.NextCursor.Set {
			return tools, nil
		}
		if seen[r.NextCursor.V] {
			return nil, fmt.Errorf("tools/list: the server sent the cursor %q twice", clip(r.NextCursor.V, 100))
		}
		seen[r.NextCursor.V] = true
		cursor = r.NextCursor
	}
	return nil, fmt.Errorf("tools/list: more than %d pages", maxPages)
}

// callTool runs tools/call and decodes its result.
func (c *client) callTool(ctx context.Context, name string, args rt.Raw) (*mcpv1.CallToolResult, error) {
	res, err := c.request(ctx, func(id int64) ([]byte, error) {
		meta := c.meta(c.version)
		meta.ProgressToken = rt.Some(mcpv1.ProgressTokenOfInt(id))
		var a mcpv1.CallToolParamsArguments
		if err := a.UnmarshalJSON(args); err != nil {
			return nil, fmt.Errorf("the arguments are not a JSON object: %w", err)
		}
		req := mcpv1.CallToolRequest{ID: requestID(id), Params: mcpv1.CallToolParams{Name: name, Arguments: &a, Meta: meta}}
		return req.MarshalJSON()
	}, true)
	if err != nil {
		return nil, err
	}
	var r mcpv1.CallToolResult
	if err := r.UnmarshalJSON(res); err != nil {
		return nil, fmt.Errorf("the answer to tools/call is not a CallToolResult: %w", err)
	}
	return &r, nil
}

// requestID is the JSON-RPC id of Zero's request number id.
func requestID(id int64) mcpv1.RequestID { return mcpv1.RequestIDOfInt(id) }

// appendID appends id as JSON.
func appendID(b []byte, id mcpv1.RequestID) []byte {
	if id.Kind == rt.String {
		return rt.AppendString(b, id.String)
	}
	return strconv.AppendInt(b, id.Int, 10)
}

// idText is id as it would appear in a message, for logs.
func idText(id mcpv1.RequestID) string { return string(appendID(nil, id)) }

func isRPCError(err error) bool {
	var e *RPCError
	return errors.As(err, &e)
}
