// Package rigs holds no code of its own: its subpackages are test rigs that
// measure and attack Zero from outside, and nothing that zero or zerogen
// runs imports them.
//
//   - codecbench: the generated codecs against their baselines (make bench);
//   - mixdocs: the documents codecbench and peers measure;
//   - peers: zerogen against ogen, sonic, encoding/json/v2 and jx, in a
//     module of its own (make bench-peers);
//   - codecfuzz: every generated decoder fuzzed against jsonschema/v5
//     (make fuzz, make fuzz-report);
//   - e2ebench: the built zero binary end to end (make bench-e2e, make bench-acp);
//   - soak: long runs with flat memory, and the hardening report (make soak,
//     make hardening-report).
package rigs
