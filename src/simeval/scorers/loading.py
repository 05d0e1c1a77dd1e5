"""Where a sentence-transformers model comes from and where it runs: a local folder, an
installed package or the local Hugging Face cache (never the network); the device; and
loading it without changing the settings of the rest of the process."""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from pathlib import Path

from ..errors import InputError

__all__ = ["DEVICES", "hub_cache", "hub_snapshot", "quiet_loading", "resolve_device"]

#: The devices a model can run on; ``auto`` picks CUDA, then Apple's MPS, then the CPU.
DEVICES = ("auto", "cpu", "cuda", "mps")

#: A Hugging Face model id: ``ORG/NAME`` with an optional ``@REVISION``.
_REPO_ID = re.compile(r"^[\w.-]+/[\w.-]+(@[\w./-]+)?$")


def hub_cache() -> Path:
    """The local Hugging Face hub cache, as ``huggingface_hub`` finds it: ``HF_HUB_CACHE``,
    else ``HUGGINGFACE_HUB_CACHE``, else ``HF_HOME/hub``, else
    ``XDG_CACHE_HOME/huggingface/hub``, else ``~/.cache/huggingface/hub``.

    Returns
    -------
    Path

    Examples
    --------
    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {"HF_HUB_CACHE": "/data/hub"}):
    ...     str(hub_cache())
    '/data/hub'
    >>> hub_cache().is_absolute()
    True
    """
    for variable in ("HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE"):
        if os.environ.get(variable):
            return Path(os.environ[variable]).expanduser()
    if os.environ.get("HF_HOME"):
        return Path(os.environ["HF_HOME"]).expanduser() / "hub"
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path("~/.cache").expanduser())
    return Path(xdg).expanduser() / "huggingface" / "hub"


def is_repo_id(name: str) -> bool:
    """Whether ``name`` reads as a Hugging Face model id (``ORG/NAME[@REVISION]``).

    >>> is_repo_id("sentence-transformers/all-MiniLM-L6-v2"), is_repo_id("./models/x")
    (True, False)
    """
    return bool(_REPO_ID.match(name)) and not name.startswith(".")


def hub_snapshot(name: str) -> tuple[Path, str] | None:
    """The folder and commit of model ``ORG/NAME[@REVISION]`` in the local hub cache
    (``REVISION`` a branch, a tag or a commit; default ``main``), or None when it is not
    there. Nothing is downloaded.

    The cache's layout is ``models--ORG--NAME/refs/REVISION`` (a file holding the
    commit) and ``models--ORG--NAME/snapshots/COMMIT/`` (the files).

    Parameters
    ----------
    name : str
        The model id, ``ORG/NAME`` or ``ORG/NAME@REVISION``.

    Returns
    -------
    (Path, str) or None
        The snapshot folder and its commit.

    Examples
    --------
    >>> import tempfile
    >>> from unittest import mock
    >>> hub = Path(tempfile.mkdtemp())
    >>> repo = hub / "models--org--tiny"
    >>> (repo / "refs").mkdir(parents=True)
    >>> _ = (repo / "refs" / "main").write_text("abc123")
    >>> (repo / "snapshots" / "abc123").mkdir(parents=True)
    >>> _ = (repo / "snapshots" / "abc123" / "modules.json").write_text("[]")
    >>> with mock.patch.dict(os.environ, {"HF_HUB_CACHE": str(hub)}):
    ...     folder, commit = hub_snapshot("org/tiny")
    ...     missing = hub_snapshot("org/tiny@v2")
    >>> folder.name, commit, missing
    ('abc123', 'abc123', None)
    """
    repo, _, revision = name.partition("@")
    root = hub_cache() / ("models--" + repo.replace("/", "--"))
    revision = revision or "main"
    ref = root / "refs" / revision
    try:
        commit = ref.read_text(encoding="utf-8").strip() if ref.is_file() else revision
    except OSError:
        return None
    folder = root / "snapshots" / commit
    if not (folder / "modules.json").is_file():
        return None
    return folder, commit


def resolve_device(device: str) -> str:
    """The device to run on: ``device`` itself, or for ``auto`` CUDA when torch sees a
    GPU, else Apple's MPS when available, else the CPU. An unknown device, or one torch
    does not see, is an :class:`~simeval.errors.InputError`.

    Parameters
    ----------
    device : {"auto", "cpu", "cuda", "mps"}
        The device asked for.

    Returns
    -------
    str
        ``"cpu"``, ``"cuda"`` or ``"mps"``.

    Raises
    ------
    InputError
        An unknown device, or one torch does not see.

    Examples
    --------
    >>> resolve_device("cpu")
    'cpu'
    >>> resolve_device("tpu")
    Traceback (most recent call last):
    simeval.errors.InputError: device must be one of auto, cpu, cuda, mps; got 'tpu'
    """
    if device not in DEVICES:
        raise InputError(f"device must be one of {', '.join(DEVICES)}; got {device!r}")
    if device == "cpu":
        return device
    import torch

    cuda = torch.cuda.is_available()
    mps = bool(getattr(torch.backends, "mps", None)) and torch.backends.mps.is_available()
    if device == "auto":
        return "cuda" if cuda else "mps" if mps else "cpu"
    if (device == "cuda" and not cuda) or (device == "mps" and not mps):
        raise InputError(
            f"device {device!r}: torch sees none here (torch {torch.__version__}); use "
            "device 'auto' or 'cpu', or install a torch build for it"
        )
    return device


@contextlib.contextmanager
def quiet_loading() -> Iterator[None]:
    """transformers' progress bars off while a model loads, and set back as they were
    after (the setting is the whole process's); the environment is left alone.

    Returns
    -------
    contextlib.AbstractContextManager
        A context in which transformers shows no progress bar.

    Examples
    --------
    >>> with quiet_loading():
    ...     pass  # load a model here
    """
    try:
        from transformers.utils import logging as hf_logging
    except ImportError:  # pragma: no cover - transformers comes with sentence-transformers
        yield
        return
    enabled = hf_logging.is_progress_bar_enabled()
    hf_logging.disable_progress_bar()
    try:
        yield
    finally:
        if enabled:
            hf_logging.enable_progress_bar()
