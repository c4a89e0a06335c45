package tools

// ReaperArg is the first argument that makes the zero binary run one bash
// command as its reaper (see RunReaper) instead of doing anything else.
// cmd/zero's main checks for it before anything else.
const ReaperArg = "__bash-reaper"

// reaper is the program Bash starts in front of bash, "" for none: then
// bash runs directly and only its process group is killed.
var reaper string

// UseReaper makes Bash run every command through exe (the zero binary,
// which handles ReaperArg) where the platform lets a process adopt its
// orphaned descendants, so that processes that leave the command's process
// group (setsid, a daemon's double fork) are killed too. It is called once,
// before the first command.
func UseReaper(exe string) {
	if reaperSupported {
		reaper = exe
	}
}
