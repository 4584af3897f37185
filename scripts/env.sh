# Sourced by the other scripts: paths and the environment emscripten 3.1.6 (Debian) needs.
# shellcheck shell=bash
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export ROOT
JOBS="${JOBS:-2}"

# emcc's JS optimizer (tools/acorn-optimizer.js) needs acorn, which Debian installs under
# /usr/share/nodejs rather than next to emscripten.
if [[ ":${NODE_PATH:-}:" != *":/usr/share/nodejs:"* ]]; then
  export NODE_PATH="${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs"
fi

# Debian ships emscripten's prebuilt system libraries in /usr/share/emscripten/cache, and
# emcc takes a lock file there. A non-root user cannot write it, so use a private copy.
if [[ -z "${EM_CACHE:-}" && -d /usr/share/emscripten/cache && ! -w /usr/share/emscripten/cache ]]; then
  export EM_CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/chesswasm/emscripten-cache"
  if [[ ! -e "$EM_CACHE/sysroot_install.stamp" ]]; then
    echo "chesswasm: /usr/share/emscripten/cache is read-only; copying it to $EM_CACHE" >&2
    mkdir -p "$EM_CACHE"
    cp -a /usr/share/emscripten/cache/. "$EM_CACHE/"
    rm -f "$EM_CACHE/cache.lock"
  fi
fi
