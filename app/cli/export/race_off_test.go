//go:build !race

package export_test

const raceOn = false
