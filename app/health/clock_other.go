//go:build !linux

package health

import "errors"

// KernelClock has no clock state to read off Linux.
type KernelClock struct{}

// State is an error off Linux.
func (KernelClock) State() (ClockState, error) {
	return ClockState{}, errors.New("the clock's synchronisation state is read on Linux only")
}
