// chesswasm — code types (enums of the core) registered with embind as plain integers: the
// package's module (bindings.cpp) and the boundary benchmark's (cpp/tools/boundary_bench.cpp)
// register them so, one way. Wasm only (embind).
// SPDX-License-Identifier: MIT
#pragma once

#include <emscripten/bind.h>

#include <cstring>
#include <limits>
#include <string>
#include <type_traits>

namespace cw::wasm {

// A code type (an enum of the core) that crosses the boundary as its integer: registered with
// embind as an integer type under the enum's name, so the glue passes and returns plain numbers
// and builds no enum object at start-up (embind's enum_ made 132 of them; import to first
// position: docs/performance.md, "What limits it"). The names of the values are the registration too:
// the debug module (CHESSWASM_RECORD, build/wasm-debug) lists them for
// scripts/gen-boundary.mjs (registeredCodes, bindings.cpp), which writes them into
// web/src/boundary/boundary.ts; the release module carries no name.
#ifdef CHESSWASM_RECORD
inline std::string& code_names() {  // "Name:VALUE=0,VALUE=1\n" per code type
  static std::string names;
  return names;
}
#endif

template <typename E>
class codes {
 public:
  explicit codes(const char* name) {
    using U = std::underlying_type_t<E>;
    static_assert(std::is_enum_v<E> && sizeof(E) <= 4);
    emscripten::internal::_embind_register_integer(emscripten::internal::TypeID<E>::get(), name, sizeof(E),
                                                   long(std::numeric_limits<U>::min()),
                                                   (unsigned long)(std::numeric_limits<U>::max()));
#ifdef CHESSWASM_RECORD
    code_names() += std::string(name) + ":";
#endif
  }
  codes& value([[maybe_unused]] const char* name, [[maybe_unused]] E v) {
#ifdef CHESSWASM_RECORD
    code_names() += std::string(name) + "=" + std::to_string(int(v)) + ",";
#endif
    return *this;
  }
  ~codes() {
#ifdef CHESSWASM_RECORD
    code_names() += "\n";
#endif
  }
  codes(const codes&) = delete;
  codes& operator=(const codes&) = delete;
};

// A code type whose names come from the core's name function (codes 0, 1, ... up to the
// first without a name), so that a code added to the core is registered without an edit.
template <typename E>
void codes_from_names(const char* name, [[maybe_unused]] const char* (*name_of)(E)) {
  codes<E> e(name);
#ifdef CHESSWASM_RECORD
  for (int v = 0; v < 256; ++v) {
    const char* n = name_of(E(v));
    if (std::strcmp(n, "?") == 0 || std::strcmp(n, "UNKNOWN") == 0) break;
    e.value(n, E(v));
  }
#endif
}

}  // namespace cw::wasm
