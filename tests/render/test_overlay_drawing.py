"""The shared drawing vocabulary (render/overlay.py): geometry of arrows, supports and
failure marks, and what they paint."""
import math

from PIL import Image, ImageDraw

from render.overlay import (DARK, LegendEntry, arrow_sample, bend, draw_arrow, draw_crossed_out, draw_failure,
                            draw_legend, draw_support, failure_box, failure_point, head_length, path_length,
                            point_along, support_target, swatch, trim)
from render.fonts import font
from render.palettes import FAILED

RED = (200, 40, 40)


def test_points_along_and_trimmed_paths():
    path = [(0, 0), (100, 0), (100, 50)]
    assert path_length(path) == 150
    assert point_along(path, 120) == (100, 20) and point_along(path, -10) == (100, 40)
    cut = trim(path, 10, 20)
    assert cut[0] == (10, 0) and cut[-1] == (100, 30) and (100, 0) in cut


def test_a_bent_arrow_bows_to_the_left_of_travel():
    curve = bend((0, 0), (100, 0), 0.2)
    assert curve[0] == (0, 0) and curve[-1] == (100, 0)
    assert min(y for _, y in curve) < -5          # screen y grows down: left of eastward travel is up


def test_a_support_aims_at_the_destination_side_of_the_arrow_and_a_failure_at_its_head():
    """"supports aimed at the supported move's destination side of the arrow, never at a
    midpoint"; "failed orders marked at the order's own head"."""
    for scale in (1.0, 2.0):
        path = [(0, 0), (200 * scale, 0)]
        aim = support_target(path, scale)
        assert aim[0] > 150 * scale and 200 * scale - aim[0] >= head_length(scale)
        mark = failure_point(path, scale)
        assert 200 * scale - mark[0] >= head_length(scale)                 # behind the head, not on the tip
        assert 200 * scale - mark[0] <= head_length(scale) + 10 * scale
    short = [(0, 0), (30, 0)]
    assert 0 < support_target(short)[0] < 30 and 0 < failure_point(short)[0] < 30


def test_an_arrow_is_the_powers_colour_on_a_dark_rim_and_returns_its_path():
    image = Image.new("RGB", (220, 60), (250, 250, 250))
    pen = ImageDraw.Draw(image)
    path = draw_arrow(pen, [(10, 30), (200, 30)], RED)
    assert path[-1] == (200, 30)
    column = [image.getpixel((100, y)) for y in range(20, 41)]
    assert RED in column and DARK in column
    assert image.getpixel((196, 30)) in (RED, DARK)                     # the head reaches the tip


def test_supports_failures_and_crossed_out_units_paint_their_marks():
    image = Image.new("RGB", (200, 100), (250, 250, 250))
    pen = ImageDraw.Draw(image)
    draw_support(pen, (10, 10), (150, 80), RED)
    draw_support(pen, (10, 90), (150, 20), RED, hold=True)
    box = draw_failure(pen, (100, 50))
    assert box == failure_box((100, 50)) and image.getpixel((100, 50)) == FAILED
    pen.ellipse([160, 60, 180, 80], fill=(0, 0, 200))
    draw_crossed_out(pen, (160, 60, 180, 80))
    assert image.getpixel((170, 70)) == FAILED and (0, 0, 200) in set(image.crop((160, 60, 181, 81)).getdata())


def test_a_legend_wraps_to_its_width():
    image = Image.new("RGB", (300, 200), (255, 255, 255))
    pen = ImageDraw.Draw(image)
    entries = [LegendEntry(f"entry number {n}", swatch((n * 20, 100, 100))) for n in range(8)]
    left, top, right, bottom = draw_legend(pen, (5, 5), entries, font(12), 290)
    assert right <= 300 and bottom - top > 3 * 20
    one = draw_legend(pen, (5, 150), [LegendEntry("move", arrow_sample(RED))], font(12), 290)
    assert math.isclose(one[3] - one[1], max(12 * 1.6, 20) + 8, abs_tol=1)
