// chesswasm — small text helpers shared by the notation modules. Decimal formatting is
// written out here rather than taken from std::to_string/snprintf, which would pull the
// whole printf machinery into the wasm build.
// SPDX-License-Identifier: MIT
#pragma once

#include <string>

namespace cw {

// The decimal digits of n.
inline std::string decimal(unsigned long n) {
  char buf[24];
  int i = sizeof buf;
  do {
    buf[--i] = char('0' + n % 10);
    n /= 10;
  } while (n);
  return std::string(buf + i, sizeof buf - i);
}

}  // namespace cw
