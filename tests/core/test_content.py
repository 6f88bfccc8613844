"""Content loading: validated TOML whose errors name the file, the entry and the field."""

import pytest
from pydantic import Field

from zedlab.core import ContentEntry, ContentError, ContentFile, load_toml


class Weapon(ContentEntry):
    dice: int = Field(ge=1, le=6)


class Weapons(ContentFile):
    weapon: list[Weapon]


GOOD = """
[[weapon]]
id = "knife"
name = "Knife"
dice = 2
source = "designed"
note = "stand-in value"
"""


def write(tmp_path, text):
    path = tmp_path / "weapons.toml"
    path.write_text(text)
    return path


def test_good_file_loads(tmp_path):
    weapons = load_toml(write(tmp_path, GOOD), Weapons)
    assert weapons.weapon[0].dice == 2 and weapons.weapon[0].count == 1


def test_bad_field_names_file_entry_and_field(tmp_path):
    path = write(tmp_path, GOOD.replace("dice = 2", "dice = 9"))
    with pytest.raises(ContentError) as info:
        load_toml(path, Weapons)
    message = str(info.value)
    assert str(path) in message and "'knife'" in message and "'dice'" in message


def test_unknown_source_is_refused(tmp_path):
    with pytest.raises(ContentError, match="source"):
        load_toml(write(tmp_path, GOOD.replace('"designed"', '"guessed"')), Weapons)


def test_missing_field_and_extra_field(tmp_path):
    with pytest.raises(ContentError, match="'dice'"):
        load_toml(write(tmp_path, GOOD.replace("dice = 2\n", "")), Weapons)
    with pytest.raises(ContentError, match="'colour'"):
        load_toml(write(tmp_path, GOOD + 'colour = "red"\n'), Weapons)


def test_duplicate_ids(tmp_path):
    with pytest.raises(ContentError, match="appears twice"):
        load_toml(write(tmp_path, GOOD + GOOD), Weapons)


def test_bad_toml_and_missing_file(tmp_path):
    with pytest.raises(ContentError, match="not valid TOML"):
        load_toml(write(tmp_path, "[[weapon]\n"), Weapons)
    with pytest.raises(ContentError, match="cannot read"):
        load_toml(tmp_path / "none.toml", Weapons)


def test_a_file_that_is_not_utf8_is_named(tmp_path):
    path = tmp_path / "weapons.toml"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ContentError, match="not UTF-8") as info:
        load_toml(path, Weapons)
    assert str(path) in str(info.value)


def test_a_content_folder_that_is_a_file_or_missing_is_named(tmp_path):
    from zedlab.core.content import content_path

    afile = tmp_path / "passwd"
    afile.write_text("root:x:0:0")
    with pytest.raises(ContentError, match="passwd: not a folder"):
        content_path("zedlab.games.dont_look_back", "cards.toml", afile)
    with pytest.raises(ContentError, match="nowhere: no such folder"):
        content_path("zedlab.games.dont_look_back", "cards.toml", tmp_path / "nowhere")
    with pytest.raises(ContentError, match="cards.toml: no such content file"):
        content_path("zedlab.games.dont_look_back", "cards.toml", tmp_path)
