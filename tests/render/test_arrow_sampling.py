"""Arrows keep clear of badges and printed names, and a name an arrow runs across is set again
over it (render/aa1914_routes.py, render/aa1914_names.py): the shortcuts taken for speed find
exactly what the plain sampling finds."""
import numpy as np
from hypothesis import given, settings, strategies as st

from render.aa1914_geometry import THEATRE
from render.aa1914_layout import Layout
from render.aa1914_names import crossed_names
from render.aa1914_routes import crossings, farthest_clear, samples

coordinate = st.floats(min_value=0, max_value=1400, allow_nan=False) | st.integers(0, 1400)
point = st.tuples(coordinate, coordinate)
box = st.tuples(coordinate, coordinate, st.floats(1, 120), st.floats(1, 60)).map(
    lambda b: (b[0], b[1], b[0] + b[2], b[1] + b[3]))


def _plain_samples(points, step=3.0):
    """Points every `step` px along the path, worked out the general way (any number of points)."""
    at = np.asarray(points, dtype=float)
    along = np.concatenate([[0.0], np.cumsum(np.hypot(*np.diff(at, axis=0).T))])
    steps = np.linspace(0.0, along[-1], max(2, int(along[-1] / step) + 2))
    return np.column_stack([np.interp(steps, along, at[:, 0]), np.interp(steps, along, at[:, 1])])


def _plain_crossings(points, boxes, margin=2.0):
    at, near = _plain_samples(points), np.asarray(boxes, dtype=float).reshape(-1, 4)
    inside = ((at[:, None, 0] >= near[None, :, 0] - margin) & (at[:, None, 0] <= near[None, :, 2] + margin)
              & (at[:, None, 1] >= near[None, :, 1] - margin) & (at[:, None, 1] <= near[None, :, 3] + margin))
    return int(inside.any(axis=0).sum())


@settings(max_examples=150, deadline=None)
@given(point, point)
def test_a_straight_line_is_sampled_at_the_same_points_as_any_path(start, end):
    assert np.array_equal(samples([start, end]), _plain_samples([start, end]))


@settings(max_examples=150, deadline=None)
@given(st.lists(point, min_size=2, max_size=5), st.lists(box, max_size=30), st.sampled_from([2.0, 3.0]))
def test_a_path_runs_through_the_boxes_its_samples_meet(path, boxes, margin):
    assert crossings(path, boxes, margin) == (_plain_crossings(path, boxes, margin) if boxes else 0)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(point, min_size=1, max_size=4), max_size=4), st.lists(box, max_size=30))
def test_the_names_set_over_arrows_are_those_an_arrow_runs_across(paths, boxes):
    names = {f"name {n}": b for n, b in enumerate(boxes)}
    layout = Layout(THEATRE, names, [], frozenset())
    expected = {name for name, b in names.items()
                if any(len(path) >= 2 and _plain_crossings(path, [b]) for path in paths)}
    assert crossed_names(layout, paths) == expected


@settings(max_examples=100, deadline=None)
@given(st.lists(point, min_size=2, max_size=40), st.lists(box, max_size=30), st.data())
def test_a_detour_is_straightened_to_the_farthest_point_a_clear_line_reaches(path, boxes, data):
    """Lines tried several at a time reach the same point as trying them one by one from the end."""
    index = data.draw(st.integers(0, len(path) - 2))
    far = len(path) - 1
    while boxes and far > index + 1 and _plain_crossings([path[index], path[far]], boxes, 3.0) > 0:
        far -= 1
    assert farthest_clear(path, index, np.asarray(boxes, dtype=float).reshape(-1, 4), 3.0) == far
