#!/usr/bin/python3
"""The screen greys an HDR picture's neutral codes should be drawn as, from the standards'
own formulas, written here apart from the app's HDRToneMapping (issue 51): a second
implementation, in another language, from the documents.

  ITU-R BT.2100 (SMPTE ST 2084): PQ's EOTF and its inverse;
  ITU-R BT.2100: HLG's inverse OETF and the OOTF of a 1,000 cd/m² display (gamma 1.2, applied
      to the scene luminance Ys with BT.2020's weights, as the Recommendation writes it);
  ITU-R BT.2390-8, 5.4.1: the EETF from a 1,000 cd/m² master to a 203 cd/m² display white
      (ITU-R BT.2408's reference white), black at 0, so E3 = E2;
  IEC 61966-2-1: the sRGB encoding of the light relative to that white.

Usage: hdr_reference.py pq|hlg|light-pq|light-hlg CODE... (8-bit codes of a neutral grey)
Prints, one per line, the sRGB-encoded screen value (0-255, unrounded) of each code; the
light-* forms print the display light in cd/m² before the EETF instead.
"""
import math
import sys

M1 = 2610 / 16384
M2 = 2523 / 4096 * 128
C1 = 3424 / 4096
C2 = 2413 / 4096 * 32
C3 = 2392 / 4096 * 32


def pq_eotf(e):
    """E' (0..1) to cd/m²."""
    ep = max(0.0, min(1.0, e)) ** (1 / M2)
    return 10000 * (max(ep - C1, 0) / (C2 - C3 * ep)) ** (1 / M1)


def pq_inverse_eotf(fd):
    """cd/m² to E'."""
    y = max(0.0, min(1.0, fd / 10000))
    return ((C1 + C2 * y ** M1) / (1 + C3 * y ** M1)) ** M2


def hlg_display_light(e):
    """E' (0..1) of a neutral grey to cd/m² on a 1,000 cd/m² display."""
    a = 0.17883277
    b = 1 - 4 * a
    c = 0.5 - a * math.log(4 * a)
    e = max(0.0, min(1.0, e))
    scene = e * e / 3 if e <= 0.5 else (math.exp((e - c) / a) + b) / 12
    r = g = bl = scene
    ys = 0.2627 * r + 0.6780 * g + 0.0593 * bl
    gamma, alpha = 1.2, 1000.0
    return alpha * ys ** (gamma - 1) * r if ys > 0 else 0.0


def eetf(light, source_white=1000.0, source_black=0.0, target_max=203.0, target_min=0.0):
    """BT.2390's EETF, in PQ's perceptual scale, cd/m² in and out."""
    lw, lb = pq_inverse_eotf(source_white), pq_inverse_eotf(source_black)
    e1 = (pq_inverse_eotf(light) - lb) / (lw - lb)
    e1 = min(e1, 1.0)
    min_lum = (pq_inverse_eotf(target_min) - lb) / (lw - lb)
    max_lum = (pq_inverse_eotf(target_max) - lb) / (lw - lb)
    ks = 1.5 * max_lum - 0.5
    if e1 < ks:
        e2 = e1
    else:
        t = (e1 - ks) / (1 - ks)
        e2 = ((2 * t ** 3 - 3 * t ** 2 + 1) * ks + (t ** 3 - 2 * t ** 2 + t) * (1 - ks)
              + (-2 * t ** 3 + 3 * t ** 2) * max_lum)
    e3 = e2 + min_lum * (1 - e2) ** 4
    e4 = e3 * (lw - lb) + lb
    return pq_eotf(e4)


def srgb_encoded(linear):
    linear = max(0.0, min(1.0, linear))
    return 12.92 * linear if linear <= 0.0031308 else 1.055 * linear ** (1 / 2.4) - 0.055


def main():
    mode, codes = sys.argv[1], [int(code) for code in sys.argv[2:]]
    light = pq_eotf if mode.endswith("pq") else hlg_display_light
    for code in codes:
        shown = light(code / 255)
        if not mode.startswith("light-"):
            shown = 255 * srgb_encoded(min(eetf(shown), 203.0) / 203.0)
        print(f"{shown:.6f}")


if __name__ == "__main__":
    main()
