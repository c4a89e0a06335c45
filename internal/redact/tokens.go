package redact

// tokenRule describes a credential that is a prefix followed by a run of
// body bytes, such as ghp_ + 36 alphanumerics.
type tokenRule struct {
	kind     string
	prefixes []string
	body     *class
	min      int  // shortest body
	mixed    bool // the body's first mixedWindow bytes need an upper-case letter or a digit
}

// mixedWindow is how much of a body a mixed rule inspects.
const mixedWindow = 40

var (
	anthropicRule = tokenRule{kind: KindAnthropic, prefixes: []string{"sk-ant-"}, body: tokenChars, min: 20, mixed: true}
	openaiRule    = tokenRule{kind: KindOpenAI, prefixes: []string{"sk-"}, body: tokenChars, min: 20, mixed: true}
	githubRule    = tokenRule{kind: KindGitHub, prefixes: []string{"ghp_", "gho_", "ghs_", "ghu_", "ghr_"}, body: alnumChars, min: 30}
	githubPATRule = tokenRule{kind: KindGitHub, prefixes: []string{"github_pat_"}, body: githubPAT, min: 22}
	gitlabRule    = tokenRule{kind: KindGitLab, prefixes: []string{"glpat-"}, body: tokenChars, min: 20}
	googleRule    = tokenRule{kind: KindGoogle, prefixes: []string{"AIza"}, body: tokenChars, min: 35}
	slackRule     = tokenRule{kind: KindSlack, prefixes: []string{"xoxa-", "xoxb-", "xoxp-", "xoxo-", "xoxr-", "xoxs-"}, body: slackChars, min: 10}
	awsRule       = tokenRule{kind: KindAWS, prefixes: []string{"AKIA", "ASIA"}, body: upperNumChars, min: 16}
)

// tokenDetector returns the detector for rule. A token must start at a
// word boundary (the byte before it is not a token byte), so task-list
// never yields "sk-list".
func tokenDetector(rule tokenRule) detector {
	return func(v view) (hit, verdict) {
		if !v.boundary(tokenChars) {
			return hit{}, no
		}
		for _, p := range rule.prefixes {
			if vd := v.prefix(0, p); vd != no {
				return rule.bodyAfter(v, len(p), vd)
			}
		}
		return hit{}, no
	}
}

// bodyAfter checks the body after a prefix of length k that matched
// with verdict vd.
func (rule tokenRule) bodyAfter(v view, k int, vd verdict) (hit, verdict) {
	if vd == need {
		return hit{}, need
	}
	limit := rule.min
	if rule.mixed {
		limit = max(limit, mixedWindow)
	}
	n, vd := v.run(k, rule.body, limit)
	switch {
	case vd == need:
		return hit{}, need
	case n < rule.min:
		return hit{}, no
	case rule.mixed && !upperOrDigit.has(v.slice(k, n)):
		return hit{}, no
	}
	return hit{n: k + n, repl: replacement(rule.kind), tail: runSkipper{rule.body}}, yes
}

var upperOrDigit = classOf("A-Z0-9")

// runSkipper drops the rest of a run of class bytes.
type runSkipper struct{ c *class }

func (r runSkipper) skip(v view, _ int) (int, verdict) {
	n := 0
	for v.i+n < len(v.s) && r.c[v.s[v.i+n]] {
		n++
	}
	if v.i+n < len(v.s) {
		return n, no
	}
	return n, boolVerdict(!v.eof)
}

// JWT limits: the header is bounded so the decision stays within MaxHold.
const maxJWTHeader = 220

// detectJWT finds a JSON Web Token: "eyJ", a base64url header, ".", and a
// payload starting "ey". The rest of the token (payload, more dot-separated
// parts) is dropped by jwtSkipper.
func detectJWT(v view) (hit, verdict) {
	if !v.boundary(tokenChars) {
		return hit{}, no
	}
	if vd := v.prefix(0, "eyJ"); vd != yes {
		return hit{}, vd
	}
	n, vd := v.run(3, tokenChars, maxJWTHeader)
	if vd == need {
		return hit{}, need
	}
	if n < 10 || n == maxJWTHeader {
		return hit{}, no
	}
	if vd := v.prefix(3+n, ".ey"); vd != yes {
		return hit{}, vd
	}
	return hit{n: 3 + n + 3, repl: replacement(KindJWT), tail: jwtSkipper{}}, yes
}

// jwtSkipper drops base64url bytes and the dots between them; a dot not
// followed by a base64url byte ends the token and is kept.
type jwtSkipper struct{}

func (jwtSkipper) skip(v view, _ int) (int, verdict) {
	b, ok := v.at(0)
	switch {
	case !ok:
		return 0, need
	case tokenChars[b]:
		n, _ := runSkipper{tokenChars}.skip(v, 0)
		return n, yes
	case b != '.':
		return 0, no
	}
	next, ok := v.at(1)
	switch {
	case !ok && !v.eof:
		return 0, need
	case ok && tokenChars[next]:
		return 1, yes
	}
	return 0, no
}
