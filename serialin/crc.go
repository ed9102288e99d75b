package serialin

// CRC16 is the CRC-16/CCITT-FALSE of b (polynomial 0x1021, initial value 0xFFFF, no
// reflection, no final xor), the checksum of a CSP1 frame body (spec/shoe-protocol.md §1).
// The check value, the CRC of "123456789", is 0x29B1.
func CRC16(b []byte) uint16 {
	crc := uint16(0xFFFF)
	for _, c := range b {
		crc ^= uint16(c) << 8
		for i := 0; i < 8; i++ {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return crc
}
