package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
)

// Env is what a command reads from and writes to outside its arguments.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Getenv         func(string) string
	// Environ is the process environment, for bash commands.
	Environ []string
	// StdinTerminal says stdin is a terminal: a person types, so exec does
	// not read a prompt from it unless --file - asks.
	StdinTerminal bool
	// StdoutTerminal says stdout is a terminal.
	StdoutTerminal bool
	// StderrTerminal says stderr is a terminal: text output may show
	// progress and colours there.
	StderrTerminal bool
}

// Main runs the zero command with args (without the program name) and
// returns its exit code. SIGINT and SIGTERM cancel a running exec.
// SIGPIPE is ignored: when the reader of stdout goes away, the next write
// fails instead of killing zero, and the run ends like any run whose output
// failed (exit code 3, run_end recorded in the session).
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	signal.Ignore(syscall.SIGPIPE)
	defer startProfile(os.Getenv("ZERO_CPUPROFILE"), stderr)()
	ctx, stop := signalContext()
	defer stop()
	return Run(ctx, args, Env{Stdin: stdin, Stdout: stdout, Stderr: stderr, Getenv: os.Getenv, Environ: os.Environ(),
		StdinTerminal: terminal(stdin), StdoutTerminal: terminal(stdout), StderrTerminal: terminal(stderr)})
}

// Run runs the zero command under ctx; cancelling ctx interrupts it.
func Run(ctx context.Context, args []string, env Env) (code int) {
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(env.Stderr, "zero: internal error: %v\n", p)
			code = streamjsonv2.ExitCodeInternal
		}
	}()
	if len(args) == 0 {
		fmt.Fprint(env.Stderr, mainUsage)
		return streamjsonv2.ExitCodeUsage
	}
	switch args[0] {
	case "exec":
		return execCmd(ctx, env, args[1:])
	case "acp":
		return acpCmd(ctx, env, args[1:])
	case "sessions":
		return sessionsCmd(env, args[1:])
	case "schema":
		return schemaCmd(env, args[1:])
	case "sandbox":
		return sandboxCmd(env, args[1:])
	case "--version", "version":
		fmt.Fprintf(env.Stdout, "zero %s\n", Version())
		return streamjsonv2.ExitCodeSuccess
	case "-h", "--help", "help":
		fmt.Fprint(env.Stdout, mainUsage)
		return streamjsonv2.ExitCodeSuccess
	}
	fmt.Fprintf(env.Stderr, "zero: unknown command %q\n%s", args[0], mainUsage)
	return streamjsonv2.ExitCodeUsage
}

// signalContext returns a context that SIGINT or SIGTERM cancels, with
// "interrupted by SIGINT" (or SIGTERM) as its cause. After the first
// signal the default handling is restored, so a second one kills zero.
func signalContext() (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			signal.Stop(ch)
			cancel(fmt.Errorf("interrupted by %s", signalName(sig)))
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		close(done)
		cancel(nil)
	}
}

func signalName(sig os.Signal) string {
	switch sig {
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return sig.String()
}
