#!/usr/bin/env python3
"""Writes hostile fragmented MP4 seeds for the ISO media fuzzer (.ci/fuzz iso-media).

Usage: iso-media-hostile-seeds.py FRAGMENTED.mp4 OUTPUT_DIR

From one fragmented file that ffmpeg made (moof/traf/tfhd/tfdt/trun fragments and an mfra index),
writes one damaged copy per way a fragment can lie: a trun claiming more samples than its bytes,
box sizes past the end of the file, an index pointing past the end or claiming more entries than
it holds, decode times that overflow 64 bits, a file cut inside its last fragment.
"""
import os
import struct
import sys


def boxes(data, start, end):
    """(type, offset, size) of the boxes from start to end, walking into the fragment boxes."""
    found = []
    offset = start
    while offset + 8 <= end:
        size, kind = struct.unpack(">I4s", data[offset:offset + 8])
        size = end - offset if size == 0 else size
        if size < 8:
            break
        kind = kind.decode("latin-1")
        found.append((kind, offset, size))
        if kind in ("moof", "traf", "mfra"):
            found += boxes(data, offset + 8, offset + size)
        offset += size
    return found


def patched(data, offset, fmt, value):
    copy = bytearray(data)
    struct.pack_into(fmt, copy, offset, value)
    return bytes(copy)


def main():
    source, folder = sys.argv[1], sys.argv[2]
    data = open(source, "rb").read()
    found = boxes(data, 0, len(data))
    first = {kind: offset for kind, offset, _ in reversed(found)}
    last = {kind: offset for kind, offset, _ in found}
    seeds = {
        # sample_count, after the full box header
        "trun-count-past-its-bytes": patched(data, last["trun"] + 12, ">I", 0x7FFFFFFF),
        # the first fragment's, which a file whose last fragments carry tfdt never reads
        "first-trun-count-past-its-bytes": patched(data, first["trun"] + 12, ">I", 0x7FFFFFFF),
        "moof-past-the-end": patched(data, last["moof"], ">I", len(data)),
        "mdat-past-the-end": patched(data, last["mdat"], ">I", 0xFFFFFFF0),
        "traf-past-its-moof": patched(data, last["traf"], ">I", 0x7FFFFFF0),
        "tfdt-overflow": patched(data, last["tfdt"] + 12, ">Q", 0xFFFFFFFFFFFFFF00),
        "cut-in-last-moof": data[:last["moof"] + 40],
    }
    if "tfra" in last:
        # version 1: time then moof_offset, 64-bit each, after the header, track, sizes and count
        seeds["tfra-offset-past-the-end"] = patched(data, last["tfra"] + 32, ">Q", 1 << 60)
        seeds["tfra-count-past-its-bytes"] = patched(data, last["tfra"] + 20, ">I", 0x40000000)
        seeds["mfro-size-past-the-start"] = patched(data, len(data) - 4, ">I", 0x7FFFFFFF)
    os.makedirs(folder, exist_ok=True)
    for name, seed in seeds.items():
        with open(os.path.join(folder, "hostile-" + name + ".mp4"), "wb") as out:
            out.write(seed)


if __name__ == "__main__":
    main()
