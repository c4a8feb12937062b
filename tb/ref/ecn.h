// SPDX-License-Identifier: MIT
// The two ECN bits of the IP header, as every block and the network read them.
// DCQCN (RFC 3168): 00 not ECN-capable, 01 ECT(1), 10 ECT(0), 11 CE.
// TCD (SIGCOMM'21): 00 not TCD-capable, 01 TCD-capable, 10 UE (undetermined
// encountered), 11 CE. The NIC sends 01, which is ECN-capable in both readings.
#pragma once
#include <cstdint>

namespace dcqcn {

inline constexpr uint8_t kEcnNotEct = 0, kEcnEct1 = 1, kEcnUe = 2, kEcnCe = 3;

}  // namespace dcqcn
