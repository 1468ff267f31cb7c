#!/usr/bin/env bash
# Installs the system packages the test suite needs when they are missing (Debian; run as root).
# Chromium for the browser tests; poppler-utils, mupdf-tools, openssl and NSS tools to check signed PDFs
# with independent verifiers; tesseract for ID-card OCR; nginx to run deploy/nginx.conf in front of two
# server processes (apps/server/src/deploy-proxy.api.test.ts).
set -euo pipefail

need=()
command -v chromium >/dev/null || need+=(chromium)
command -v pdfsig >/dev/null || need+=(poppler-utils)
command -v mutool >/dev/null || need+=(mupdf-tools)
command -v certutil >/dev/null || need+=(libnss3-tools)
command -v openssl >/dev/null || need+=(openssl)
command -v tesseract >/dev/null || need+=(tesseract-ocr)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || need+=(nginx)
[ -e /usr/share/tesseract-ocr/5/tessdata/chi_sim.traineddata ] || ls /usr/share/tesseract-ocr/*/tessdata/chi_sim.traineddata >/dev/null 2>&1 || need+=(tesseract-ocr-chi-sim)
fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || need+=(fonts-noto-cjk)

if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing system packages: ${need[*]}"
if [ "$(id -u)" != 0 ]; then
  echo "Need root to apt-get install ${need[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
