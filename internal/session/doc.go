// Package session stores `zero exec` sessions on disk so that a later run can
// resume or fork them.
//
// A session is a directory under the store's Dir (by default
// $XDG_DATA_HOME/zero/sessions, see [DefaultDir]) named by its id:
//
//	DIR/<id>/meta.json     one SessionMeta document (schema/session/v1/meta.json)
//	DIR/<id>/events.jsonl  one SessionRecord per line (schema/session/v1/record.json)
//	DIR/<id>/lock          the advisory lock of the process that has the session open,
//	                       holding its process id and name while it does
//	DIR/<id>/grants.json   optional: standing permission answers (schema/session/v1/grants.json)
//
// The store owns this layout and the id format: callers name sessions by id
// and ask the store ([Store.Resolve] for a unique prefix or suffix of an
// id, [Store.Latest] for the newest session of a directory, [LooksLikeID]
// for a word shaped like an id) rather than building paths themselves.
//
// Every document is read and written with the generated codec in
// generated/session/v1, and every free-text string written passes through
// the store's Hook, which is where redaction happens.
//
// # Durability
//
// meta.json is replaced atomically: a temporary file in the session directory
// is written, synced and renamed over it, and the directory is synced. It is
// written last when a session is created or forked, so a directory without
// meta.json is an unfinished session that the store ignores.
//
// events.jsonl is append-only. [Session.Append] writes each record as one
// line with a single write of the line and its newline, then syncs the file.
// A failed write or sync is truncated away again, so a full disk loses the
// record being written but never an earlier one. A process killed in the
// middle of a write leaves a torn last line: [Store.Open] skips it with a
// [Warning] and truncates the file back to the last good line before anything
// is appended. A bad line anywhere else is an error naming the file and line.
//
// # Listing and deleting
//
// [Store.List] returns every readable session and a [Warning] for each
// directory that is not one (a meta.json that does not decode, or none), so
// one bad session never hides the others. [Store.Delete] and [Store.Prune]
// remove a session's directory only when it holds nothing but the files the
// store writes, and never a session in use: they never delete a file Zero
// did not write.
//
// # Locking
//
// [Store.Create], [Store.Open] and [Store.Fork] return a [Session] that holds
// an exclusive, non-blocking flock on DIR/<id>/lock until [Session.Close], so
// two processes never write one session at once: the second gets an error
// that matches [ErrLocked]: a [LockedError] naming the process that holds the
// session, by the process id and [Store.Holder] the holder writes into the
// lock file. [Store.Show], [Store.List] and the parent side of [Store.Fork]
// only read and take no lock.
//
// # History
//
// [Session.History] is the conversation as the log holds it: the records
// read when the session was opened (or copied into a fork), followed by
// every record appended since, each decoded back from the line written, so
// after the Hook. A process running several prompts in one open session
// (zero acp) rebuilds each prompt's conversation from it, and sends the
// model exactly what a new process resuming the session would send.
//
// # Use
//
//	dir, err := session.DefaultDir(os.Getenv)
//	st := &session.Store{Dir: dir, Hook: redact} // redact is an rt.StringHook
//	id, warnings, err := st.Latest(cwd) // or st.Resolve("rpx9u3")
//	s, warnings, err := st.Open(id)
//	if err != nil { ... }
//	defer s.Close()
//	msgs := session.ToMessages(s.History())
//	err = s.Append(&sessionv1.SessionRecord{Value: &sessionv1.UserRecord{...}})
package session
