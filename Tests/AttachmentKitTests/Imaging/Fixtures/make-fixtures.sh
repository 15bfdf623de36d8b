#!/usr/bin/env bash
# Regenerates the image fixtures of the Imaging tests and manifest.tsv, their expected values.
#
# Every picture shows four coloured quadrants (red top-left, green top-right, blue bottom-left,
# yellow bottom-right), so that an orientation can be checked by where the corners end up.
# Needs ImageMagick 6 (/usr/bin/convert and identify, not /usr/local/bin/convert), cjpeg, cwebp,
# img2webp, heif-enc, exiftool and python3 (see .ci/install-tools). Run from anywhere:
#   Tests/AttachmentKitTests/Imaging/Fixtures/make-fixtures.sh
set -euo pipefail
cd "$(dirname "$0")"
convert=/usr/bin/convert
identify=/usr/bin/identify
tools() { python3 fixture-tools.py "$@"; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Hostile/ holds files the inspector must refuse (not in the manifest); ../../../../Fuzz/corpus
# holds small versions of the long layouts below (the fuzzer's inputs are at most 64 KiB).
hostile=Hostile
seeds=../../../../Fuzz/corpus
rm -f ./*.jpg ./*.png ./*.gif ./*.webp ./*.heic ./*.avif ./*.bmp ./*.tif manifest.tsv "$hostile"/* "$seeds"/*
mkdir -p "$hostile" "$seeds"

# quadrants WIDTH HEIGHT OUT: the four-colour picture, 8 bits per channel, no metadata.
quadrants() {
    local width=$1 height=$2 half_width=$(($1 / 2)) half_height=$(($2 / 2))
    $convert -size "${width}x${height}" xc:yellow \
        -fill red -draw "rectangle 0,0 $((half_width - 1)),$((half_height - 1))" \
        -fill lime -draw "rectangle $half_width,0 $((width - 1)),$((half_height - 1))" \
        -fill blue -draw "rectangle 0,$half_height $((half_width - 1)),$((height - 1))" \
        -depth 8 -strip -define png:exclude-chunk=date,time "$3"
}
orient() { exiftool -q -overwrite_original "$@"; }
# exif_order N: the Exif byte order for orientation N, so both orders are covered: II for even N.
exif_order() { [ $(($1 % 2)) = 0 ] && echo II || echo MM; }

# JPEG: baseline, progressive, every orientation, little-endian Exif on a JPEG, and an
# Exif thumbnail large enough to put the frame header beyond the first 8 KiB read.
quadrants 48 32 "$work/q.ppm"
$convert "$work/q.ppm" -quality 85 jpeg-baseline.jpg
quadrants 50 30 "$work/p.ppm"
cjpeg -progressive -quality 85 -outfile jpeg-progressive.jpg "$work/p.ppm"
quadrants 36 20 "$work/o.ppm"
for n in 1 2 3 4 5 6 7 8; do
    $convert "$work/o.ppm" -quality 85 "jpeg-orientation-$n.jpg"
    orient -ExifByteOrder="$(exif_order $n)" -Orientation#=$n "jpeg-orientation-$n.jpg"
done
$convert "$work/q.ppm" -quality 85 jpeg-exif-little-endian.jpg
orient -ExifByteOrder=II -Orientation#=6 jpeg-exif-little-endian.jpg
$convert -size 150x110 xc: +noise Random -quality 100 "$work/thumbnail.jpg"
quadrants 64 48 "$work/l.ppm"
$convert "$work/l.ppm" -quality 85 jpeg-large-exif.jpg
orient "-ThumbnailImage<=$work/thumbnail.jpg" -Orientation#=8 jpeg-large-exif.jpg

# JPEG layouts that real files have and decoders read: Exif after the frame header (orientation
# 8), two Exif segments (the first, at byte 2, says 6; a later one says 1: the first wins), and
# 160 extended-XMP segments of 64 KB between the Exif segment (orientation 6) and the frame header.
quadrants 40 24 "$work/x.ppm"
for n in 1 6 8; do
    $convert "$work/x.ppm" -quality 85 "$work/x$n.jpg"
    orient -Orientation#=$n "$work/x$n.jpg"
done
tools jpeg-exif-after-sof "$work/x8.jpg" jpeg-exif-after-sof.jpg
tools jpeg-duplicate-exif "$work/x6.jpg" "$work/x1.jpg" jpeg-duplicate-exif.jpg
tools jpeg-extended-xmp "$work/x6.jpg" jpeg-extended-xmp.jpg 160 65400
tools jpeg-extended-xmp "$work/x6.jpg" "$seeds/jpeg-extended-xmp-20.jpg" 20 2000

# PNG: plain, interlaced (Adam7), every orientation (eXIf), animated (APNG).
quadrants 30 20 png-plain.png
quadrants 31 21 "$work/i.png"
$convert "$work/i.png" -interlace PNG -define png:exclude-chunk=date,time png-interlaced.png
for n in 1 2 3 4 5 6 7 8; do
    quadrants 26 18 "png-orientation-$n.png"
    orient -ExifByteOrder="$(exif_order $n)" -Orientation#=$n "png-orientation-$n.png"
done
quadrants 22 14 "PNG24:$work/frame1.png"
$convert "$work/frame1.png" -negate -define png:exclude-chunk=date,time "PNG24:$work/frame2.png"
tools apng png-animated.png "$work/frame1.png" "$work/frame2.png"

# GIF: still, interlaced, animated.
quadrants 25 15 "$work/g.png"
$convert "$work/g.png" gif-still.gif
quadrants 27 17 "$work/gi.png"
$convert "$work/gi.png" -interlace GIF gif-interlaced.gif
$convert -delay 10 -loop 0 "$work/frame1.png" "$work/frame2.png" gif-animated.gif

# WebP: lossy (VP8), lossless (VP8L), alpha (VP8X), animated (ANIM), every orientation (EXIF).
quadrants 34 22 "$work/w.png"
cwebp -quiet -q 80 "$work/w.png" -o webp-lossy.webp
quadrants 35 23 "$work/wl.png"
cwebp -quiet -lossless "$work/wl.png" -o webp-lossless.webp
quadrants 36 24 "$work/wa.png"
$convert "$work/wa.png" -alpha set -channel A -evaluate set 50% "$work/alpha.png"
cwebp -quiet -q 80 -exact "$work/alpha.png" -o webp-alpha.webp
img2webp -loop 0 -lossy "$work/frame1.png" -d 100 "$work/frame2.png" -o webp-animated.webp >/dev/null 2>&1
# An animated WebP of 150 frames of 28 KB (noise, so that each frame is that large), with the
# EXIF chunk exiftool appends after them; a small version for the fuzzer; and a hostile file:
# flags announcing EXIF, then 100,000 empty chunks and no EXIF.
$convert -seed 16 -size 192x192 xc: +noise Random -depth 8 "$work/noise.png"
cwebp -quiet -q 85 "$work/noise.png" -o "$work/noise.webp"
tools webp-animation "$work/noise.webp" webp-animated-exif.webp 150
orient -Orientation#=6 webp-animated-exif.webp
quadrants 12 8 "$work/small.png"
cwebp -quiet -q 80 "$work/small.png" -o "$work/small.webp"
tools webp-animation "$work/small.webp" "$seeds/webp-animated-exif-40.webp" 40
orient -Orientation#=6 "$seeds/webp-animated-exif-40.webp"
tools webp-tiny-chunks "$work/small.webp" "$hostile/webp-100000-empty-chunks.webp" 100000
tools webp-tiny-chunks "$work/small.webp" "$seeds/webp-4000-empty-chunks.webp" 4000
# Lengths, offsets and crop values that add up past 2^31 - 1 (.ci/embedded32 reads them with a
# 32-bit Int, as Apple Watch has).
tools hostile-32bit "$hostile"
quadrants 28 16 "$work/wo.png"
for n in 1 2 3 4 5 6 7 8; do
    cwebp -quiet -q 80 "$work/wo.png" -o "webp-orientation-$n.webp"
    orient -ExifByteOrder="$(exif_order $n)" -Orientation#=$n "webp-orientation-$n.webp"
done

# HEIF: HEIC (a grid of HEVC tiles), an odd size, AVIF, and irot/imir in several orders.
$convert "$work/q.ppm" -quality 95 "$work/q.jpg"
heif-enc -q 90 "$work/q.jpg" -o heic-plain.heic
quadrants 41 31 "$work/odd.ppm"
$convert "$work/odd.ppm" -quality 95 "$work/odd.jpg"
heif-enc -q 60 "$work/odd.jpg" -o heic-odd-size.heic
heif-enc -A -q 60 "$work/q.jpg" -o avif-plain.avif
for transform in irot1 irot2 irot3 imir0 imir1 irot1,imir0 imir0,irot1; do
    tools heif-transform heic-plain.heic "heic-${transform/,/-}.heic" "$transform"
done
tools heif-transform avif-plain.avif avif-irot3.avif irot3

# BMP: core header (BMP2), Windows 3 (BMP3), Windows 5 (BMP).
quadrants 27 17 "$work/b2.png"
$convert "$work/b2.png" BMP2:bmp-core.bmp
quadrants 29 19 "$work/b3.png"
$convert "$work/b3.png" BMP3:bmp-v3.bmp
quadrants 28 18 "$work/b5.png"
$convert "$work/b5.png" BMP:bmp-v5.bmp

# TIFF: both byte orders and every orientation (in both byte orders).
quadrants 33 21 "$work/t.png"
$convert "$work/t.png" -define tiff:endian=lsb -compress zip tiff-little-endian.tif
$convert "$work/t.png" -define tiff:endian=msb -compress zip tiff-big-endian.tif
quadrants 20 12 "$work/to.png"
for n in 1 2 3 4 5 6 7 8; do
    endian=$([ "$(exif_order $n)" = II ] && echo lsb || echo msb)
    $convert "$work/to.png" -define tiff:endian=$endian -compress zip "tiff-orientation-$n.tif"
    orient -Orientation#=$n "tiff-orientation-$n.tif"
done

# The manifest: what ImageMagick's identify (and exiftool, libheif) say about every fixture.
{
    printf '# file\tformat\twidth\theight\tinterlace\tframes\torientation\n'
    printf '# width, height, interlace: identify (%%w %%h %%[interlace]); HEIF sizes are after irot/imir,\n'
    printf '# as libheif decodes them. frames: identify %%n, or exiftool AnimationFrames for APNG, which\n'
    printf '# ImageMagick 6 reads as a still PNG. orientation: EXIF 1-8 from exiftool; for HEIF, the\n'
    printf '# orientation libheif displays the quadrants with (fixture-tools.py corner-orientation).\n'
    for file in *.jpg *.png *.gif *.webp *.heic *.avif *.bmp *.tif; do
        fields=$($identify -format '%m %w %h %[interlace]' "$file[0]" | tr ' ' '\t')
        frames=$($identify -format '%n\n' "$file" | head -n 1)
        case $file in
        *.png) frames=$(exiftool -s3 -AnimationFrames "$file" | grep . || echo "$frames") ;;
        esac
        case $file in
        *.heic | *.avif) orientation=$(tools corner-orientation "$file") ;;
        *) orientation=$(exiftool -s3 -n -Orientation "$file" | grep . || echo 1) ;;
        esac
        printf '%s\t%s\t%s\t%s\n' "$file" "$fields" "$frames" "$orientation"
    done
} >manifest.tsv
echo "fixtures: $(cat ./*.jpg ./*.png ./*.gif ./*.webp ./*.heic ./*.avif ./*.bmp ./*.tif | wc -c) bytes"
