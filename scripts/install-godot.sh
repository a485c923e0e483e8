#!/usr/bin/env bash
# install-godot.sh - installs bridge's test and demo engine: a private Godot 4.6 built from Debian's
# unstable archive into a cache directory, runnable on this older-glibc host without touching it.
# Only the host's apt-get/apt-cache/dpkg-deb are used, with a *private* sources list, lists dir,
# cache, dpkg status file and log dir: the system's apt configuration and installed packages are never
# touched. patchelf comes from sid too and runs through the sysroot's own loader.
# The facts behind each step (closure, RUNPATH fix-ups, Xvfb keymap path, GL self-check) are in
# shared/godot/RECIPE.md; this copy is the project's own, so CI and new machines need nothing else.
#
# Usage:  scripts/install-godot.sh [DEST]   DEST defaults to $BRIDGE_GODOT_CACHE or ~/.cache/bridge/godot
# Prints: DEST/bin/godot (the last line of stdout) once it runs. Idempotent; seconds when cached.
# Result: DEST/bin/godot     patched godot ELF (interpreter + DT_RPATH into the sysroot)
#         DEST/env.sh        `source` it for GL/Vulkan rendering (Mesa llvmpipe/lavapipe)
#         DEST/bin/with-xvfb CMD...  run CMD with DISPLAY on a private Xvfb (real frames, no GPU)
# Env knobs:
#   GODOT_SYSROOT_GL=0        skip Mesa/GL/Vulkan/Xvfb (headless-only, about half the download)
#   GODOT_SYSROOT_PKG=godot   package spec, e.g. godot=4.6.3+ds-3 to pin
#   GODOT_SYSROOT_EXTRA="..." extra sid packages to add to the closure
#   GODOT_SYSROOT_MIRROR=http://deb.debian.org/debian   GODOT_SYSROOT_SUITE=sid
#   GODOT_SYSROOT_SOURCE_OPTS="check-valid-until=no"  extra sources.list options
#   GODOT_SYSROOT_OFFLINE=1   do not run `apt-get update` (re-use downloaded lists)
set -euo pipefail

DEST="${1:-${BRIDGE_GODOT_CACHE:-$HOME/.cache/bridge/godot}}"
MIRROR="${GODOT_SYSROOT_MIRROR:-http://deb.debian.org/debian}"
SUITE="${GODOT_SYSROOT_SUITE:-sid}"
GODOT_PKG="${GODOT_SYSROOT_PKG:-godot}"
WITH_GL="${GODOT_SYSROOT_GL:-1}"
KEYRING="${GODOT_SYSROOT_KEYRING:-/usr/share/keyrings/debian-archive-keyring.gpg}"
ARCH=amd64 TRIPLET=x86_64-linux-gnu LDSO=ld-linux-x86-64.so.2

log() { printf '[bridge install-godot] %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

for t in apt-get apt-cache dpkg-deb tar sha256sum; do
  command -v "$t" >/dev/null || die "missing host tool: $t"
done
[ "$(dpkg --print-architecture 2>/dev/null || echo amd64)" = amd64 ] || die "only amd64 is supported"
[ -r "$KEYRING" ] || die "no Debian archive keyring at $KEYRING (package debian-archive-keyring)"

mkdir -p "$DEST"
DEST="$(cd "$DEST" && pwd)"
APTD="$DEST/apt" DEBS="$DEST/debs" ROOT="$DEST/root"
mkdir -p "$APTD/lists/partial" "$APTD/cache" "$APTD/log" "$DEBS/partial" "$DEST/bin"
LIB="$ROOT/usr/lib/$TRIPLET"

# ---------------------------------------------------------------- private apt config
cat > "$APTD/sources.list" <<EOF
deb [signed-by=$KEYRING ${GODOT_SYSROOT_SOURCE_OPTS:-}] $MIRROR $SUITE main
EOF
: > "$APTD/empty"
APT_OPTS=(
  -o "Dir::Etc::SourceList=$APTD/sources.list" -o "Dir::Etc::SourceParts=$APTD/empty-parts"
  -o "Dir::Etc::Preferences=$APTD/preferences" -o "Dir::Etc::PreferencesParts=$APTD/empty-parts"
  -o "Dir::State::Lists=$APTD/lists" -o "Dir::State::status=$APTD/status"
  -o "Dir::State::extended_states=$APTD/extended_states"
  -o "Dir::Cache=$APTD/cache" -o "Dir::Cache::archives=$DEBS" -o "Dir::Log=$APTD/log"
  -o "APT::Architecture=$ARCH" -o "APT::Architectures::=$ARCH"
  -o "Acquire::Languages=none" -o "APT::Install-Recommends=false"
  -o "APT::Install-Suggests=false" -o "APT::Get::Assume-Yes=true" -o "quiet=1"
)
mkdir -p "$APTD/empty-parts"
# apt drops privileges to _apt when root; _apt may not be able to enter $HOME/.cache
[ "$(id -u)" = 0 ] && APT_OPTS+=(-o "APT::Sandbox::User=root")
apt_get()   { apt-get   "${APT_OPTS[@]}" "$@"; }
apt_cache() { apt-cache "${APT_OPTS[@]}" "$@"; }

# ---------------------------------------------------------------- 1. package lists
T0=$(date +%s)
# start from an empty status/preferences (they are regenerated below from the lists)
: > "$APTD/status"; : > "$APTD/preferences"
if [ "${GODOT_SYSROOT_OFFLINE:-0}" = 1 ] && ls "$APTD/lists/"*_Packages* >/dev/null 2>&1; then
  log "offline: re-using package lists"
else
  log "apt-get update ($SUITE) into $APTD/lists"
  apt_get update >&2
fi

# ---------------------------------------------------------------- 2. resolve closure
# Packages that are never needed to *run* godot from a sysroot: maintainer-script
# helpers, the CPU-check pre-dependency, fonts (godot embeds its fonts), pci.ids.
# They are declared "installed" in the private dpkg status file so that apt's
# resolver considers their dependents satisfied and does not download them.
EXCLUDE=(debconf sse4.2-support isa-support sysvinit-utils lsb-base x11-common
         fonts-dejavu-core fonts-dejavu-mono pci.ids)
PKGS=("$GODOT_PKG" patchelf)
if [ "$WITH_GL" = 1 ]; then
  # GL via glvnd + Mesa (llvmpipe), Vulkan via loader + Mesa (lavapipe),
  # and a private X server (Xvfb + xkbcomp) to give the game a window to render into
  PKGS+=(libgl1 libglx0 libglx-mesa0 libegl1 libegl-mesa0 libgl1-mesa-dri
         mesa-libgallium libvulkan1 mesa-vulkan-drivers xvfb x11-xkb-utils)
else
  # libsdl3-0 -> libgbm1 -> mesa-libgallium -> libllvmNN, libz3 (~50 MB of .debs); libgbm is not used
  # by godot at run time and does not need libgallium just to be loaded.
  EXCLUDE+=(mesa-libgallium)
fi
# shellcheck disable=SC2206
PKGS+=(${GODOT_SYSROOT_EXTRA:-})

for p in "${EXCLUDE[@]}"; do
  apt_cache show --no-all-versions "$p" 2>/dev/null |
    awk '/^(Package|Version|Architecture|Multi-Arch|Provides):/ {print}
                   END {print "Status: install ok installed"; print "Maintainer: none";
                        print "Description: excluded from godot sysroot"; print ""}'
done > "$APTD/status.tmp"
mv "$APTD/status.tmp" "$APTD/status"
# the fake records lack Depends, so apt sees them as different versions than the
# archive's (same version string) and would "upgrade" them to satisfy `(= ver)`
# dependencies (libgbm1 -> mesa-libgallium): forbid the archive versions.
printf 'Package: %s\nPin: release o=Debian\nPin-Priority: -1\n' "${EXCLUDE[*]}" \
  > "$APTD/preferences"

log "resolving: ${PKGS[*]}"
# the exact set of .deb files of the closure; --print-uris omits files already in the
# archives dir, so ask with an always-empty one
mkdir -p "$APTD/uri-probe/partial"
apt_get install --print-uris -qq -o "Dir::Cache::archives=$APTD/uri-probe" "${PKGS[@]}" \
  > "$APTD/uris.txt" 2> "$APTD/log/resolve.log" ||
  { cat "$APTD/log/resolve.log" >&2; die "dependency resolution failed"; }
awk '{print $2}' "$APTD/uris.txt" | sort > "$APTD/closure.txt"
[ -s "$APTD/closure.txt" ] || die "empty closure"
log "downloading into $DEBS"
apt_get install --download-only "${PKGS[@]}" > "$APTD/log/install.log" 2>&1 ||
  { cat "$APTD/log/install.log" >&2; die "apt-get install --download-only failed"; }
grep -E '^(Need to get|Fetched)' "$APTD/log/install.log" >&2 || true
while read -r f; do [ -f "$DEBS/$f" ] || die "missing $DEBS/$f"; done < "$APTD/closure.txt"
# drop .debs of earlier closures (older versions, other GL setting)
for f in "$DEBS"/*.deb; do
  [ -e "$f" ] && ! grep -qxF "$(basename "$f")" "$APTD/closure.txt" && rm -f "$f"
done
NDEBS=$(wc -l < "$APTD/closure.txt")
DLSIZE=$(cd "$DEBS" && du -cb $(cat "$APTD/closure.txt") | tail -1 | cut -f1)
log "closure: $NDEBS .debs, $((DLSIZE / 1048576)) MiB"

# ---------------------------------------------------------------- 3. extract
MANIFEST=$( (cat "$APTD/closure.txt"; echo "gl=$WITH_GL") | sha256sum | cut -c1-16)
if [ "$(cat "$DEST/.manifest" 2>/dev/null)" != "$MANIFEST" ] || [ ! -x "$DEST/bin/godot" ]; then
  log "extracting $NDEBS packages into $ROOT"
  rm -rf "$ROOT.new" && mkdir -p "$ROOT.new"
  while read -r f; do dpkg-deb -x "$DEBS/$f" "$ROOT.new"; done < "$APTD/closure.txt"
  rm -rf "$ROOT" && mv "$ROOT.new" "$ROOT"

  # ------------------------------------------------------------ 4. patch
  LOADER="$LIB/$LDSO"
  [ -x "$LOADER" ] || die "no loader at $LOADER"
  RPATH="$LIB:$ROOT/lib/$TRIPLET:$LIB/pulseaudio"
  # sid's patchelf, run through sid's loader (host patchelf not required)
  PATCHELF=("$LOADER" --library-path "$LIB" "$ROOT/usr/bin/patchelf")
  "${PATCHELF[@]}" --version >/dev/null || die "patchelf from the sysroot does not run"

  # A library with its own RUNPATH does not get godot's DT_RPATH applied to *its*
  # dependencies, so they would silently come from the HOST (/etc/ld.so.cache):
  #   libpulse.so.0    RUNPATH /usr/lib/x86_64-linux-gnu/pulseaudio
  #   libLLVM.so.22.1  RUNPATH $ORIGIN/../lib  (-> host libz3/libedit/libffi: llvmpipe
  #                    fails to load and GLX reports "no RGB visual or fbconfig")
  # Prefix absolute entries with the sysroot and append the sysroot lib dirs.
  find "$ROOT" -type f -name '*.so*' -print0 | while IFS= read -r -d '' so; do
    rp=$("${PATCHELF[@]}" --print-rpath "$so" 2>/dev/null) || continue
    [ -n "$rp" ] || continue
    case "$so" in */gconv/*) continue;; esac   # $ORIGIN only, loaded by path
    new=$(printf '%s' "$rp" | tr ':' '\n' | sed -e "s#^/#$ROOT/#" | paste -sd: -)
    case ":$new:" in *":$LIB:"*) ;; *) new="$new:$LIB:$ROOT/lib/$TRIPLET";; esac
    "${PATCHELF[@]}" --set-rpath "$new" "$so"
    log "runpath $(basename "$so"): $rp -> $new"
  done

  # The editor starts the game with OS.get_executable_path(), so godot must be a real
  # ELF (not `ld.so godot`): set its interpreter and a DT_RPATH (RPATH, unlike RUNPATH,
  # also applies to libraries dlopen()ed by its dependencies: libGL -> libGLX_mesa ...)
  cp "$ROOT/usr/bin/godot" "$DEST/bin/godot.tmp"
  "${PATCHELF[@]}" --set-interpreter "$LOADER" --force-rpath --set-rpath "$RPATH" \
    "$DEST/bin/godot.tmp"
  chmod 755 "$DEST/bin/godot.tmp" && mv "$DEST/bin/godot.tmp" "$DEST/bin/godot"

  if [ -x "$ROOT/usr/bin/Xvfb" ]; then
    for b in Xvfb xkbcomp; do
      cp "$ROOT/usr/bin/$b" "$DEST/bin/$b.tmp"
      "${PATCHELF[@]}" --set-interpreter "$LOADER" --force-rpath --set-rpath "$RPATH" \
        "$DEST/bin/$b.tmp"
    done
    # Xvfb runs "<XKB_BIN_DIRECTORY>/xkbcomp" (compiled in as "/usr/bin", no runtime
    # option) to build its keymap and dies without it. Blank that string so the
    # command becomes plain "xkbcomp", found through PATH (with-xvfb puts DEST/bin first).
    n=$(grep -a -o -P '\x00/usr/bin\x00' "$DEST/bin/Xvfb.tmp" | wc -l)
    [ "$n" = 1 ] || die "Xvfb: expected exactly one \"/usr/bin\" string, found $n"
    off=$(grep -b -a -o -P '\x00/usr/bin\x00' "$DEST/bin/Xvfb.tmp" | cut -d: -f1)
    printf '\0\0\0\0\0\0\0\0' |
      dd of="$DEST/bin/Xvfb.tmp" bs=1 seek=$((off + 1)) conv=notrunc status=none
    for b in Xvfb xkbcomp; do chmod 755 "$DEST/bin/$b.tmp"; mv "$DEST/bin/$b.tmp" "$DEST/bin/$b"; done
  fi

  # Vulkan ICD manifests hold absolute host paths: write sysroot copies
  mkdir -p "$DEST/icd.d"
  rm -f "$DEST/icd.d/"*.json
  for j in "$ROOT"/usr/share/vulkan/icd.d/*.json; do
    [ -e "$j" ] || continue
    sed -e "s#\"library_path\": *\"/#\"library_path\": \"$ROOT/#" "$j" > "$DEST/icd.d/$(basename "$j")"
  done
  echo "$MANIFEST" > "$DEST/.manifest"
else
  log "sysroot up to date ($MANIFEST), skipping extract/patch"
fi

# ---------------------------------------------------------------- 5. env.sh for rendering
LVP_JSON=$(ls "$DEST"/icd.d/lvp_icd*.json 2>/dev/null | head -1 || true)
cat > "$DEST/env.sh" <<EOF
# source me: rendering with Mesa from the godot sysroot ($DEST)
export GODOT_SYSROOT="$DEST"
export GODOT_BIN="$DEST/bin/godot"
export __GLX_VENDOR_LIBRARY_NAME=mesa
export __EGL_VENDOR_LIBRARY_FILENAMES="$ROOT/usr/share/glvnd/egl_vendor.d/50_mesa.json"
export LIBGL_DRIVERS_PATH="$LIB/dri"
export VK_DRIVER_FILES="$LVP_JSON"
export VK_ICD_FILENAMES="\$VK_DRIVER_FILES"
export XKB_CONFIG_ROOT="$ROOT/usr/share/X11/xkb"
export XLOCALEDIR="$ROOT/usr/share/X11/locale"
export LIBGL_ALWAYS_SOFTWARE=1
EOF

# with-xvfb: run a command inside a private Xvfb (sysroot build) with GL/Vulkan env
rm -f "$DEST/bin/with-xvfb"
[ -x "$DEST/bin/Xvfb" ] && cat > "$DEST/bin/with-xvfb" <<'EOF2'
#!/usr/bin/env bash
# with-xvfb CMD [ARGS...] - start a private Xvfb on a free display (-displayfd), export
# DISPLAY plus the Mesa env of ../env.sh, run CMD, stop Xvfb. XVFB_SCREEN=1280x720x24.
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck disable=SC1091
. "$HERE/env.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/with-xvfb.XXXXXX")
PATH="$HERE/bin:$PATH" "$HERE/bin/Xvfb" -displayfd 3 -screen 0 "${XVFB_SCREEN:-1280x720x24}" \
  -nolisten tcp -xkbdir "$XKB_CONFIG_ROOT" 3>"$tmp/display" >"$tmp/xvfb.log" 2>&1 &
xpid=$!
trap 'kill "$xpid" 2>/dev/null; wait "$xpid" 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 200); do
  [ -s "$tmp/display" ] && break
  kill -0 "$xpid" 2>/dev/null || { cat "$tmp/xvfb.log" >&2; echo "with-xvfb: Xvfb died" >&2; exit 1; }
  sleep 0.05
done
[ -s "$tmp/display" ] || { echo "with-xvfb: Xvfb not ready" >&2; exit 1; }
export DISPLAY=":$(head -1 "$tmp/display")"
"$@"
EOF2
[ -f "$DEST/bin/with-xvfb" ] && chmod 755 "$DEST/bin/with-xvfb"

# ---------------------------------------------------------------- 6. self-check
outside=$("$LIB/$LDSO" --list "$DEST/bin/godot" 2>&1 | awk '/=>/ {print $3}' |
          grep -v "^$ROOT/" || true)
missing=$("$LIB/$LDSO" --list "$DEST/bin/godot" 2>&1 | grep 'not found' || true)
[ -z "$missing" ] || die "unresolved libraries: $missing"
[ -z "$outside" ] || log "WARNING: libraries resolved outside the sysroot: $outside"
VER=$("$DEST/bin/godot" --headless --version 2>/dev/null | tail -1)
[ -n "$VER" ] || die "godot --version failed"
if [ -x "$DEST/bin/with-xvfb" ]; then
  # smoke test: a windowed godot on the private Xvfb must get an llvmpipe GL context
  # (needs a main scene: a windowed godot without one hangs on exit until X goes away)
  t="$DEST/smoke"; rm -rf "$t"; mkdir -p "$t/p"
  printf 'config_version=5\n[application]\nrun/main_scene="res://m.tscn"\n' > "$t/p/project.godot"
  printf '[gd_scene format=3]\n\n[node name="M" type="Node"]\n' > "$t/p/m.tscn"
  gl=$(XDG_CONFIG_HOME="$t/c" XDG_DATA_HOME="$t/d" XDG_CACHE_HOME="$t/k" timeout 120 \
       "$DEST/bin/with-xvfb" "$DEST/bin/godot" --path "$t/p" --audio-driver Dummy \
       --rendering-driver opengl3 --quit 2>&1 | grep -m1 '^OpenGL API' || true)
  rm -rf "$t"
  [ -n "$gl" ] || die "GL smoke test failed (run with-xvfb godot --rendering-driver opengl3 by hand)"
  log "GL: $gl"
fi
log "OK: $DEST/bin/godot = $VER  ($(( $(date +%s) - T0 ))s)"
echo "$DEST/bin/godot"
