#!/usr/bin/env bash
# dev.sh: set up a local development environment in .venv, then run the app, the tests
# or the linters. Safe to run again and again: it installs only what is missing or stale.
#
#   ./dev.sh app [ARGS...]    open the app (ARGS go to gamesearch-gui)
#   ./dev.sh test [ARGS...]   run the test suite offscreen (ARGS go to pytest)
#   ./dev.sh lint             ruff check, ruff format --check, mypy
#   ./dev.sh format           ruff format, then ruff check --fix
#   ./dev.sh setup            only set up (the test dependencies)
#
# On Debian and Ubuntu it installs the system packages it needs with apt-get (through
# sudo when not root): python3-venv, the libraries Qt's wheels load, a C compiler and
# Python's headers for the native recording writer, and (for test) headless Chromium.
# PYTHON=/path/to/python3.X picks the interpreter that creates .venv (3.11 or newer).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"
VENV=$PWD/.venv
PYTHON=${PYTHON:-python3}

# What Qt's wheels load for any window, offscreen included.
QT_RUNTIME_DEBS=(libegl1 libgl1 libxkbcommon0 libfontconfig1 libdbus-1-3 libglib2.0-0)
# What the xcb platform plugin loads to draw a real window under X11.
QT_XCB_DEBS=(
  libxcb-cursor0 libxkbcommon-x11-0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0
  libxcb-render-util0 libxcb-shape0 libxcb-randr0 libxcb-xfixes0 libxcb-xinerama0
  libx11-xcb1
)

# The headless browser the replay page's tests drive (tests/ui/test_replay_browser.py).
BROWSER_DEBS=(chromium chromium-driver)

# What building the native recording writer (setup.py) needs besides Python's headers.
BUILD_DEBS=(gcc libc6-dev)
# What, changed, makes the install stale: the project, and the native writer's source.
INSTALL_INPUTS=(pyproject.toml setup.py gamesearch_gui/core/_recwriter.c)

say() { printf 'dev.sh: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

usage() {
  sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "${BASH_SOURCE[0]}"
}

have_apt() { command -v apt-get >/dev/null && command -v dpkg-query >/dev/null; }

# Prints the Debian packages among "$@" that are not installed.
missing_debs() {
  local installed
  installed=$(dpkg-query -W -f='${Package} ${Status}\n' "$@" 2>/dev/null |
    awk '$2 == "install" && $4 == "installed" { print $1 }' || true)
  local p
  for p in "$@"; do
    grep -qxF "$p" <<<"$installed" || printf '%s\n' "$p"
  done
}

apt_install() {
  local -a root=()
  if ((EUID != 0)); then
    command -v sudo >/dev/null ||
      die "these Debian packages are missing: $*; as root, run: apt-get install $*"
    root=(sudo)
  fi
  say "installing Debian packages: $*"
  "${root[@]}" apt-get update
  "${root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@"
}

# Installs (on Debian and its relatives) whatever of the given packages is missing, plus
# Python's venv module when the interpreter lacks it.
ensure_system() {
  local -a need=()
  if ! command -v "$PYTHON" >/dev/null; then
    if have_apt && [[ $PYTHON == python3 ]]; then
      apt_install python3
    else
      die "no $PYTHON found: install Python 3.11 or newer"
    fi
  fi
  "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
    die "$PYTHON is Python $("$PYTHON" -c 'import platform; print(platform.python_version())'); 3.11 or newer is needed (set PYTHON=...)"
  local venv_ok=yes
  "$PYTHON" -c 'import ensurepip, venv' 2>/dev/null || venv_ok=no
  if ! have_apt; then
    [[ $venv_ok == yes ]] || venv_healthy || die "$PYTHON cannot create virtual environments (no ensurepip)"
    return 0
  fi
  if [[ $venv_ok == no ]] && ! venv_healthy; then
    # Debian ships ensurepip apart, in python3.X-venv.
    need+=("python$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')-venv")
  fi
  if (($#)); then
    mapfile -t -O "${#need[@]}" need < <(missing_debs "$@")
  fi
  if ((${#need[@]})); then
    apt_install "${need[@]}"
  fi
}

venv_healthy() {
  [[ -x $VENV/bin/python ]] &&
    "$VENV/bin/python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null
}

# Prints Debian's package of Python's headers when they are missing and $PYTHON is
# Debian's own (another interpreter, pyenv's say, brings its headers with it).
python_dev_deb() {
  "$PYTHON" -c '
import os, sys, sysconfig
headers = os.path.join(sysconfig.get_paths()["include"], "Python.h")
if sys.base_prefix == "/usr" and not os.path.exists(headers):
    print("python%d.%d-dev" % sys.version_info[:2])'
}

# Creates .venv when it is missing or broken.
ensure_venv() {
  venv_healthy && return 0
  if [[ -e $VENV ]]; then
    say "recreating $VENV: its Python is missing or older than 3.11"
    "$PYTHON" -m venv --clear "$VENV"
  else
    say "creating $VENV"
    "$PYTHON" -m venv "$VENV"
  fi
}

# pip install -e ".[EXTRA]" unless it was done already for these very INSTALL_INPUTS
# (pip builds the native writer in place, so a change to its C source rebuilds it).
ensure_installed() {
  local extra=$1 stamp=$VENV/.dev-sh-$1.stamp want
  want=$("$VENV/bin/python" -c '
import hashlib, sys
digest = hashlib.sha256()
for name in sys.argv[1:]:
    digest.update(open(name, "rb").read())
print(sys.executable, sys.version_info[:3], digest.hexdigest())' "${INSTALL_INPUTS[@]}")
  if [[ -f $stamp && $(<"$stamp") == "$want" ]]; then
    return 0
  fi
  say "installing gamesearch-gui with its '$extra' extra into .venv"
  "$VENV/bin/python" -m pip install --disable-pip-version-check -e ".[$extra]"
  printf '%s\n' "$want" >"$stamp"
}

setup() {  # setup EXTRA DEBIAN_PACKAGE...
  local extra=$1
  shift
  local -a build=("${BUILD_DEBS[@]}")
  if command -v "$PYTHON" >/dev/null && have_apt; then
    mapfile -t -O "${#build[@]}" build < <(python_dev_deb)
  fi
  ensure_system "$@" "${build[@]}"
  ensure_venv
  ensure_installed "$extra"
}

command=${1:-help}
(($#)) && shift
case $command in
  app)
    if (($# == 0)) && [[ $(uname -s) == Linux && -z ${DISPLAY:-}${WAYLAND_DISPLAY:-}${QT_QPA_PLATFORM:-} ]]; then
      # Before setting up, and before Qt, which would print a misleading line about
      # libxcb-cursor0 and abort.
      die "there is no display to open the window on (DISPLAY and WAYLAND_DISPLAY are not set): run it in a desktop session, or set QT_QPA_PLATFORM=offscreen"
    fi
    setup test "${QT_RUNTIME_DEBS[@]}" "${QT_XCB_DEBS[@]}"
    exec "$VENV/bin/gamesearch-gui" "$@"
    ;;
  test)
    setup test "${QT_RUNTIME_DEBS[@]}" "${BROWSER_DEBS[@]}"
    # The test extra brings OpenSpiel: its tests must run, not skip (tests/openspiel/test_extra.py).
    GAMESEARCH_REQUIRE_OPENSPIEL=1 QT_QPA_PLATFORM=offscreen exec "$VENV/bin/python" -m pytest "$@"
    ;;
  lint)
    (($# == 0)) || die "lint takes no arguments"
    setup dev
    status=0
    say "ruff check"
    "$VENV/bin/ruff" check . || status=1
    say "ruff format --check"
    "$VENV/bin/ruff" format --check . || status=1
    say "mypy"
    "$VENV/bin/mypy" || status=1
    exit "$status"
    ;;
  format)
    (($# == 0)) || die "format takes no arguments"
    setup dev
    "$VENV/bin/ruff" format .
    "$VENV/bin/ruff" check --fix .
    ;;
  setup)
    (($# == 0)) || die "setup takes no arguments"
    setup test "${QT_RUNTIME_DEBS[@]}"
    ;;
  help | -h | --help)
    usage
    ;;
  *)
    say "unknown command: $command"
    usage >&2
    exit 2
    ;;
esac
