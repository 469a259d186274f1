# shellcheck shell=bash
# Sourced by the tools/ scripts. Prepares what the app needs when it runs from the source tree
# instead of being installed: a compiled GSettings schema (GSettings aborts without one) and the
# compiled translations.
#
# Sets and exports GSETTINGS_SCHEMA_DIR and LINK_GALLERY_LOCALEDIR; the app binds its gettext
# domain to LINK_GALLERY_LOCALEDIR when that variable is set.
# Expects REPO_ROOT to be the absolute path of the repository.

APP_ID=io.github.linkgallery.LinkGallery
GETTEXT_DOMAIN=link-gallery

# The schema default of `links-url` comes from the meson option, so both paths agree.
default_links_url() {
    sed -n "s/^option('links_url'.*value: *'\([^']*\)'.*/\1/p" "$REPO_ROOT/meson_options.txt"
}

compile_schemas() {
    local target="$REPO_ROOT/.build/schemas" url
    url=$(default_links_url)
    if [[ -z "$url" ]]; then
        echo "Could not read the links_url default from meson_options.txt" >&2
        return 1
    fi
    mkdir -p "$target"
    # Same substitution meson's configure_file does; '|' cannot occur unescaped in a URL option.
    sed "s|@LINKS_URL@|$url|g" "$REPO_ROOT/data/$APP_ID.gschema.xml.in" >"$target/$APP_ID.gschema.xml"
    glib-compile-schemas --strict --targetdir="$target" "$target"
    export GSETTINGS_SCHEMA_DIR="$target"
}

compile_translations() {
    local localedir="$REPO_ROOT/.build/locale" po lang
    for po in "$REPO_ROOT"/po/*.po; do
        [[ -e "$po" ]] || continue
        lang=$(basename "$po" .po)
        mkdir -p "$localedir/$lang/LC_MESSAGES"
        msgfmt --check -o "$localedir/$lang/LC_MESSAGES/$GETTEXT_DOMAIN.mo" "$po"
    done
    export LINK_GALLERY_LOCALEDIR="$localedir"
}

prepare_uninstalled() {
    compile_schemas && compile_translations
}
