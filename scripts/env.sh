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

# No EM_CACHE needed: Debian's /usr/share/emscripten/.emscripten sets FROZEN_CACHE = True and
# ships every system library prebuilt (lto and pic variants too) in
# /usr/share/emscripten/cache, so emcc never writes there and works for non-root users.
