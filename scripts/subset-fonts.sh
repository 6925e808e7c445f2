#!/bin/sh
# Writes the self-hosted fonts in app/fonts, cut down to what Souqna's pages show, every OpenType
# layout feature they use kept (letters still join, digits can be tabular):
#
# - noto-sans-arabic-{400,700}.woff2: Noto Sans Arabic (SIL Open Font License 1.1, from
#   @fontsource/noto-sans-arabic) with the letters Syrian Arabic is written with — the Arabic
#   letters, harakat, Arabic-Indic and Persian digits, Arabic punctuation and separators, the
#   letters Syrians borrow for foreign sounds (پ چ ڤ گ ی) and the shaping forms. About 17 KB a
#   weight instead of 50.
# - inter-latin-variable.woff2: Inter (SIL Open Font License 1.1, from @fontsource-variable/inter),
#   every weight, Latin-1 and general punctuation, without its stylistic sets and alternates.
#   About 36 KB instead of 48; other scripts (Cyrillic, Greek, Vietnamese) use the system's font.
#
# Needs fontTools and Brotli for Python (Debian: apt-get install python3-fonttools python3-brotli).
# The unicode-range of the @font-face rules in app/app.css must list the same code points (less
# the invisible joiners and direction marks, which text in the other script may carry too).
set -eu
cd "$(dirname "$0")/.."
subset() {
  /usr/bin/python3 -m fontTools.subset "$1" --unicodes="$2" --layout-features="$3" \
    --flavor=woff2 --output-file="$4"
}

arabic="U+0600-061F,U+0621-0652,U+0660-066D,U+0670-0671,U+067E,U+0686,U+06A4,U+06AF,U+06CC,U+06F0-06F9,U+200C-200F,U+FDF2,U+FDFA,U+FE70-FE74,U+FE76-FEFC"
for weight in 400 700; do
  subset "node_modules/@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-$weight-normal.woff2" \
    "$arabic" '*' "app/fonts/noto-sans-arabic-$weight.woff2"
done

latin="U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+2000-206F,U+20AC,U+2122,U+2190-2193,U+2212,U+2215,U+2248"
subset node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2 \
  "$latin" "kern,liga,calt,tnum,case,ccmp,locl,mark,mkmk" app/fonts/inter-latin-variable.woff2

ls -l app/fonts
