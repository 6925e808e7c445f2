#!/bin/sh
# Writes app/fonts/noto-sans-arabic-{400,700}.woff2: Noto Sans Arabic (SIL Open Font License 1.1,
# from @fontsource/noto-sans-arabic) cut down to the letters Syrian Arabic is written with — the
# Arabic letters, harakat, Arabic-Indic and Persian digits, Arabic punctuation and separators, the
# letters Syrians borrow for foreign sounds (پ چ ڤ گ ی) and the shaping forms — with every
# OpenType feature kept, so letters still join. About 17 KB a weight instead of 50.
#
# Needs fontTools and Brotli for Python (Debian: apt-get install python3-fonttools python3-brotli).
# The unicode-range of the @font-face rules in app/app.css must list the same code points (less
# the invisible joiners and direction marks, which English text may carry too).
set -eu
cd "$(dirname "$0")/.."
from=node_modules/@fontsource/noto-sans-arabic/files
unicodes="U+0600-061F,U+0621-0652,U+0660-066D,U+0670-0671,U+067E,U+0686,U+06A4,U+06AF,U+06CC,U+06F0-06F9,U+200C-200F,U+FDF2,U+FDFA,U+FE70-FE74,U+FE76-FEFC"
for weight in 400 700; do
  /usr/bin/python3 -m fontTools.subset "$from/noto-sans-arabic-arabic-$weight-normal.woff2" \
    --unicodes="$unicodes" --layout-features='*' --flavor=woff2 \
    --output-file="app/fonts/noto-sans-arabic-$weight.woff2"
done
ls -l app/fonts
