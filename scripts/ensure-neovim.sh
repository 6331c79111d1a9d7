#!/usr/bin/env bash
# Installs Debian's neovim when it is missing: the language server's real-editor
# test (test/lsp/neovim.test.ts) runs it headless. Needs root (CI runs as root);
# waits for another apt/dpkg run to release its lock instead of failing.
set -euo pipefail
if command -v nvim >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-neovim: nvim is missing and this is not root; install it with: sudo apt-get install -y neovim" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
for attempt in 1 2 3 4 5 6; do
  if apt-get -o DPkg::Lock::Timeout=120 install -y --no-install-recommends neovim >/dev/null 2>&1; then exit 0; fi
  apt-get -o DPkg::Lock::Timeout=120 update >/dev/null 2>&1 || true
  sleep $((attempt * 5))
done
echo "ensure-neovim: could not install neovim" >&2
exit 1
