"""The one way a command writes files: never over one of its inputs, and all or nothing.

An :class:`OutputPlan` is made when a command starts, with the command's inputs (and the
option that named each) and the outputs it plans to write (option → path). An input is
every file or folder the command reads: the files named on its command line, the files a
model or a registered data set is read from, the caches it reads. :meth:`OutputPlan.check`
runs before any work and refuses, each with one clear error:

- an output that is an input: the same file by inode (a symbolic or hard link to it) or
  by path (through links and ``..``);
- an output that lies inside an input folder, whether it exists yet or not (a new file in
  a model's folder changes the model), by its path as given or as resolved through links,
  or that is a hard link to a file inside one;
- two outputs on one file, a missing or unwritable folder, a closed standard output, and
  a missing optional dependency.

The command then hands over each output's content (text, bytes, or a function that
writes to a given path, such as ``Figure.savefig``), and :meth:`OutputPlan.commit` writes
them all:

- every content is first rendered to a temporary file beside its target; on any failure
  every temporary file is removed and no output is written;
- then each temporary file is renamed onto its target (atomic). A symbolic link is written
  through: the link stays, the file it points to gets the content. A device or FIFO
  (``/dev/null``, a pipe) is opened and written in place, never replaced;
- a new file gets the usual permissions (``0o666`` less the umask); a replaced file keeps
  its permissions (and, for root, its owner);
- ``-`` is standard output, written last;
- an output planned with ``make_folders`` gets the folders its path names that do not
  exist yet (a results layout of one folder per model), made when it is written and
  removed again, if still empty, when the command fails.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DataError, MissingExtraError, require
from .output_paths import descriptor_of, in_place, refuse_over_input
from .text import is_stdin

__all__ = ["Content", "OutputPlan"]

#: What an output holds: text (written as UTF-8), bytes, or a function that writes the
#: file at the path it is given (the path keeps the target's suffix).
Content = str | bytes | Callable[[str], None]


@dataclass
class _Output:
    option: str
    path: str
    content: list[Content] = field(default_factory=list)
    tmp: str | None = None
    data: bytes | None = None  # for standard output and in-place (device) targets
    make_folders: bool = False


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _new_file_mode() -> int:
    return 0o666 & ~_umask()


@dataclass
class OutputPlan:
    """The inputs and outputs of one command: declare them, :meth:`check`, :meth:`put`
    each content, then :meth:`commit` (see the module docstring).

    Attributes
    ----------
    inputs : list of (str, str, bool)
        ``(option, path, is_folder)`` of every input (:meth:`add_input`).
    outputs : list
        The planned outputs (:meth:`add_output`), with their content once put.
    extras : list of (str, str, str)
        ``(option, module, extra)``: an output's optional dependency (:meth:`add_extra`).
    made : list of str
        The folders made for outputs, removed by :meth:`discard` if still empty.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "gold.tsv").write_text("id\\tscore\\n")
    >>> plan = OutputPlan()
    >>> plan.add_input("--gold", folder / "gold.tsv")
    >>> plan.add_output("--json", folder / "results.json")
    >>> plan.check()
    >>> plan.put(folder / "results.json", '{"records": []}')
    >>> plan.commit()
    >>> (folder / "results.json").read_text()
    '{"records": []}'
    >>> bad = OutputPlan()
    >>> bad.add_input("--gold", folder / "gold.tsv")
    >>> bad.add_output("--json", folder / "gold.tsv")
    >>> bad.check()  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    simeval.errors.DataError: --json .../gold.tsv is the --gold file (.../gold.tsv); choose ...
    """

    inputs: list[tuple[str, str, bool]] = field(default_factory=list)  # option, path, folder
    outputs: list[_Output] = field(default_factory=list)
    extras: list[tuple[str, str, str]] = field(default_factory=list)
    made: list[str] = field(default_factory=list)  # folders made for outputs

    # -- declaring ---------------------------------------------------------------------
    def add_input(
        self, option: str, path: str | os.PathLike[str] | None, *, folder: bool = False
    ) -> None:
        """An input file (or ``folder``) named by ``option`` (``None`` is skipped)."""
        if path is not None and os.fspath(path) != "":
            self.inputs.append((option, os.fspath(path), folder))

    def add_output(
        self, option: str, path: str | os.PathLike[str] | None, *, make_folders: bool = False
    ) -> None:
        """A planned output named by ``option`` (``None`` is skipped; ``-`` is stdout);
        ``make_folders``: make the folders of its path that do not exist yet."""
        if path is not None and os.fspath(path) != "":
            self.outputs.append(_Output(option, os.fspath(path), make_folders=make_folders))

    def add_extra(self, option: str, module: str, extra: str) -> None:
        """``option`` (when given) needs ``module``, installed by ``simeval[extra]``."""
        self.extras.append((option, module, extra))

    # -- checking ----------------------------------------------------------------------
    def check(self) -> None:
        """Refuse, before any work, what could destroy an input or leave half the files."""
        stdin = [opt for opt, p, _ in self.inputs if is_stdin(p)]
        if len(stdin) > 1:
            raise DataError(
                f"{' and '.join(stdin)} both read standard input ('-'); at most one input "
                "may be '-'"
            )
        for opt, p, folder in self.inputs:
            if folder and not os.path.isdir(p):
                what = "not a folder" if os.path.exists(p) else "no such folder"
                raise DataError(f"{opt} {p}: {what}; check the path")
        for option, module, extra in self.extras:
            if any(o.option == option for o in self.outputs):
                try:
                    require(module, extra)
                except MissingExtraError:
                    raise MissingExtraError(
                        f"{option} needs {module}; install it with: pip install 'simeval[{extra}]'"
                    ) from None
        seen: dict[str, str] = {}
        for out in self.outputs:
            label = f"{out.option} {out.path}"
            if is_stdin(out.path):
                label = out.option if out.option.startswith("standard output") else label
                key = "<stdout>"
                _check_stdout(label)
            else:
                self._check_target(out, label)
                key = os.path.realpath(out.path)
            if key in seen:
                raise DataError(f"{label} is also {seen[key]}; give each output its own path")
            seen[key] = label

    def check_folder(self, option: str, folder: str | os.PathLike[str]) -> None:
        """Refuse, before any work, an output folder that is one of the inputs or lies
        inside an input folder: every file written in it would (a script's ``--out``)."""
        path = os.fspath(folder)
        for opt, p, _ in self.inputs:
            if not is_stdin(p):
                refuse_over_input(path, os.path.realpath(path), f"{option} {path}", opt, p)

    def _check_target(self, out: _Output, label: str) -> None:
        target = os.path.realpath(out.path)  # through symbolic links
        if os.path.isdir(target):
            raise DataError(f"{label} is a folder; give a file name")
        for opt, p, _ in self.inputs:
            if not is_stdin(p):
                refuse_over_input(out.path, target, label, opt, p)
        if in_place(out.path):
            if not os.access(out.path, os.W_OK):
                raise DataError(f"{label}: not writable; choose another path")
            return  # written in place
        if os.path.isfile(target) and not os.access(target, os.W_OK):
            raise DataError(f"{label} is read-only; make it writable or choose another path")
        folder = os.path.dirname(target) or "."
        while out.make_folders and not os.path.exists(folder):
            folder = os.path.dirname(folder) or "."
        if not os.path.isdir(folder):
            if os.path.exists(folder):
                raise DataError(f"{label}: {folder} is a file, not a folder; choose a folder")
            raise DataError(f"{label}: the folder {folder} does not exist; create it first")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise DataError(f"{label}: cannot write in the folder {folder}; choose another path")

    # -- contents ----------------------------------------------------------------------
    def put(self, path: str | os.PathLike[str] | None, content: Content) -> None:
        """Hand over the content of the planned output at ``path`` (``None`` or ``-``:
        standard output, which needs no planning). Text or bytes given twice are joined."""
        key = "-" if path is None else os.fspath(path)
        for out in self.outputs:
            if out.path == key:
                break
        else:
            if key != "-":
                raise DataError(f"{key}: an output the command did not plan; this is a bug")
            out = _Output("stdout", "-")
            self.outputs.append(out)
        out.content.append(content)

    # -- writing -----------------------------------------------------------------------
    def commit(self) -> None:
        """Write every output that has content; all of them, or none (see the module
        docstring)."""
        todo = [o for o in self.outputs if o.content]
        try:
            for out in todo:
                if is_stdin(out.path):  # closed since the check: nothing is written
                    _check_stdout(out.option)
                self._render(out)
        except BaseException:
            self.discard()
            raise
        # Devices and FIFOs cannot be replaced atomically: they are written first, while
        # every regular file still waits in its temporary file, so that a device that
        # fails (a full disk, /dev/full) leaves every regular target untouched.
        current: _Output | None = None
        try:
            for out in todo:
                current = out
                if out.tmp is None and not is_stdin(out.path):
                    _write_in_place(out)
            for out in todo:
                current = out
                if out.tmp is not None:
                    os.replace(out.tmp, os.path.realpath(out.path))
                    out.tmp = None
        except OSError as exc:
            self.discard()
            where = f"{current.option} {current.path}: " if current is not None else ""
            raise DataError(f"{where}cannot write ({exc.strerror})") from None
        for out in todo:
            if is_stdin(out.path) and out.data is not None:
                try:
                    sys.stdout.flush()
                    sys.stdout.buffer.write(out.data)
                    sys.stdout.buffer.flush()
                except BrokenPipeError:
                    raise  # the reader stopped (| head): not an error of the command
                except OSError as exc:
                    raise DataError(
                        f"standard output: cannot write ({exc.strerror or exc})"
                    ) from None

    def discard(self) -> None:
        """Remove every temporary file and every folder made for them, if empty; nothing
        is written."""
        for out in self.outputs:
            if out.tmp is not None:
                Path(out.tmp).unlink(missing_ok=True)
                out.tmp = None
        for folder in reversed(self.made):
            with contextlib.suppress(OSError):
                os.rmdir(folder)
        self.made.clear()

    def _render(self, out: _Output) -> None:
        target = out.path if is_stdin(out.path) else os.path.realpath(out.path)
        in_memory = is_stdin(out.path) or in_place(out.path)
        label = f"{out.option} {out.path}"
        try:
            if in_memory:
                out.data = _to_bytes(out.content, Path(out.path).suffix)
                return
            folder = os.path.dirname(target) or "."
            if out.make_folders:
                self._make_folders(folder)
            name = os.path.basename(target)
            fd, out.tmp = tempfile.mkstemp(
                prefix=f".{name}.", suffix=f".tmp{Path(name).suffix}", dir=folder
            )
            os.close(fd)
            _write_file(out.tmp, out.content)
            _set_mode(out.tmp, target)
        except (DataError, MissingExtraError):
            raise
        except OSError as exc:
            raise DataError(f"{label}: cannot write ({exc.strerror or exc})") from None
        except Exception as exc:  # a renderer (savefig …) that failed on its own
            raise DataError(f"{label}: cannot write ({exc})") from None

    def _make_folders(self, folder: str) -> None:
        missing = []
        while not os.path.exists(folder):
            missing.append(folder)
            folder = os.path.dirname(folder) or "."
        for path in reversed(missing):
            os.mkdir(path)
            self.made.append(path)


def _check_stdout(label: str) -> None:
    """Refuse a standard output that is closed (``>&-``: Python then has none)."""
    if sys.stdout is None or getattr(sys.stdout, "closed", False):
        closed = "is closed" if label.startswith("standard output") else "is a closed stdout"
        raise DataError(f"{label} {closed}; name a file to write to")


def _write_file(path: str, content: list[Content]) -> None:
    if len(content) == 1 and callable(content[0]):
        content[0](path)
        return
    with open(path, "wb") as fh:
        for part in content:
            fh.write(_part_bytes(part, path))


def _part_bytes(part: Content, where: str) -> bytes:
    if isinstance(part, str):
        return part.encode("utf-8")
    if isinstance(part, bytes):
        return part
    with _scratch(Path(where).suffix) as tmp:
        part(tmp)
        return Path(tmp).read_bytes()


def _to_bytes(content: list[Content], suffix: str) -> bytes:
    return b"".join(_part_bytes(part, f"x{suffix}") for part in content)


@contextlib.contextmanager
def _scratch(suffix: str) -> Iterator[str]:
    with tempfile.TemporaryDirectory(prefix="simeval-") as folder:
        yield os.path.join(folder, f"out{suffix}")


def _set_mode(tmp: str, target: str) -> None:
    try:
        st = os.stat(target)
    except FileNotFoundError:
        os.chmod(tmp, _new_file_mode())
        return
    os.chmod(tmp, stat.S_IMODE(st.st_mode))
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        with contextlib.suppress(OSError):
            os.chown(tmp, st.st_uid, st.st_gid)


def _write_in_place(out: _Output) -> None:
    fd = descriptor_of(out.path)
    if fd is None:
        with open(out.path, "wb") as fh:
            fh.write(out.data or b"")
        return
    for stream in (sys.stdout, sys.stderr):  # what was printed there comes first
        stream.flush()
    view = memoryview(out.data or b"")
    while view:  # the descriptor as the shell opened it (>> appends)
        view = view[os.write(fd, view) :]
