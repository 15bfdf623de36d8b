#!/usr/bin/env bash
# Makes the stripper fuzzer's seeds in FOLDER (once): small files carrying every kind of personal
# metadata, written by the outside tools the tests use (ImageMagick, exiftool, webpmux, heif-enc,
# ffmpeg); a tool that is missing leaves its seeds out. Each file is under 64 KiB (-max_len).
set -euo pipefail
folder=$1
mkdir -p "$folder"
[ -e "$folder/done" ] && exit 0
have() { command -v "$1" >/dev/null 2>&1; }
tags=(-q -overwrite_original -n -Orientation=6 -GPSLatitude=48.85 -GPSLatitudeRef=N -GPSLongitude=2.35
    -GPSLongitudeRef=E -XMP-exif:GPSLatitude=48.85 -XMP-dc:Creator=Jane -IPTC:City=Paris -SerialNumber=S1
    -LensSerialNumber=L2 -OwnerName=Jane -Artist=Jane -Copyright=C)
if have convert && have exiftool; then
    convert -size 48x32 gradient:red-blue "$folder/seed.jpg"
    convert -size 16x12 gradient:green-yellow "$folder/thumb.jpg"
    exiftool "${tags[@]}" "-ThumbnailImage<=$folder/thumb.jpg" "$folder/seed.jpg"
    convert "$folder/seed.jpg" "$folder/seed.png"
    exiftool "${tags[@]}" "$folder/seed.png"
    rm -f "$folder/thumb.jpg"
    if have cwebp && have webpmux; then
        convert -size 48x32 gradient:red-blue "$folder/plain.png"
        cwebp -quiet "$folder/plain.png" -o "$folder/plain.webp"
        exiftool -b -EXIF "$folder/seed.jpg" >"$folder/exif.bin"
        exiftool -b -XMP "$folder/seed.jpg" >"$folder/xmp.xml"
        webpmux -set exif "$folder/exif.bin" "$folder/plain.webp" -o "$folder/exif.webp"
        webpmux -set xmp "$folder/xmp.xml" "$folder/exif.webp" -o "$folder/seed.webp"
        rm -f "$folder/plain.png" "$folder/plain.webp" "$folder/exif.webp" "$folder/exif.bin" "$folder/xmp.xml"
    fi
    if have heif-enc; then
        convert -size 32x32 gradient:red-blue "$folder/plain.png"
        heif-enc -q 30 "$folder/plain.png" -o "$folder/seed.heic" >/dev/null
        exiftool "${tags[@]}" "$folder/seed.heic"
        # From the JPEG (an AVIF from the grey PNG trips an assertion in libaom).
        heif-enc -A -q 30 "$folder/seed.jpg" -o "$folder/seed.avif" >/dev/null
        rm -f "$folder/plain.png"
    fi
fi
if have ffmpeg && have exiftool; then
    for extension in mp4 mov; do
        ffmpeg -v error -nostdin -f lavfi -i testsrc=size=32x18:rate=5:duration=0.4 -c:v mpeg4 \
            -metadata location=+48.85+002.35/ -y "$folder/seed.$extension"
        exiftool -q -overwrite_original "-Keys:GPSCoordinates=48.85 2.35" "-UserData:GPSCoordinates=48.85 2.35" \
            "-UserData:LocationInformation=Home Lat=48.85 Lon=2.35" -XMP-dc:Creator=Jane "$folder/seed.$extension"
    done
fi
touch "$folder/done"
