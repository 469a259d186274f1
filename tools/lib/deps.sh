# shellcheck shell=bash
# Sourced by the tools/ scripts. Makes sure the Debian packages and the Swift toolchain
# a task needs are present, installing what is missing when we are root.
#
#   ensure_deps build test     # any of: build, test, bench
#
# Nothing is installed or updated when everything is already there, so repeated runs stay fast
# and work offline.

DEPS_BUILD=(pkg-config libgtk-4-dev libcurl4-openssl-dev zlib1g-dev libpng-dev libjpeg-dev libgdk-pixbuf-2.0-dev webp-pixbuf-loader
    librsvg2-common gettext libglib2.0-dev-bin desktop-file-utils appstream meson ninja-build
    liblcms2-dev heif-gdk-pixbuf libavif-gdk-pixbuf libavif-dev # colour management, HEIC, AVIF (and its sequences)
    bubblewrap libseccomp-dev # the sandbox of the decoders
    libgexiv2-dev # EXIF and XMP for the properties panel, EXIF orientation
    libheif-dev libwebp-dev libtiff-dev # what a picture says about itself, read by its own library
    libjxl-dev # JPEG XL, which no gdk-pixbuf loader on Debian 12 reads
    libraw-dev) # camera RAW files (DNG, CR2, NEF, ARW…)
DEPS_TEST=(xvfb xauth openbox dbus dbus-x11 at-spi2-core python3-pyatspi python3-gi python3-pil
    python3-pytest python3-pytest-timeout imagemagick xdotool x11-utils xclip
    libgtk-4-bin chromium python3-websocket # real touch events (broadway + DevTools)
    libheif-examples libavif-bin libjpeg-turbo-progs liblcms2-utils libgs-common webp # reference encoders, lcms and ICC profiles for pixel fixtures
    libjxl-tools # cjxl and djxl: JPEG XL fixtures and their reference decodes
    libraw-bin # dcraw_emu: camera RAW files' reference development
    libimage-exiftool-perl # metadata fixtures
    poppler-utils # a printed page read back (pdftoppm)
    locales # a Russian locale built at test time (localedef), for numbers
    dosfstools fusefat # a FAT stick for saving without links (mkfs.vfat, mounted through FUSE)
    gdb) # the stacks of a unit-test run that hung (tools/lib/unit_tests.sh)
# eog: Eye of GNOME, the page turn's reference (Benchmarks/AppBench/page_turn_bench.py).
DEPS_BENCH=(libvips-tools libgdk-pixbuf2.0-bin hyperfine python3-matplotlib heif-thumbnailer eog)

# Where the Swift toolchain is unpacked when it is not on PATH (swift.org tarball layout).
SWIFT_FALLBACK_BIN=/opt/swift/usr/bin

deps_is_installed() {
    [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" == "install ok installed" ]]
}

# Prints the packages of the named groups that are not installed, one per line.
deps_missing() {
    local group package
    local -a packages
    for group in "$@"; do
        case "$group" in
            build) packages=("${DEPS_BUILD[@]}") ;;
            test) packages=("${DEPS_TEST[@]}") ;;
            bench) packages=("${DEPS_BENCH[@]}") ;;
            *) return 2 ;;
        esac
        for package in "${packages[@]}"; do
            deps_is_installed "$package" || echo "$package"
        done
    done
}

ensure_swift() {
    if ! command -v swift >/dev/null 2>&1 && [[ -x "$SWIFT_FALLBACK_BIN/swift" ]]; then
        export PATH="$SWIFT_FALLBACK_BIN:$PATH"
    fi
    if ! command -v swift >/dev/null 2>&1; then
        cat >&2 <<MSG
Link Gallery needs a Swift 6 toolchain, and none was found on PATH or in $SWIFT_FALLBACK_BIN.
Install the Debian 12 tarball from https://www.swift.org/install/linux/ :
  apt-get install binutils-gold gcc git libcurl4-openssl-dev libedit-dev libicu-dev \\
      libncurses-dev libpython3-dev libsqlite3-dev libstdc++-12-dev libxml2-dev pkg-config tzdata uuid-dev
  mkdir -p /opt/swift && tar -xzf swift-6.*-RELEASE-debian12.tar.gz -C /opt/swift --strip-components=1
so that $SWIFT_FALLBACK_BIN/swift exists (or put its usr/bin on PATH), then run this again.
MSG
        exit 1
    fi
    local major
    major=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9][0-9]*\)\..*/\1/p' | head -n 1)
    if [[ -n "$major" && "$major" -lt 6 ]]; then
        echo "Link Gallery needs a Swift 6 toolchain; $(command -v swift) is Swift $major." >&2
        exit 1
    fi
}

ensure_deps() {
    local group
    local -a missing
    for group in "$@"; do
        case "$group" in
            build | test | bench) ;;
            *) echo "ensure_deps: unknown group '$group' (build, test, bench)" >&2; exit 2 ;;
        esac
    done
    mapfile -t missing < <(deps_missing "$@" | sort -u)
    if ((${#missing[@]} > 0)); then
        if [[ $(id -u) -ne 0 ]]; then
            echo "Missing Debian packages. Install them with:" >&2
            echo "  sudo apt-get install ${missing[*]}" >&2
            exit 1
        fi
        echo "Installing missing packages: ${missing[*]}"
        # One update per process: the package lists only need refreshing once.
        if [[ -z "${DEPS_APT_UPDATED:-}" ]]; then
            apt-get update
            DEPS_APT_UPDATED=1
        fi
        DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
    fi
    ensure_swift
}
