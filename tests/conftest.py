"""Shared fixtures. Real datasets come from ``$SIMEVAL_SHARED_DATA`` (default
``../shared/data`` beside the repository); tests that need them skip with the reason
when the folder is absent, so a clone elsewhere still passes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
DEFAULT_SHARED_DATA = REPO.parent / "shared" / "data"


def shared_data_dir() -> Path:
    return Path(os.environ.get("SIMEVAL_SHARED_DATA", DEFAULT_SHARED_DATA))


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The folder of real public datasets (``../shared/data``); skips when absent."""
    path = shared_data_dir()
    if not path.is_dir():
        pytest.skip(f"shared data not found at {path}; set SIMEVAL_SHARED_DATA to run this test")
    return path


@pytest.fixture(scope="session")
def shared_data_if_any() -> Path | None:
    """The folder of real public datasets, or None where it is absent (for tests that
    hold without it and check more with it)."""
    path = shared_data_dir()
    return path if path.is_dir() else None


@pytest.fixture(scope="session")
def table1_msrpc() -> dict[str, int]:
    """Shima & Mitamura (2011), Table 1, MSRPC column: sentence pairs per source verb."""
    return {
        "found": 89,
        "called": 59,
        "told": 125,
        "killed": 48,
        "accused": 30,
        "to take": 21,
        "reached": 22,
        "returned": 14,
        "turned": 22,
        "broke": 10,
    }
