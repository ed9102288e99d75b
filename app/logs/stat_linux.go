package logs

import (
	"os"
	"strconv"
	"syscall"
)

// statDevIno is f's "device:inode", as systemd writes JOURNAL_STREAM.
func statDevIno(f *os.File) (string, bool) {
	fi, err := f.Stat()
	if err != nil {
		return "", false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return "", false
	}
	return strconv.FormatUint(uint64(st.Dev), 10) + ":" + strconv.FormatUint(st.Ino, 10), true
}
