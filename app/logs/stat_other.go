//go:build !linux

package logs

import "os"

// statDevIno: no journal streams off Linux.
func statDevIno(*os.File) (string, bool) { return "", false }
