#!/usr/bin/env bash
# Real containers for the node agent: containerd + runc + CNI plugins from Debian's packages,
# configured as shared/reference/node-runtime.md found works on these machines, and started in
# the background. Idempotent: run it again and it only does what is missing.
# Then `node scripts/build-images.mjs` imports the images (no registry is reachable here).
set -euo pipefail

SOCKET=/run/containerd/containerd.sock
CONFIG=/etc/containerd/config.toml
CNI_CONF=/etc/cni/net.d/10-timonier-bridge.conflist
LOG=/var/log/containerd.log
PIDFILE=/run/containerd/timonier-started.pid
POD_SUBNET="${TIMONIER_POD_SUBNET:-10.244.0.0/16}"

say() { echo "setup-containerd: $*"; }
if [ "$(id -u)" != 0 ]; then
  say "must run as root (it installs packages and starts containerd)" >&2
  exit 1
fi

# 1. packages
PACKAGES=(containerd runc containernetworking-plugins busybox-static)
missing=()
for p in "${PACKAGES[@]}"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=300 update -qq
  apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  say "packages present"
fi

# 2. configuration; `changed` remembers whether a running containerd must restart
changed=0
write_if_different() { # file, content
  if [ ! -f "$1" ] || [ "$(cat "$1")" != "$2" ]; then
    mkdir -p "$(dirname "$1")"
    [ -f "$1" ] && cp "$1" "$1.before-timonier"
    printf '%s\n' "$2" >"$1"
    say "wrote $1"
    changed=1
  fi
}

# restrict_oom_score_adj: without it every RunPodSandbox fails here, the VM denies lowering
# oom_score_adj; sandbox_image: an image we import ourselves
write_if_different "$CONFIG" 'version = 2
[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = "localhost/pause:1"
  restrict_oom_score_adj = true
  [plugins."io.containerd.grpc.v1.cri".cni]
    bin_dir = "/usr/lib/cni"
    conf_dir = "/etc/cni/net.d"'

# a bridge for the pods, traffic kept on this machine (no masquerading out)
write_if_different "$CNI_CONF" "{
  \"cniVersion\": \"0.4.0\",
  \"name\": \"timonier\",
  \"plugins\": [
    {
      \"type\": \"bridge\",
      \"bridge\": \"timonier0\",
      \"isGateway\": true,
      \"ipMasq\": false,
      \"hairpinMode\": true,
      \"ipam\": {
        \"type\": \"host-local\",
        \"ranges\": [[{ \"subnet\": \"$POD_SUBNET\" }]],
        \"routes\": [{ \"dst\": \"0.0.0.0/0\" }]
      }
    },
    { \"type\": \"portmap\", \"capabilities\": { \"portMappings\": true } }
  ]
}"

# 3. the daemon: started in the background (no systemd on these machines)
running() { [ -S "$SOCKET" ] && ctr --address "$SOCKET" version >/dev/null 2>&1; }
if running && [ "$changed" = 1 ]; then
  # only a containerd this script started (its pid kept) is restarted; another one is left alone
  pid=$(cat "$PIDFILE" 2>/dev/null || true)
  if [ -n "$pid" ] && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = containerd ]; then
    say "configuration changed: restarting containerd (pid $pid)"
    kill "$pid"
    for _ in $(seq 50); do running || break; sleep 0.2; done
  else
    say "configuration changed, but containerd was not started by this script: restart it to apply $CONFIG" >&2
  fi
fi
if ! running; then
  say "starting containerd (log: $LOG)"
  mkdir -p "$(dirname "$PIDFILE")"
  setsid containerd >>"$LOG" 2>&1 </dev/null &
  echo $! >"$PIDFILE"
  for _ in $(seq 100); do running && break; sleep 0.2; done
  if ! running; then
    say "containerd did not come up; the end of $LOG:" >&2
    tail -n 20 "$LOG" >&2 || true
    exit 1
  fi
fi
say "containerd $(ctr --address "$SOCKET" version 2>/dev/null | awk '/Server:/{s=1} s&&/Version:/{print $2; exit}') answering on $SOCKET"
