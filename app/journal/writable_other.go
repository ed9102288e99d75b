//go:build !unix

package journal

// writable reports nil: on systems without access(2) SQLite's own error is reported.
func writable(string) error { return nil }
