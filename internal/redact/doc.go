// Package redact removes credentials from text before it leaves the
// process. One [Redactor] is built at start-up with the secret values Zero
// was given (API keys) and applied to every string written to stdout,
// stderr and session files:
//
//	r := redact.New(os.Getenv("OPENAI_API_KEY"), os.Getenv("ANTHROPIC_API_KEY"))
//	out := r.String(key, value) // key: nearest enclosing JSON object key, or ""
//
// If key is a sensitive key name ([SensitiveKey]: apiKey, password,
// client_secret, accessToken, Authorization, Cookie, ... but not tokens,
// maxTokens or tokenizer) the whole value becomes "[REDACTED]". Otherwise
// credential shapes inside the text are replaced by "[REDACTED:kind]":
//
//	openai       sk-..., sk-proj-...            anthropic  sk-ant-...
//	github       ghp_ gho_ ghs_ ghu_ ghr_ github_pat_
//	gitlab       glpat-...                      google     AIza + 35
//	slack        xoxa- xoxb- xoxp- xoxo- xoxr- xoxs-
//	aws          AKIA / ASIA + 16               jwt        eyJ...eyJ...sig
//	private_key  -----BEGIN ... PRIVATE KEY----- through -----END ...-----
//	credential   values of sensitive keys: password=hunter2, API_KEY: abc,
//	             "token": "abc", ?token=abc, &api_key=abc
//	bearer/basic Authorization: Bearer xyz, Authorization: Basic xyz
//	cookie       Cookie: a=b; c=d (the rest of the header line)
//	secret       the exact values passed to New, of 8 bytes or more
//	             (MinSecretLen): a shorter key would cut its letters out
//	             of every word
//
// Passwords in URLs keep the URL readable: https://user:pass@host becomes
// https://user:[REDACTED]@host (also after path cleaning made it
// https:/user:pass@host). Ordinary prose (task-list, bearer of bad
// news, the token count, max_tokens=1024) is left alone.
//
// # Configuration values
//
// A value given to New is removed wherever it appears, so only credentials
// should be given. [ConfigSecret] tells them apart among configuration
// values (the env and headers of MCP servers): a value is a credential when
// its name says so ([SecretName]: GITHUB_TOKEN, X-Api-Key, DB_PASS, ...),
// when it holds a credential shape, or when it holds a run that looks
// random ([LooksRandom]: 16 or more letters and digits that change between
// letter and digit, or lower and upper case, at one pair in five or more).
// eu-west-1, gpt-4o-mini, localhost:5432, application/json, en_US.UTF-8,
// Europe/Berlin, 1.2.3-beta and AcmeCorp are data.
//
// # Speed
//
// When a string holds none of the bytes a credential needs ('=', ':', '-',
// '_', 'A', 'J' or the first byte of a configured secret), String returns
// it unchanged without allocating. Otherwise one left-to-right scan runs,
// and it allocates only when it replaces something.
//
// # Streaming
//
// Model output arrives in deltas, and a secret may be split across them.
// [Redactor.Stream] returns a [Stream] whose Write returns what is safe to
// emit now and holds back only a tail that could still be the start of a
// secret: fewer than [MaxHold] bytes, or the length of the longest secret
// given to New if that is longer. Flush returns the rest. For every way of
// splitting a text into deltas, the concatenated outputs equal
// String("", text): both run the same scanner, whose every decision
// depends on at most 128 bytes before and MaxHold bytes after the current
// position, and which waits rather than decide early.
//
// A private key block is not held: its header is replaced as soon as it is
// complete, and the key body that follows is dropped up to and including
// the -----END ...----- line. The body may hold base64, PEM headers
// (Proc-Type: 4,ENCRYPTED), line breaks including JSON-escaped \n, and
// the line prefixes of read_file and grep output (digits, tabs, file
// names and colons). Without an END line, dropping stops at the first byte
// no body has (a quote, a bracket, "!") or after [MaxPEMBytes] bytes.
package redact
