// types-expect-error.ts proves that the generated TypeScript declarations
// (generated/ts) reject wrong shapes: each wrong statement below carries an
// expect-error directive, and `tsc --noEmit` fails when one of them
// compiles, since an unused directive is itself an error. check-types.mjs
// runs it beside the fixtures, which must all compile.

import type { Input, Output, RunStart, ToolCall, PermissionDecision, JSONValue, ErrorCode, ExitCode } from "../../generated/ts/streamjson/v2";
import type * as v1 from "../../generated/ts/streamjson/v1";

const id = "run_1";

// The shapes that must compile, as a baseline for the failures below.
export const good: Output[] = [
  { schemaVersion: 2, type: "text", runId: id, delta: "hi" },
  { schemaVersion: 2, type: "tool_call", runId: id, id: "c1", name: "bash", args: { command: "ls", n: [1, null] }, sideEffect: "shell" },
  { schemaVersion: 2, type: "permission_decision", runId: id, id: "c1", name: "bash", action: "deny", permission: "prompt", permissionGranted: false },
];

// A wrong type literal: there is no "txt" event.
// @ts-expect-error
export const wrongType: Output = { schemaVersion: 2, type: "txt", runId: id, delta: "hi" };

// A missing required field: run_end needs exitCode.
// @ts-expect-error
export const missingField: Output = { schemaVersion: 2, type: "run_end", runId: id, status: "success" };

// An unknown field on an object literal.
// @ts-expect-error
export const unknownField: Output = { schemaVersion: 2, type: "text", runId: id, delta: "hi", colour: "red" };

// A wrong enum value: sideEffect is read, write, shell, network or unknown.
// @ts-expect-error
export const wrongEnum: ToolCall = { schemaVersion: 2, type: "tool_call", runId: id, id: "c1", name: "x", args: null, sideEffect: "delete" };

// The wrong protocol version: schemaVersion is the literal 2.
// @ts-expect-error
export const wrongVersion: RunStart = { schemaVersion: 1, type: "run_start", runId: id, sessionId: "s", cwd: "/", provider: "p", model: "m", apiModel: "m" };

// A version 2 event is not a version 1 event.
// @ts-expect-error
export const newEventInOldUnion: v1.Output = { schemaVersion: 2, type: "reasoning", runId: id, delta: "hm" };

// The wrong type for a field: permissionGranted is a boolean.
// @ts-expect-error
export const wrongFieldType: PermissionDecision = { schemaVersion: 2, type: "permission_decision", runId: id, id: "c1", name: "bash", action: "deny", permission: "prompt", permissionGranted: "no" };

// The operation kind is not a permission action: upstream's v2 action is
// the policy's decision, allow, prompt or deny.
// @ts-expect-error
export const operationAsAction: PermissionDecision = { schemaVersion: 2, type: "permission_decision", runId: id, id: "c1", name: "bash", action: "execute", permission: "prompt", permissionGranted: false };

// An optional field is absent or present, never undefined.
// @ts-expect-error
export const undefinedOptional: PermissionDecision = { schemaVersion: 2, type: "permission_decision", runId: id, id: "c1", name: "bash", action: "allow", permission: "prompt", permissionGranted: true, risk: undefined };

// Only user messages are input.
// @ts-expect-error
export const assistantMessage: Input = { schemaVersion: 2, type: "message", role: "assistant", content: "hi" };

// JSONValue admits JSON only.
// @ts-expect-error
export const notJSON: JSONValue = { when: new Date() };

// Narrowing on type gives the variant's fields.
export function deltaOf(ev: Output): string {
  switch (ev.type) {
    case "text":
    case "reasoning":
      return ev.delta;
    case "final":
      return ev.text;
    default:
      // @ts-expect-error: other events have no delta.
      return ev.delta;
  }
}

// Declared vocabularies are open unions: the declared codes, and any other
// string (or number, for exit codes) a later Zero may send.
export const knownCode: ErrorCode = "provider_error";
export const laterCode: ErrorCode = "some_code_added_later";
export const knownExit: ExitCode = 130;

// A code is still a string, and an exit code a number.
// @ts-expect-error
export const numericCode: ErrorCode = 3;
// @ts-expect-error
export const textExit: ExitCode = "4";

// Switching on a code narrows to the declared literal.
export function isRetryable(code: ErrorCode): boolean {
  switch (code) {
    case "provider_error":
    case "interrupted":
      return true;
    default:
      return false;
  }
}
