#!/usr/bin/env bash
# Checks for the tools the build needs (cmake, make, g++, GoogleTest, emscripten, node/npm)
# and the reference tools the tests use (fairy-stockfish; stockfish, the engine of the
# chesswasm/engine tests; polyglot, which builds and dumps opening books; fathom, the Syzygy
# prober the tablebase tests compare with).
# When something is missing and we are root with apt-get, installs it; otherwise prints the
# apt-get command to run and exits 1.  --check-only: never install.  --fuzz: also check for
# clang and the libFuzzer runtime that scripts/fuzz.sh needs.
set -euo pipefail

check_only=0
fuzz=0  # --fuzz: also clang and libFuzzer's runtime (for scripts/fuzz.sh)
for arg in "$@"; do
  case "$arg" in
    --check-only) check_only=1 ;;
    --fuzz) fuzz=1 ;;
  esac
done

missing=()
have() { command -v "$1" >/dev/null 2>&1; }
have cmake || missing+=(cmake)
have make || missing+=(make)
have g++ || missing+=(g++)
[[ -f /usr/include/gtest/gtest.h ]] || missing+=(libgtest-dev)
{ have emcc && have emcmake; } || missing+=(emscripten)
have node || missing+=(nodejs)
have npm || missing+=(npm)
# Debian's Chromium: the browser tests (tests/pack, tests/browser) drive it with playwright-core.
{ have chromium || [[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]]; } || missing+=(chromium)
# Reference engines the tests compare against (Debian installs them in /usr/games).
[[ -x /usr/games/fairy-stockfish ]] || missing+=(fairy-stockfish)
[[ -x /usr/games/stockfish ]] || missing+=(stockfish)
[[ -x /usr/games/polyglot ]] || missing+=(polyglot)
[[ -x /usr/games/fathom ]] || missing+=(fathom)
# Debian's zstd: the independent encoder of the database's .pgn.zst tests.
have zstd || missing+=(zstd)
if ((fuzz)); then
  { have clang++ || have clang++-14; } || missing+=(clang)
  compgen -G "/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a" >/dev/null || missing+=(libclang-rt-14-dev)
fi

if ((${#missing[@]} == 0)); then
  echo "check-deps: all build dependencies present"
  exit 0
fi

cmd="apt-get install -y ${missing[*]}"
sudo=()
if [[ $(id -u) -ne 0 ]] && have sudo && sudo -n true 2>/dev/null; then sudo=(sudo -n); fi
if ((check_only == 0)) && { [[ $(id -u) -eq 0 ]] || ((${#sudo[@]})); } && have apt-get; then
  echo "check-deps: installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update
  "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
  exit 0
fi

echo "check-deps: missing: ${missing[*]}" >&2
echo "check-deps: install them with (as root, on Debian bookworm):" >&2
echo "    apt-get update && $cmd" >&2
echo "  (Node 20 is recommended; Debian's nodejs package is an older release.)" >&2
exit 1
