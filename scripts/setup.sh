#!/usr/bin/env bash
# Installs every build and test dependency from Debian 12's archive.
# Idempotent: prints nothing and exits 0 when everything is already present.
set -euo pipefail

PKGS=(
  build-essential cmake ninja-build pkg-config git
  verilator            # 5.006: RTL -> C++ for lock-step tests and co-simulation
  clang                # 14: compiles the network's Verilated models (12 % faster code than GCC's there)
  zlib1g-dev           # FST waveforms: Verilator's FST writer (benches, dcqcn-sim --vcd FILE.fst) and the FST reader of the tests; tb/tools/pcap_icrc (the frame blocks' ICRC, recomputed)
  yosys                # 0.23: synthesis checks (scripts/synth.sh), formal (scripts/formal.sh)
  z3                   # SMT solver for yosys-smtbmc (scripts/formal.sh, modes bmc and prove)
  iverilog             # second simulator for the RTL
  nextpnr-ice40 fpga-icestorm   # iCE40 place and route for scripts/synth.sh --report
  libsystemc-dev       # SystemC 2.3.4 / TLM-2.0 network models
  libgtest-dev googletest
  libcli11-dev         # command lines
  libyaml-cpp-dev      # scenario files
  nlohmann-json3-dev   # summary.json / bench output
  libfmt-dev
  python3 python3-matplotlib python3-numpy python3-yaml   # scripts/plot.py only
  jq                   # scripts/baseline_outputs.sh: summary.json compared without wall-clock fields
  tshark               # the pcap test (systemc/tests/pcap_test.sh) decodes dcqcn-sim --pcap captures and the frame blocks' output (tb/tools/frames_tshark_test.sh)
  gtkwave              # waveform viewer: opens dcqcn-sim's FILE.gtkw / .vcd / .fst and the benches' VCDs
)

missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "setup.sh: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
# wireshark-common (pulled in by tshark) asks whether non-root users may capture; we only
# read files, so answer no before it asks.
echo "wireshark-common wireshark-common/install-setuid boolean false" | $SUDO debconf-set-selections
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
