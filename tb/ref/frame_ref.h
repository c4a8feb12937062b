// SPDX-License-Identifier: MIT
// Byte-level helpers of the frame blocks (rtl/dcqcn_ecn_mark.sv and the others of
// docs/frames.md): the AXI4-Stream beat as the references see it, CRC-32, the IPv4 header
// checksum and its incremental update (RFC 1624), and the RoCEv2 invariant CRC (IBA
// annex A17: 8 bytes of ones for the absent LRH, then the IP header with its variant
// fields masked to ones, UDP with its checksum masked, BTH with resv8a masked, the
// payload; appended as the complement, least significant byte first).
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>

namespace dcqcn {

// One AXI4-Stream beat of up to 512 bits: data[i] is byte lane i (tdata[8i +: 8]);
// keep bit i is tkeep[i].
struct AxisBeat {
  std::array<uint8_t, 64> data{};
  uint64_t keep = 0;
  bool last = false;
  bool operator==(const AxisBeat&) const = default;
};

// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320) of n bytes, from state crc (start
// 0xFFFFFFFF; the CRC is the complement of the final state).
uint32_t crc32_update(uint32_t crc, const uint8_t* p, size_t n);

// The IPv4 header checksum of the header at h (ihl 32-bit words): the complement of the
// ones-complement sum with the checksum field taken as 0.
uint16_t ipv4_checksum(const uint8_t* h, unsigned ihl_words);

// RFC 1624 eqn. 3: the checksum after the 16-bit word m of a header becomes m_new:
// HC' = ~(~HC + ~m + m_new) in ones-complement arithmetic.
uint16_t csum_update(uint16_t hc, uint16_t m, uint16_t m_new);

// Where the IP header of an Ethernet frame starts: 14, or 18 behind one 802.1Q tag
// (TPID 0x8100 at bytes 12-13). len must be at least 14.
inline size_t ip_offset(const uint8_t* f) { return f[12] == 0x81 && f[13] == 0x00 ? 18 : 14; }

// The RoCEv2 ICRC over the IP header at ip (IPv4 with any IHL, or IPv6), to the byte
// before end (the ICRC's own position). UDP follows the IP header (IPv4: IHL words;
// IPv6: 40 bytes, no extension headers).
uint32_t roce_icrc(const uint8_t* ip, const uint8_t* end);

}  // namespace dcqcn
