package setup

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Port is one serial port found on the machine, with what the kernel knows of its device.
type Port struct {
	// Path is the name to configure: the stable /dev/serial/by-id/… link when there is one,
	// else /dev/<tty>.
	Path string
	TTY  string // the kernel's name, e.g. ttyUSB0
	// VID and PID are the USB vendor and product ids (4 hex digits), empty for a port that is
	// not on USB; Serial, Manufacturer and Product are the USB device's strings, if it has them.
	VID, PID, Serial, Manufacturer, Product string
	Driver                                  string // the device's driver, e.g. ftdi_sio, cdc_acm
}

// USBPort is the port's usb:VID:PID[:SERIAL] form (shoe.port), or "" for a port not on USB.
func (p Port) USBPort() string {
	if p.VID == "" || p.PID == "" {
		return ""
	}
	s := "usb:" + p.VID + ":" + p.PID
	if p.Serial != "" && !strings.ContainsAny(p.Serial, ": \t") {
		s += ":" + p.Serial
	}
	return s
}

// String is the port as the setup lists it.
func (p Port) String() string {
	var b strings.Builder
	b.WriteString(p.Path)
	var about []string
	if p.Path != "/dev/"+p.TTY {
		about = append(about, p.TTY)
	}
	if p.VID != "" {
		u := "USB " + p.VID + ":" + p.PID
		if name := strings.TrimSpace(p.Manufacturer + " " + p.Product); name != "" {
			u += " " + name
		}
		if p.Serial != "" {
			u += ", serial " + p.Serial
		}
		about = append(about, u)
	}
	if p.Driver != "" {
		about = append(about, "driver "+p.Driver)
	}
	if len(about) > 0 {
		fmt.Fprintf(&b, "  (%s)", strings.Join(about, ", "))
	}
	return b.String()
}

// maxTTYs bounds how many entries of /sys/class/tty are examined (a machine has a few dozen).
const maxTTYs = 4096

// Discover lists the serial ports under root (the file system's root: "/" on a table; a fake
// tree in tests): each tty of /sys/class/tty that has a device, except the legacy 8250 ports
// that have no hardware behind them, with its USB ids read from sysfs, named by its
// /dev/serial/by-id link when udev made one. Ports are sorted by path.
func Discover(root string) ([]Port, error) {
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	classDir := filepath.Join(root, "sys/class/tty")
	ents, err := os.ReadDir(classDir)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, nil
		}
		return nil, fmt.Errorf("list serial ports: %w", err)
	}
	if len(ents) > maxTTYs {
		ents = ents[:maxTTYs]
	}
	byID := byIDLinks(root)
	var out []Port
	for _, e := range ents {
		name := e.Name()
		dev := filepath.Join(classDir, name, "device")
		real, err := filepath.EvalSymlinks(dev)
		if err != nil {
			continue // no device: a virtual terminal, a pty, the console
		}
		p := Port{TTY: name, Path: "/dev/" + name, Driver: linkBase(filepath.Join(real, "driver"))}
		if p.Driver == "serial8250" || strings.Contains(real, "/serial8250") || readAttr(filepath.Join(classDir, name), "type") == "0" {
			// The 8250 driver registers ttyS0-31 whether or not a UART is there (type 0:
			// none); a real one on a motherboard is bound through pnp or pci instead.
			continue
		}
		if p.Driver == "port" {
			// The serial core's own port and controller devices (kernel 6.4 on): the UART's
			// device above them names the driver that matters.
			p.Driver = ""
			for d, i := filepath.Dir(real), 0; i < 3 && p.Driver == ""; d, i = filepath.Dir(d), i+1 {
				if drv := linkBase(filepath.Join(d, "driver")); drv != "ctrl" {
					p.Driver = drv
				}
			}
		}
		if link, ok := byID[name]; ok {
			p.Path = link
		}
		// The USB device is an ancestor of the tty's device (the interface's parent).
		for d, i := real, 0; i < 6 && d != "/" && d != "." && strings.HasPrefix(d, root); d, i = filepath.Dir(d), i+1 {
			if vid := readAttr(d, "idVendor"); vid != "" {
				p.VID, p.PID = strings.ToLower(vid), strings.ToLower(readAttr(d, "idProduct"))
				p.Serial, p.Manufacturer, p.Product = readAttr(d, "serial"), readAttr(d, "manufacturer"), readAttr(d, "product")
				break
			}
		}
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// byIDLinks maps a tty name to its /dev/serial/by-id link (the first by name, if several).
func byIDLinks(root string) map[string]string {
	dir := filepath.Join(root, "dev/serial/by-id")
	ents, err := os.ReadDir(dir)
	m := map[string]string{}
	if err != nil {
		return m
	}
	for _, e := range ents {
		target, err := os.Readlink(filepath.Join(dir, e.Name()))
		if err != nil {
			continue
		}
		tty := filepath.Base(target)
		if _, dup := m[tty]; !dup {
			m[tty] = "/dev/serial/by-id/" + e.Name()
		}
	}
	return m
}

// readAttr reads one short sysfs attribute, trimmed; "" if it is missing.
func readAttr(dir, name string) string {
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		return ""
	}
	defer f.Close()
	buf := make([]byte, 256) // attributes are short; never read more
	n, _ := f.Read(buf)
	return strings.TrimSpace(string(buf[:n]))
}

// linkBase is the last element of the symlink's target, or "".
func linkBase(link string) string {
	t, err := os.Readlink(link)
	if err != nil {
		return ""
	}
	return filepath.Base(t)
}
