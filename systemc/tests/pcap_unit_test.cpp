// SPDX-License-Identifier: MIT
// The checksums the capture writes (net/pcap.h): CRC-32 against its standard check
// value, the RoCEv2 ICRC's seed against Linux rxe's, and the ICRC's invariance to exactly
// the fields RoCEv2 masks. The capture as a whole is checked by tshark (pcap_test.sh).
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "pcap.h"

using namespace dcqcn::net;

TEST(Pcap, Crc32CheckValue) {
  const char* s = "123456789";
  EXPECT_EQ(~crc32_update(0xFFFFFFFFu, reinterpret_cast<const uint8_t*>(s), 9), 0xCBF43926u);
}

// The table-driven CRC (eight bytes at a time, then byte by byte) against the bit-serial
// definition, for every length 0..80, from every alignment 0..7, from several start values.
TEST(Pcap, Crc32EqualsTheBitSerialDefinition) {
  std::vector<uint8_t> buf(96);
  uint32_t x = 12345;  // fixed data: no seed to print
  for (auto& b : buf) b = static_cast<uint8_t>((x = x * 1103515245u + 12345u) >> 16);
  for (uint32_t start : {0xFFFFFFFFu, 0u, 0xdebb20e3u})
    for (size_t off = 0; off < 8; ++off)
      for (size_t n = 0; n <= 80; ++n) {
        uint32_t c = start;
        for (size_t i = 0; i < n; ++i) {
          c ^= buf[off + i];
          for (int k = 0; k < 8; ++k) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        }
        ASSERT_EQ(crc32_update(start, buf.data() + off, n), c) << "offset " << off << ", length " << n;
      }
}

// Linux rxe (drivers/infiniband/sw/rxe/rxe_icrc.c) starts its ICRC at 0xdebb20e3: the
// CRC state after the 8 bytes of 0xFF that stand for the masked LRH.
TEST(Pcap, IcrcSeedIsTheMaskedLrh) {
  const uint8_t ones[8] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
  EXPECT_EQ(crc32_update(0xFFFFFFFFu, ones, 8), 0xdebb20e3u);
}

TEST(Pcap, IcrcMasksExactlyTheVariantFields) {
  std::vector<uint8_t> f(14 + 20 + 8 + 12 + 32 + 4 + 4);
  for (size_t i = 0; i < f.size(); ++i) f[i] = static_cast<uint8_t>(i * 7 + 3);
  const size_t n = f.size() - 8;  // up to the ICRC
  const uint32_t base = roce_icrc(f.data(), n);
  // masked: IPv4 TOS (14+1), TTL (14+8), header checksum (14+10, 11), UDP checksum (34+6,
  // 7), BTH resv8a (42+4); and the Ethernet header is not covered at all
  for (size_t at : {0u, 5u, 12u, 15u, 22u, 24u, 25u, 40u, 41u, 46u}) {
    std::vector<uint8_t> g = f;
    g[at] ^= 0x5A;
    EXPECT_EQ(roce_icrc(g.data(), n), base) << "byte " << at;
  }
  // covered: the other IPv4 bytes, UDP ports and length, the rest of the BTH, the payload
  for (size_t at : {14u, 16u, 23u, 26u, 30u, 34u, 36u, 38u, 42u, 45u, 47u, 53u, 54u, 80u}) {
    std::vector<uint8_t> g = f;
    g[at] ^= 0x5A;
    EXPECT_NE(roce_icrc(g.data(), n), base) << "byte " << at;
  }
}

TEST(Pcap, HostAddresses) {
  EXPECT_EQ(host_ipv4(0), 0x0A000001u);    // 10.0.0.1
  EXPECT_EQ(host_ipv4(299), 0x0A00012Cu);  // 10.0.1.44
}
