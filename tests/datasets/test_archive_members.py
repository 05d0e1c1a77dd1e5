"""A release archive whose member is missing, or is a link, a folder or a device, is one
DataError naming the archive and the member, for .tar.gz as for .zip; nothing is left in
the cache."""

from __future__ import annotations

import hashlib
import io
import tarfile
import zipfile
from pathlib import Path

import pytest

from simeval.datasets.files import RegisteredFile, fetch_file
from simeval.errors import DataError

CONTENT = b"1\t2\n"


def _file(member: str) -> RegisteredFile:
    return RegisteredFile(
        "set/data.txt", "unused", hashlib.sha256(CONTENT).hexdigest(), "test:set", member
    )


def _tar(path: Path, entries: list[tarfile.TarInfo]) -> Path:
    with tarfile.open(path, "w:gz") as tar:
        for info in entries:
            data = CONTENT if info.isfile() else None
            if data is not None:
                info.size = len(data)
            tar.addfile(info, io.BytesIO(data) if data is not None else None)
    return path


def _entry(name: str, kind: bytes = tarfile.REGTYPE, link: str = "") -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type = kind
    info.linkname = link
    return info


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SIMEVAL_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_a_regular_member_is_extracted(tmp_path: Path, home: Path) -> None:
    archive = _tar(tmp_path / "r.tar.gz", [_entry("rel/data.txt")])
    got = fetch_file(_file("rel/data.txt"), folder="x", url=archive.as_uri())
    assert got.read_bytes() == CONTENT


@pytest.mark.parametrize(
    ("entries", "needle"),
    [
        ([_entry("rel/other.txt")], "no file 'rel/data.txt' in the archive"),
        ([_entry("rel/other.txt"), _entry("rel/data.txt", tarfile.SYMTYPE, "other.txt")],
         "'rel/data.txt' in the archive is a symbolic link"),
        ([_entry("rel/other.txt"), _entry("rel/data.txt", tarfile.LNKTYPE, "rel/other.txt")],
         "'rel/data.txt' in the archive is a hard link"),
        ([_entry("rel/data.txt", tarfile.DIRTYPE)], "'rel/data.txt' in the archive is a folder"),
        ([_entry("rel/data.txt", tarfile.CHRTYPE)], "is not a regular file"),
        ([_entry("rel/data.txt", tarfile.SYMTYPE, "/etc/passwd")], "is a symbolic link"),
    ],
)  # fmt: skip
def test_a_bad_tar_member_is_one_error(tmp_path: Path, home: Path, entries, needle) -> None:
    archive = _tar(tmp_path / "r.tar.gz", entries)
    with pytest.raises(DataError, match=needle) as err:
        fetch_file(_file("rel/data.txt"), folder="x", url=archive.as_uri())
    assert archive.as_uri() in str(err.value)  # the archive named, not a temporary file
    assert not home.exists() or not any(p.is_file() for p in home.rglob("*"))


def test_a_missing_zip_member_is_one_error(tmp_path: Path, home: Path) -> None:
    archive = tmp_path / "r.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("rel/other.txt", CONTENT)
    with pytest.raises(DataError, match=r"no file .rel/data\.txt. in the archive"):
        fetch_file(_file("rel/data.txt"), folder="x", url=archive.as_uri())
