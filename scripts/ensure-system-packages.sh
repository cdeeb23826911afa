#!/usr/bin/env bash
# Installs the Debian packages the test suite needs and a fresh machine lacks: Chromium for the
# browser tests (Playwright drives Debian's build; it cannot download its own here),
# docker-compose to validate the compose file and nginx (with its brotli module and envsubst)
# to run the web images' nginx config (deploy/nginx.test.ts). Does nothing when they are
# already there.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v docker-compose >/dev/null 2>&1 || missing+=(docker-compose)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
# The web images' nginx serves the build's .br copies with Debian's brotli module; the test loads it.
[ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || missing+=(libnginx-mod-http-brotli-static)
# envsubst renders the nginx templates (deploy/nginx/start.sh), in the images and in the test.
command -v envsubst >/dev/null 2>&1 || missing+=(gettext-base)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ] && ! command -v sudo >/dev/null 2>&1; then
  echo "Please install: ${missing[*]} (apt-get install -y ${missing[*]})" >&2
  exit 1
fi
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
echo "Installing Debian packages: ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
