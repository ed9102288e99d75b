package health

import (
	"fmt"
	"time"

	"golang.org/x/sys/unix"
)

// KernelClock reads the kernel's clock state with adjtimex(2) in read-only mode (no
// privilege needed), as systemd's timedatectl does.
type KernelClock struct{}

// unsyncedMaxError is the kernel's maximum error (µs) at or above which the clock is not
// synchronised (16 s: the kernel's ceiling, reached when nothing disciplines the clock).
const unsyncedMaxError = 16_000_000

// State is the kernel's synchronisation state now.
func (KernelClock) State() (ClockState, error) {
	var tx unix.Timex // Modes 0: read only
	if _, err := unix.Adjtimex(&tx); err != nil {
		return ClockState{}, fmt.Errorf("adjtimex: %w", err)
	}
	return ClockState{Synced: tx.Maxerror < unsyncedMaxError, MaxError: time.Duration(tx.Maxerror) * time.Microsecond}, nil
}
