// Command coupboard is the electronic table display and scoreboard for casino baccarat and
// Red Dog tables. With no subcommand it runs the table display; its headless subcommands
// (roads, replay, analyze, shoe-sim, export, audit) need no display. See README.md.
package main

import (
	"os"

	"github.com/coupboard/coupboard/app"
)

func main() {
	os.Exit(app.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
