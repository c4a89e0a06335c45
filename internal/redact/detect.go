package redact

// Kinds name what a "[REDACTED:kind]" replaced.
const (
	KindOpenAI        = "openai"
	KindAnthropic     = "anthropic"
	KindGitHub        = "github"
	KindGitLab        = "gitlab"
	KindGoogle        = "google"
	KindSlack         = "slack"
	KindAWS           = "aws"
	KindJWT           = "jwt"
	KindPrivateKey    = "private_key"
	KindCredential    = "credential"
	KindBearer        = "bearer"
	KindBasic         = "basic"
	KindAuthorization = "authorization"
	KindCookie        = "cookie"
	KindSecret        = "secret"
)

// replacement is the text that stands in for a secret of kind.
func replacement(kind string) string {
	return MarkerPrefix + ":" + kind + "]"
}

// detector decides whether a secret starts at a view's position.
type detector func(v view) (hit, verdict)

// detectors by the byte at the position, in priority order.
var detectors = [256][]detector{
	':': {detectURLPassword, detectAssignment},
	'=': {detectAssignment},
	'-': {detectPEM},
	's': {tokenDetector(anthropicRule), tokenDetector(openaiRule)},
	'g': {tokenDetector(githubRule), tokenDetector(githubPATRule), tokenDetector(gitlabRule)},
	'x': {tokenDetector(slackRule)},
	'A': {tokenDetector(googleRule), tokenDetector(awsRule)},
	'e': {detectJWT},
}

// detect runs the configured secrets, then (unless r is knownOnly) the
// shape detectors for the byte at the position. The first detector that does not answer no
// decides: a need from a detector with priority blocks the rest.
func (r *Redactor) detect(v view) (hit, verdict) {
	if h, vd := r.detectSecret(v); vd != no || r.knownOnly {
		return h, vd
	}
	for _, d := range detectors[v.s[v.i]] {
		if h, vd := d(v); vd != no {
			return h, vd
		}
	}
	return hit{}, no
}

// detectSecret matches the configured exact values, longest first.
func (r *Redactor) detectSecret(v view) (hit, verdict) {
	for _, s := range r.secrets[v.s[v.i]] {
		switch v.prefix(0, s) {
		case yes:
			return hit{n: len(s), repl: replacement(KindSecret)}, yes
		case need:
			return hit{}, need
		}
	}
	return hit{}, no
}
