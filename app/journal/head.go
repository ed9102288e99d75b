package journal

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync"
)

// The head file (the journal's path + HeadSuffix) records the last committed head of the
// chain (seq and hash) outside SQLite, so that a truncation SQLite cannot see — a lost,
// damaged or cut write-ahead log, a database file cut to nothing — is found at start-up: a
// journal whose head is behind the head file has lost committed records.
//
// It is written after every commit (pwrite, before AppendBatch returns), so it is never ahead
// of what is durable in the journal: a crash between the commit and the head write leaves the
// journal one commit ahead of the head file, which is fine. A process that is killed cannot
// lose the write (it is in the kernel's page cache). It is synced to disk (fdatasync) by a
// goroutine right after each write, off the append path: a power cut can therefore leave the
// head file behind by the commits of the sync in flight — behind, never ahead, so it is never
// mistaken for loss. It has two slots of headSlotSize bytes at offsets 0 and headSlotSpacing,
// written alternately, each with its own checksum: a write torn by a power cut damages one
// slot at most, and the other still holds an earlier head.
const HeadSuffix = "-head"

const (
	headMagic       = "CBHEAD1\x00"
	headSlotSize    = 64 // magic 8, seq 8, hash 32, reserved 8, checksum 8
	headSlotSpacing = 512
	headFileSize    = headSlotSpacing + headSlotSize
)

// headState is what the head file says.
type headState struct {
	present bool   // the file exists
	valid   bool   // at least one slot is intact
	seq     int64  // the newest intact slot's head
	hash    Hash   //
	slot    int    // which slot holds it (the next write goes to the other)
	problem string // why the file is unusable (present && !valid)
}

// encodeHeadSlot encodes one slot.
func encodeHeadSlot(seq int64, h Hash) []byte {
	b := make([]byte, 0, headSlotSize)
	b = append(b, headMagic...)
	b = binary.BigEndian.AppendUint64(b, uint64(seq))
	b = append(b, h[:]...)
	b = append(b, make([]byte, 8)...)
	sum := sha256.Sum256(b)
	return append(b, sum[:8]...)
}

// decodeHeadSlot decodes one slot; ok is false when it is not an intact slot.
func decodeHeadSlot(b []byte) (seq int64, h Hash, ok bool) {
	if len(b) < headSlotSize || !bytes.Equal(b[:8], []byte(headMagic)) {
		return 0, h, false
	}
	sum := sha256.Sum256(b[:headSlotSize-8])
	if !bytes.Equal(sum[:8], b[headSlotSize-8:headSlotSize]) {
		return 0, h, false
	}
	seq = int64(binary.BigEndian.Uint64(b[8:16]))
	copy(h[:], b[16:48])
	return seq, h, seq >= 0
}

// readHead reads the head file at path.
func readHead(path string) (headState, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return headState{}, nil
	}
	if err != nil {
		return headState{}, classify("read journal head file "+path, err)
	}
	st := headState{present: true, slot: -1}
	for i := 0; i < 2; i++ {
		off := i * headSlotSpacing
		if off+headSlotSize > len(b) {
			continue
		}
		seq, h, ok := decodeHeadSlot(b[off:])
		if ok && (st.slot < 0 || seq > st.seq) {
			st.valid, st.seq, st.hash, st.slot = true, seq, h, i
		}
	}
	if !st.valid {
		st.problem = fmt.Sprintf("head file %s (%d bytes) has no intact record of the head", path, len(b))
	}
	return st, nil
}

// headFile is the open head file of a read-write journal.
type headFile struct {
	f     *os.File
	slot  int           // the slot the last write went to
	dirty chan struct{} // a write not yet synced (buffered 1)
	stop  chan struct{} // closed by close
	done  chan struct{} // closed when the sync goroutine has ended
	mu    sync.Mutex    // guards err
	err   error         // the last sync failure, until a sync succeeds
}

// openHeadFile opens (creating) the head file at path for writing and starts its sync
// goroutine; cur is what it holds.
func openHeadFile(path string, cur headState) (*headFile, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o640)
	if err != nil {
		return nil, classify("open journal head file "+path, err)
	}
	slot := 1
	if cur.valid {
		slot = cur.slot
	}
	hf := &headFile{f: f, slot: slot, dirty: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	go hf.syncLoop()
	return hf, nil
}

// syncLoop syncs the file after each write (writes that come meanwhile share the next sync).
func (hf *headFile) syncLoop() {
	defer close(hf.done)
	for {
		select {
		case <-hf.stop:
			return
		case <-hf.dirty:
			hf.sync()
		}
	}
}

// sync flushes the file to disk and records the outcome.
func (hf *headFile) sync() {
	err := datasync(hf.f)
	if err != nil {
		err = classify("sync journal head file "+hf.f.Name(), err)
	}
	hf.mu.Lock()
	hf.err = err
	hf.mu.Unlock()
}

// syncErr returns the last sync failure (nil once a sync succeeds).
func (hf *headFile) syncErr() error {
	hf.mu.Lock()
	defer hf.mu.Unlock()
	return hf.err
}

// write records seq and h in the slot not written last and has it synced. Calls are
// serialised by the journal's writer lock.
func (hf *headFile) write(seq int64, h Hash) error {
	slot := 1 - hf.slot
	if _, err := hf.f.WriteAt(encodeHeadSlot(seq, h), int64(slot*headSlotSpacing)); err != nil {
		return classify("write journal head file "+hf.f.Name(), err)
	}
	hf.slot = slot
	select {
	case hf.dirty <- struct{}{}:
	default: // a sync is already due; it will cover this write
	}
	return hf.syncErr()
}

// writeBoth fills both slots with seq and h (a new or re-created head file) and syncs the file
// and its directory before returning.
func (hf *headFile) writeBoth(seq int64, h Hash) error {
	slot := encodeHeadSlot(seq, h)
	buf := make([]byte, headFileSize)
	copy(buf, slot)
	copy(buf[headSlotSpacing:], slot)
	if _, err := hf.f.WriteAt(buf, 0); err != nil {
		return classify("write journal head file "+hf.f.Name(), err)
	}
	if err := hf.f.Sync(); err != nil {
		return classify("sync journal head file "+hf.f.Name(), err)
	}
	hf.slot = 1
	return syncDir(hf.f.Name())
}

// close stops the sync goroutine, syncs the last write and closes the file.
func (hf *headFile) close() error {
	if hf == nil {
		return nil
	}
	close(hf.stop)
	<-hf.done
	hf.sync()
	return errors.Join(hf.syncErr(), hf.f.Close())
}

// copyFileSynced copies src to dst (which must not exist) and syncs it; a missing src copies
// nothing and returns false.
func copyFileSynced(src, dst string) (bool, error) {
	in, err := os.Open(src)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
	if err != nil {
		return false, err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return false, err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return false, err
	}
	return true, out.Close()
}
