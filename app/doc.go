// Package app wires coupboard together: configuration, the single event loop that owns
// table state, the journal and recovery, the audit trail, the pit publisher, and the
// dispatch of the command-line subcommands (each lives in a package under app/cli).
package app
