// Package sandbox confines the commands of the bash tool.
//
// A run chooses one of three modes, named as in Codex:
//
//   - read-only: commands read everything but write nothing;
//   - workspace-write (the default whenever bash is granted): commands
//     write only under the workspace, the temp dirs and the --add-dir
//     roots, and the .git, .zero and .agents entries of those roots stay
//     read-only;
//   - danger-full-access: commands run with the user's full rights.
//
// In the first two modes commands have no network (TCP, UDP and Unix
// sockets, unless the run allows it), cannot signal or inspect processes
// outside their own tree, cannot read Zero's memory or environment, and
// nothing they start outlives them.
//
// Enforcement re-executes the zero binary as a helper (so the binary's main
// must call ServeHelper first thing). Where unprivileged user namespaces
// work, the helper becomes pid 1 of new user, mount, pid and network
// namespaces, remounts the file system read-only except for the writable
// roots, mounts a fresh /proc, and starts a second stage that drops every
// capability, sets no_new_privs, loads a seccomp filter and executes bash.
// When pid 1 exits the kernel kills everything left in the namespace.
// Where namespaces are missing, the second stage confines itself with
// Landlock (files, TCP, signals, abstract sockets) and the same seccomp
// filter, and the helper, a child subreaper outside the Landlock domain,
// kills every descendant when the command ends. When the kernel offers
// neither, Err reports it and the bash tool refuses to run: nothing runs
// unconfined unless the user chose danger-full-access.
//
// See docs/sandbox.md for the policy, what each kernel feature enforces and
// how it compares with Codex and upstream Zero.
package sandbox
