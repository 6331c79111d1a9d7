#!/usr/bin/env bash
# The console's browser tests drive Debian's chromium through playwright-core;
# nothing downloads a browser build. Installs it when missing (as root).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-chromium: /usr/bin/chromium is missing; run as root: apt-get install -y chromium" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium >/dev/null
/usr/bin/chromium --version
