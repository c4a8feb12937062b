// SPDX-License-Identifier: MIT
#include "wave.h"

#include <cerrno>
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <queue>
#include <stdexcept>
#include <sys/stat.h>

#include "fst_errors.h"
#include "fstapi.h"

namespace dcqcn::wave {

namespace {

constexpr size_t kAdvanceBytes = 8u << 20;  // pending text that makes advance() write
constexpr size_t kBatchBytes = 1u << 20;    // a batch handed to the writer thread
constexpr size_t kMaxBatches = 8;            // batches in flight: the simulation waits beyond
constexpr uint64_t kFstBlockChanges = 1u << 16;  // value changes per FST block (measured: 1 << 16 beats the default 128 MB buffer by ~35 % CPU)

// VCD identifiers in Verilator's encoding (bijective base 94, first character least
// significant), so that own parts and Verilator's parts decode the same way.
std::string encode(uint32_t code) {
  std::string s(1, static_cast<char>('!' + code % 94));
  code /= 94;
  while (code) {
    --code;
    s += static_cast<char>('!' + code % 94);
    code /= 94;
  }
  return s;
}

bool decode(const char* p, size_t n, uint32_t& code) {
  if (n == 0 || n > 4) return false;
  uint64_t c = 0;
  for (size_t i = n - 1; i >= 1; --i) {
    const int d = static_cast<unsigned char>(p[i]) - '!';
    if (d < 0 || d >= 94) return false;
    c = 1 + static_cast<uint64_t>(d) + 94 * c;
  }
  const int d0 = static_cast<unsigned char>(p[0]) - '!';
  if (d0 < 0 || d0 >= 94) return false;
  c = static_cast<uint64_t>(d0) + 94 * c;
  if (c > 0xffffffffull) return false;
  code = static_cast<uint32_t>(c);
  return true;
}

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> v;
  size_t b = 0;
  while (b <= s.size()) {
    const size_t e = s.find('.', b);
    const std::string piece = s.substr(b, e == std::string::npos ? std::string::npos : e - b);
    if (!piece.empty()) v.push_back(piece);
    if (e == std::string::npos) break;
    b = e + 1;
  }
  return v;
}

bool ends_with(const std::string& s, const std::string& x) {
  return s.size() >= x.size() && s.compare(s.size() - x.size(), x.size(), x) == 0;
}

}  // namespace

// ---------------------------------------------------------------- Part

uint32_t Part::add_var(const std::string& sub, const std::string& name, unsigned bits) {
  if (!own_ || w_->header_written_)
    throw std::logic_error("wave: add_var on '" + name_ + "' after the header was written");
  Decl d;
  d.scope = split(sub);
  d.name = name;
  d.bits = bits;
  if (bits > 1) d.range = "[" + std::to_string(bits - 1) + ":0]";
  d.code = static_cast<uint32_t>(bits_.size());
  d.depth = 1;
  decls_.push_back(d);
  bits_.push_back(bits);
  map_.push_back(-1);
  before_.push_back(0);
  before_set_.push_back(false);
  header_done_ = true;
  return d.code;
}

void Part::set(uint64_t t, uint32_t var, uint64_t value) {
  const WaveOptions& o = w_->o_;
  if (any_t_ && t < last_t_) t = last_t_;  // a part's time never goes back
  if (t < o.from_ps) {
    before_[var] = value;
    before_set_[var] = true;
    return;
  }
  if (t > o.to_ps) return;
  auto stamp = [&](uint64_t at) {
    if (any_t_ && at == last_t_) return;
    buf_ += '#';
    buf_ += std::to_string(at);
    buf_ += '\n';
    last_t_ = at;
    any_t_ = true;
  };
  auto put = [&](uint32_t v, uint64_t x) {
    const unsigned b = bits_[v];
    if (b == 1) {
      buf_ += (x & 1) ? '1' : '0';
    } else {
      buf_ += 'b';
      for (unsigned i = b; i-- > 0;) buf_ += ((x >> i) & 1) ? '1' : '0';
      buf_ += ' ';
    }
    buf_ += encode(v);
    buf_ += '\n';
  };
  const size_t old = buf_.size();
  if (!any_t_ && o.from_ps > 0) {  // the values at the window's start
    bool any = false;
    for (size_t v = 0; v < before_.size(); ++v)
      if (before_set_[v]) {
        if (!any) stamp(o.from_ps);
        any = true;
        put(static_cast<uint32_t>(v), before_[v]);
        before_set_[v] = false;
      }
  }
  stamp(t);
  put(var, value);
  w_->pending_ += buf_.size() - old;
  index_times(scanned_);
}

void Part::text(const char* p, size_t n) {
  buf_.append(p, n);
  w_->pending_ += n;
  if (!header_done_) {
    const size_t e = buf_.find("$enddefinitions");
    if (e == std::string::npos) return;
    const size_t nl = buf_.find('\n', e);
    if (nl == std::string::npos) return;
    const std::string hdr = buf_.substr(0, nl + 1);
    buf_.erase(0, nl + 1);
    scanned_ = 0;
    parse_header_text(hdr);
    header_done_ = true;
  }
  index_times(scanned_);
}

// Verilator's header: $scope module TOP (the ports), $scope module <block> (the RTL
// module, shown as "rtl"), deeper scopes, $var type bits id name [range] $end.
void Part::parse_header_text(const std::string& hdr) {
  std::vector<std::string> toks;
  {
    size_t i = 0;
    while (i < hdr.size()) {
      while (i < hdr.size() && isspace(static_cast<unsigned char>(hdr[i]))) ++i;
      size_t j = i;
      while (j < hdr.size() && !isspace(static_cast<unsigned char>(hdr[j]))) ++j;
      if (j > i) toks.push_back(hdr.substr(i, j - i));
      i = j;
    }
  }
  std::vector<std::string> stack;
  for (size_t i = 0; i < toks.size(); ++i) {
    const std::string& t = toks[i];
    if (t == "$scope") {
      std::string name = i + 2 < toks.size() ? toks[i + 2] : "?";
      if (stack.size() == 1) name = "rtl";
      stack.push_back(name);
      while (i < toks.size() && toks[i] != "$end") ++i;
    } else if (t == "$upscope") {
      if (!stack.empty()) stack.pop_back();
      while (i < toks.size() && toks[i] != "$end") ++i;
    } else if (t == "$var") {
      std::vector<std::string> v;
      while (++i < toks.size() && toks[i] != "$end") v.push_back(toks[i]);
      if (v.size() < 4) throw std::runtime_error("wave: " + name_ + ": malformed $var in Verilator's header");
      Decl d;
      d.scope.assign(stack.size() > 1 ? stack.begin() + 1 : stack.end(), stack.end());
      d.bits = static_cast<unsigned>(std::stoul(v[1]));
      if (!decode(v[2].data(), v[2].size(), d.code))
        throw std::runtime_error("wave: " + name_ + ": identifier '" + v[2] + "' not in Verilator's encoding");
      d.name = v[3];
      for (size_t k = 4; k < v.size(); ++k) d.range += v[k];
      d.depth = static_cast<int>(d.scope.size()) + 1;
      if (d.code >= map_.size()) {
        map_.resize(d.code + 1, -1);
        bits_.resize(d.code + 1, 0);
      }
      bits_[d.code] = d.bits;
      decls_.push_back(d);
    } else if (!t.empty() && t[0] == '$') {
      while (i < toks.size() && toks[i] != "$end") ++i;
    }
  }
}

// Records the time stamps ('#' lines) of the complete lines from `from` (a line start)
// on. It looks for '#' rather than for every line's end: '#' may also be in an
// identifier, so a hit counts only at the start of a line.
void Part::index_times(size_t from) {
  const char* d = buf_.data();
  const size_t n = buf_.size();
  const void* last_nl = n > from ? memrchr(d + from, '\n', n - from) : nullptr;
  if (!last_nl) return;
  const size_t end = static_cast<size_t>(static_cast<const char*>(last_nl) - d) + 1;
  size_t pos = from;
  while (pos < end) {
    const char* h = static_cast<const char*>(std::memchr(d + pos, '#', end - pos));
    if (!h) break;
    const size_t i = static_cast<size_t>(h - d);
    if (i == 0 || d[i - 1] == '\n') times_.emplace_back(std::strtoull(h + 1, nullptr, 10), i);
    pos = i + 1;
  }
  scanned_ = end;
}

void Part::emit_block(const char* s, size_t e) const {
  size_t b = 0;
  while (b < e) {
    const char* nl = static_cast<const char*>(std::memchr(s + b, '\n', e - b));
    const size_t le = nl ? static_cast<size_t>(nl - s) : e;
    const char c = s[b];
    if (c == 'b' || c == 'B') {
      const char* sp = static_cast<const char*>(std::memchr(s + b, ' ', le - b));
      uint32_t code;
      if (sp && decode(sp + 1, s + le - (sp + 1), code) && code < map_.size() && map_[code] >= 0)
        w_->change(map_[code], s + b + 1, static_cast<size_t>(sp - (s + b + 1)), 'b');
    } else if (c == '0' || c == '1' || c == 'x' || c == 'z' || c == 'X' || c == 'Z') {
      uint32_t code;
      if (decode(s + b + 1, le - b - 1, code) && code < map_.size() && map_[code] >= 0)
        w_->change(map_[code], s + b, 1, 's');
    }
    b = le + 1;
  }
}

// ---------------------------------------------------------------- Wave

Wave::Wave(const WaveOptions& o) : o_(o) {
  if (ends_with(o.path, ".fst")) {
    fst_ = true;
    fst_errors_ = fst::write_errors().count;
    fst_ctx_ = fstWriterCreate(o.path.c_str(), 1);
    if (!fst_ctx_) throw std::runtime_error("--vcd " + o.path + ": cannot write the file");
    check_fst();  // the header is written and flushed: /dev/full fails here
    fstWriterSetPackType(fst_ctx_, FST_WR_PT_LZ4);
    fstWriterSetTimescale(fst_ctx_, -12);
    fstWriterSetRepackOnClose(fst_ctx_, 0);
    fstWriterSetParallelMode(fst_ctx_, 0);  // one thread: the machine is shared
  } else {
    vcd_ = std::fopen(o.path.c_str(), "w");
    if (!vcd_) throw std::runtime_error("--vcd " + o.path + ": cannot write the file");
    static char vbuf[1 << 20];
    std::setvbuf(vcd_, vbuf, _IOFBF, sizeof vbuf);
  }
}

Wave::~Wave() {
  try {
    finish();
  } catch (...) {
  }
  stop_writer();
}

// A record: time (8 bytes), part (pointer), length (8 bytes), the block's text.
void Wave::put_block(uint64_t t, const Part* p, const char* s, size_t n) {
  char h[8 + sizeof p + 8];
  std::memcpy(h, &t, 8);
  std::memcpy(h + 8, &p, sizeof p);
  const uint64_t len = n;
  std::memcpy(h + 8 + sizeof p, &len, 8);
  batch_.append(h, sizeof h);
  batch_.append(s, n);
  if (batch_.size() >= kBatchBytes) submit();
}

void Wave::submit() {
  if (batch_.empty()) return;
  std::unique_lock<std::mutex> l(mu_);
  cv_.wait(l, [&] { return full_.size() < kMaxBatches; });
  full_.push_back(std::move(batch_));
  batch_.clear();
  if (!spare_.empty()) {
    batch_ = std::move(spare_.back());
    spare_.pop_back();
  }
  cv_.notify_all();
}

void Wave::stop_writer() {
  if (!writer_.joinable()) return;
  submit();
  {
    std::lock_guard<std::mutex> l(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  writer_.join();
}

void Wave::writer_loop() {
  std::string b;
  for (;;) {
    {
      std::unique_lock<std::mutex> l(mu_);
      if (!b.empty()) {
        b.clear();
        spare_.push_back(std::move(b));
        b = std::string();
      }
      cv_.wait(l, [&] { return !full_.empty() || stop_; });
      if (full_.empty()) return;
      b = std::move(full_.front());
      full_.pop_front();
    }
    cv_.notify_all();
    constexpr size_t kHead = 8 + sizeof(const Part*) + 8;
    for (size_t i = 0; i + kHead <= b.size();) {
      uint64_t t, len;
      const Part* p;
      std::memcpy(&t, b.data() + i, 8);
      std::memcpy(&p, b.data() + i + 8, sizeof p);
      std::memcpy(&len, b.data() + i + 8 + sizeof p, 8);
      time(t);
      p->emit_block(b.data() + i + kHead, static_cast<size_t>(len));
      i += kHead + static_cast<size_t>(len);
    }
  }
}

Part* Wave::part(const std::string& name, bool own) {
  if (header_written_) throw std::logic_error("wave: part '" + name + "' added after the header");
  parts_.emplace_back(new Part(this, name, own));
  return parts_.back().get();
}

void Wave::write_header() {
  header_written_ = true;
  // parts in name order, so that h3.np and h3.rp share the scope h3
  std::vector<Part*> ps;
  for (auto& p : parts_) ps.push_back(p.get());
  std::stable_sort(ps.begin(), ps.end(), [](Part* a, Part* b) { return a->name_ < b->name_; });
  struct Row {
    std::vector<std::string> path;
    const Part::Decl* d;
    Part* p;
  };
  std::vector<Row> rows;
  for (Part* p : ps) {
    const std::vector<std::string> base = split(p->name_);
    std::vector<Row> mine;
    for (const Part::Decl& d : p->decls_) {
      if (o_.depth > 0 && d.depth > o_.depth) continue;
      std::vector<std::string> path = base;
      path.insert(path.end(), d.scope.begin(), d.scope.end());
      mine.push_back({path, &d, p});
    }
    std::stable_sort(mine.begin(), mine.end(), [](const Row& a, const Row& b) { return a.path < b.path; });
    rows.insert(rows.end(), mine.begin(), mine.end());
  }
  if (vcd_) {
    std::fprintf(vcd_, "$comment dcqcn-sim: RTL blocks, reference transactions and the network on the simulated time axis $end\n");
    std::fprintf(vcd_, "$timescale 1ps $end\n");
  }
  std::vector<std::string> open;
  auto close_to = [&](size_t n) {
    while (open.size() > n) {
      if (vcd_) std::fprintf(vcd_, "$upscope $end\n");
      else fstWriterSetUpscope(fst_ctx_);
      open.pop_back();
    }
  };
  for (const Row& r : rows) {
    size_t c = 0;
    while (c < open.size() && c < r.path.size() && open[c] == r.path[c]) ++c;
    close_to(c);
    for (size_t k = c; k < r.path.size(); ++k) {
      if (vcd_) std::fprintf(vcd_, "$scope module %s $end\n", r.path[k].c_str());
      else fstWriterSetScope(fst_ctx_, FST_ST_VCD_MODULE, r.path[k].c_str(), nullptr);
      open.push_back(r.path[k]);
    }
    int32_t& sig = r.p->map_[r.d->code];
    const bool alias = sig >= 0;
    if (!alias) {
      sig = static_cast<int32_t>(sig_bits_.size());
      sig_bits_.push_back(r.d->bits);
      sig_id_.push_back(encode(static_cast<uint32_t>(sig)));
      sig_handle_.push_back(0);
    }
    if (vcd_) {
      std::fprintf(vcd_, "$var wire %u %s %s%s%s $end\n", r.d->bits, sig_id_[sig].c_str(),
                   r.d->name.c_str(), r.d->range.empty() ? "" : " ", r.d->range.c_str());
    } else {
      const std::string nm = r.d->name + (r.d->range.empty() ? "" : " " + r.d->range);
      const fstHandle h = fstWriterCreateVar(fst_ctx_, FST_VT_VCD_WIRE, FST_VD_IMPLICIT, r.d->bits,
                                             nm.c_str(), alias ? sig_handle_[sig] : 0);
      if (!alias) sig_handle_[sig] = h;
    }
    std::string full;
    for (const auto& s : r.path) full += s + ".";
    names_.push_back(full + r.d->name + r.d->range);
  }
  close_to(0);
  if (vcd_) std::fprintf(vcd_, "$enddefinitions $end\n");
  if (vcd_) std::fflush(vcd_);
  writer_ = std::thread([this] { writer_loop(); });
}

std::vector<std::string> Wave::signal_names() const { return names_; }

void Wave::time(uint64_t t) {
  if (any_t_ && t == cur_t_) return;
  cur_t_ = t;
  any_t_ = true;
  if (vcd_) {
    out_ += '#';
    out_ += std::to_string(t);
    out_ += '\n';
  } else {
    fstWriterEmitTimeChange(fst_ctx_, t);
  }
}

void Wave::change(int32_t sig, const char* val, size_t len, char kind) {
  if (vcd_) {
    if (kind == 'b') {
      out_ += 'b';
      out_.append(val, len);
      out_ += ' ';
    } else {
      out_ += val[0];
    }
    out_ += sig_id_[sig];
    out_ += '\n';
    if (out_.size() >= (1u << 20)) flush_out();
    return;
  }
  const unsigned bits = sig_bits_[sig];
  if (len == bits) {  // the writer reads `bits` characters: no copy needed
    fstWriterEmitValueChange(fst_ctx_, sig_handle_[sig], val);
  } else if (len < bits) {
    const char pad = (val[0] == 'x' || val[0] == 'z') ? val[0] : '0';
    line_.assign(bits - len, pad);
    line_.append(val, len);
    fstWriterEmitValueChange(fst_ctx_, sig_handle_[sig], line_.c_str());
  } else {
    fstWriterEmitValueChange(fst_ctx_, sig_handle_[sig], val + (len - bits));
  }
  // The FST writer keeps each signal's changes as a chain through its buffer (128 MB by
  // default) and walks the chains when it writes a block: short blocks stay in cache.
  if (++fst_changes_ >= kFstBlockChanges) {
    fst_changes_ = 0;
    fstWriterFlushContext(fst_ctx_);
  }
}

// The FST writer ignores its write errors; fstapi_checked.cpp counts them (fst_errors.h).
// Any since the file was created: the file is cut short or missing blocks.
void Wave::check_fst() {
  const fst::WriteErrors e = fst::write_errors();
  if (e.count == fst_errors_) return;
  fst_errors_ = e.count;
  if (fst_ctx_) {  // closing writes more: let it fail too, the file is lost anyway
    fstWriterClose(fst_ctx_);
    fst_ctx_ = nullptr;
  }
  throw std::runtime_error("--vcd " + o_.path + ": write error: " + std::strerror(e.last_errno) +
                           " (the FST file, its .hier file beside it, or the FST writer's temporary files in /tmp)"
                           "; expected a writable file system with free space and no file-size limit (ulimit -f)");
}

void Wave::flush_out() {
  if (!out_.empty()) std::fwrite(out_.data(), 1, out_.size(), vcd_);
  out_.clear();
}

void Wave::advance(uint64_t t_ps) {
  if (finished_ || pending_ < kAdvanceBytes) return;
  for (auto& f : flushers_) f();
  if (!header_written_) write_header();
  using Item = std::pair<uint64_t, Part*>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> q;
  for (auto& p : parts_)
    if (p->next_time_ < p->times_.size() && p->times_[p->next_time_].first < t_ps)
      q.push({p->times_[p->next_time_].first, p.get()});
  while (!q.empty()) {
    auto [t, p] = q.top();
    q.pop();
    const size_t i = p->next_time_++;
    const size_t b = p->times_[i].second;
    const size_t e = i + 1 < p->times_.size() ? p->times_[i + 1].second : p->scanned_;
    if (t >= o_.from_ps && t <= o_.to_ps) put_block(t, p, p->buf_.data() + b, e - b);
    if (p->next_time_ < p->times_.size() && p->times_[p->next_time_].first < t_ps)
      q.push({p->times_[p->next_time_].first, p});
  }
  for (auto& p : parts_) {  // drop what was written, once it is at least half the buffer
    if (p->next_time_ == 0) continue;
    const size_t cut = p->next_time_ < p->times_.size() ? p->times_[p->next_time_].second : p->scanned_;
    pending_ -= std::min(pending_, cut - p->counted_);
    p->counted_ = cut;
    if (cut * 2 < p->buf_.size()) continue;
    p->counted_ = 0;
    p->buf_.erase(0, cut);
    p->scanned_ -= cut;
    p->times_.erase(p->times_.begin(), p->times_.begin() + static_cast<std::ptrdiff_t>(p->next_time_));
    for (auto& x : p->times_) x.second -= cut;
    p->next_time_ = 0;
  }
}

uint64_t Wave::finish() {
  if (finished_) return 0;
  flushers_.clear();  // the engines flushed their tracers when they closed
  for (auto& p : parts_)  // own parts whose every change fell before the window
    if (p->own_ && !p->any_t_ && o_.from_ps > 0 && o_.from_ps <= o_.to_ps)
      for (size_t v = 0; v < p->before_.size(); ++v)
        if (p->before_set_[v]) p->set(o_.from_ps, static_cast<uint32_t>(v), p->before_[v]);
  pending_ = kAdvanceBytes;
  advance(std::numeric_limits<uint64_t>::max());
  finished_ = true;
  stop_writer();
  if (vcd_) {
    flush_out();
    // A write error (a full disk, a closed pipe) is sticky: report it, naming the file.
    errno = 0;
    const bool bad = std::fflush(vcd_) != 0 || std::ferror(vcd_);
    const int e = errno;
    const bool closed_bad = std::fclose(vcd_) != 0;
    vcd_ = nullptr;
    if (bad || closed_bad)
      throw std::runtime_error("--vcd " + o_.path + ": write error: " + std::strerror(e ? e : errno ? errno : EIO) +
                               "; expected a writable file system with free space");
  }
  if (fst_ctx_) {
    fstWriterClose(fst_ctx_);
    fst_ctx_ = nullptr;
    check_fst();
  }
  struct stat st {};
  if (stat(o_.path.c_str(), &st) != 0) return 0;
  return static_cast<uint64_t>(st.st_size);
}

}  // namespace dcqcn::wave
