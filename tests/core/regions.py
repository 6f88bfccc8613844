"""A check the games' SVG boards share: what a narrow page shows region by region
(``zedlab.core.svg.region``) leaves nothing out."""

from __future__ import annotations

import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"


def check_regions(svg: str, widest: float = 620, wide_ok: tuple[str, ...] = ()) -> list[tuple[float, ...]]:
    """Assert that every word and every option of board ``svg`` is in a region (a child
    ``<g data-region="x y w h">`` of the root), and that each region lies within the board's
    width and is at most ``widest`` units wide unless its text holds one of ``wide_ok``;
    return the regions' boxes."""
    root = ET.fromstring(svg)
    width = float(root.get("viewBox", "0 0 1000 0").split()[2])
    regions = [el for el in root if el.get("data-region")]
    assert regions, "the board marks no regions"
    boxes = []
    for el in regions:
        x, y, w, h = map(float, el.get("data-region").split())
        said = "".join(el.itertext())
        assert 0 <= x and x + w <= width and h > 0, el.get("data-region")
        assert w <= widest or any(t in said for t in wide_ok), (el.get("data-region"), said[:80])
        boxes.append((x, y, w, h))
    inside = {id(e) for r in regions for e in r.iter()}
    for el in root.iter():
        if el.get("data-option") is not None or (el.tag == f"{NS}text" and (el.text or "").strip()):
            assert id(el) in inside, (el.get("data-option"), el.text)
    return boxes
