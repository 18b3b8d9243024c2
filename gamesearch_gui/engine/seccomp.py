"""A seccomp filter for a process that runs user code (Linux only): it may signal, trace
or stop no process outside its own process group, nor leave that group or its session.

The filter is a small classic-BPF program handed to the kernel with the standard library
(``ctypes``: ``prctl(PR_SET_NO_NEW_PRIVS)``, then ``seccomp(SECCOMP_SET_MODE_FILTER)`` on
every thread). Once installed it cannot be removed, and every process the code starts
inherits it. Refused calls fail with EPERM, so the code sees ``PermissionError``.

Why not libseccomp (through ``pyseccomp``): the rule "a signal to this process, or to its
own group" compares one argument with three values, and libseccomp refuses two
comparisons of one argument in a rule; its Python wrapper is unmaintained since 2021 and
needs the system's ``libseccomp.so`` at run time. The program here has the same shape as
the ones libseccomp writes (check the architecture, then the call number, then its
arguments), and the call numbers below never change once a kernel has them.

What is refused (``pid`` is this process, the leader of its own session and group):

* ``kill`` unless to ``pid``, to ``-pid`` or to ``0`` (its own group);
* ``tgkill``, ``rt_sigqueueinfo``, ``rt_tgsigqueueinfo`` unless to ``pid``; ``tkill``,
  ``pidfd_send_signal``, ``pidfd_getfd`` and ``process_madvise`` always;
* ``ptrace``, ``process_vm_readv`` and ``process_vm_writev``: no tracing at all;
* ``setsid`` and ``setpgid``: no way out of the group, so ending the group ends it all;
* ``setrlimit``, and ``prlimit64`` with a new limit: its limits cannot be raised (not
  even by a process run as root);
* ``ioctl`` ``TIOCSTI`` and ``TIOCLINUX``: no typing into a terminal;
* every call of another architecture's table (i386's ``int 0x80``, x32).
"""

from __future__ import annotations

import ctypes
import errno
import os
import platform
import struct
import sys
from dataclasses import dataclass
from typing import Final

# prctl and seccomp constants (linux/prctl.h, linux/seccomp.h, linux/audit.h).
PR_SET_NO_NEW_PRIVS: Final = 38
PR_SET_SECCOMP: Final = 22
SECCOMP_MODE_FILTER: Final = 2
SECCOMP_SET_MODE_FILTER: Final = 1
SECCOMP_FILTER_FLAG_TSYNC: Final = 1
SECCOMP_RET_ALLOW: Final = 0x7FFF0000
SECCOMP_RET_ERRNO: Final = 0x00050000
DENY: Final = SECCOMP_RET_ERRNO | errno.EPERM
#: ``ioctl`` requests that push characters into a terminal's input.
TIOCSTI: Final = 0x5412
TIOCLINUX: Final = 0x541C
X32_SYSCALL_BIT: Final = 0x40000000

# Classic BPF (linux/filter.h).
_LD_W_ABS: Final = 0x20
_JEQ_K: Final = 0x15
_JGE_K: Final = 0x35
_RET_K: Final = 0x06

# Where struct seccomp_data keeps the call number, the architecture, and the low word of
# argument i (little-endian: both architectures below are).
_NR: Final = 0
_ARCH: Final = 4


def _arg_low(i: int) -> int:
    return 16 + 8 * i


def _arg_high(i: int) -> int:
    return 20 + 8 * i


@dataclass(frozen=True, slots=True)
class Arch:
    """One architecture: its audit number and the calls the filter looks at."""

    audit: int
    seccomp: int  #: the seccomp(2) call itself
    calls: dict[str, int]
    x32: bool = False  #: x86-64's x32 calls share its audit number: refuse them by number


_SHARED = {
    "pidfd_send_signal": 424,
    "pidfd_getfd": 438,
    "process_madvise": 440,
}

ARCHES: Final = {
    "x86_64": Arch(
        0xC000003E,
        317,
        {
            "ioctl": 16,
            "kill": 62,
            "ptrace": 101,
            "setpgid": 109,
            "setsid": 112,
            "rt_sigqueueinfo": 129,
            "setrlimit": 160,
            "tkill": 200,
            "tgkill": 234,
            "rt_tgsigqueueinfo": 297,
            "prlimit64": 302,
            "process_vm_readv": 310,
            "process_vm_writev": 311,
            **_SHARED,
        },
        x32=True,
    ),
    "aarch64": Arch(
        0xC00000B7,
        277,
        {
            "ioctl": 29,
            "ptrace": 117,
            "kill": 129,
            "tkill": 130,
            "tgkill": 131,
            "rt_sigqueueinfo": 138,
            "setpgid": 154,
            "setsid": 157,
            "setrlimit": 164,
            "rt_tgsigqueueinfo": 240,
            "prlimit64": 261,
            "process_vm_readv": 270,
            "process_vm_writev": 271,
            **_SHARED,
        },
    ),
}
ARCHES["arm64"] = ARCHES["aarch64"]
ARCHES["amd64"] = ARCHES["x86_64"]

ALWAYS_REFUSED: Final = (
    "tkill",
    "pidfd_send_signal",
    "pidfd_getfd",
    "process_madvise",
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    "setsid",
    "setpgid",
    "setrlimit",
)
#: Signals allowed to this process only (the first argument is the target's pid).
TO_ITSELF: Final = ("tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo")


class SeccompUnavailable(Exception):
    """The filter cannot be installed here; says why."""


def this_arch() -> Arch | None:
    """The architecture this Python runs on, if the filter knows it."""
    if not sys.platform.startswith("linux"):
        return None
    return ARCHES.get(platform.machine().lower())


def program(arch: Arch, pid: int) -> list[tuple[int, int, int, int]]:
    """The filter for the process ``pid`` on ``arch``: (code, jt, jf, k) instructions.

    Built as labelled blocks, then the jumps are resolved (classic BPF jumps forward
    only, by at most 255 instructions: the whole program is shorter than that).
    """
    own = pid & 0xFFFFFFFF
    group = (-pid) & 0xFFFFFFFF
    blocks: list[tuple[str, list[tuple[int, object, object, int]]]] = []
    head: list[tuple[int, object, object, int]] = [
        (_LD_W_ABS, 0, 0, _ARCH),
        (_JEQ_K, 0, "deny", arch.audit),
        (_LD_W_ABS, 0, 0, _NR),
    ]
    if arch.x32:
        head.append((_JGE_K, "deny", 0, X32_SYSCALL_BIT))
    for name in ALWAYS_REFUSED:
        head.append((_JEQ_K, "deny", 0, arch.calls[name]))
    head.append((_JEQ_K, "kill", 0, arch.calls["kill"]))
    for name in TO_ITSELF:
        head.append((_JEQ_K, "itself", 0, arch.calls[name]))
    head.append((_JEQ_K, "prlimit", 0, arch.calls["prlimit64"]))
    head.append((_JEQ_K, "ioctl", 0, arch.calls["ioctl"]))
    head.append((_RET_K, 0, 0, SECCOMP_RET_ALLOW))
    blocks.append(("head", head))
    blocks.append(
        (
            "kill",
            [
                (_LD_W_ABS, 0, 0, _arg_low(0)),
                (_JEQ_K, "allow", 0, own),
                (_JEQ_K, "allow", 0, 0),
                (_JEQ_K, "allow", "deny", group),
            ],
        )
    )
    blocks.append(("itself", [(_LD_W_ABS, 0, 0, _arg_low(0)), (_JEQ_K, "allow", "deny", own)]))
    blocks.append(
        (
            "prlimit",  # prlimit64(pid, resource, new_limit, old_limit): reading only
            [
                (_LD_W_ABS, 0, 0, _arg_low(2)),
                (_JEQ_K, 0, "deny", 0),
                (_LD_W_ABS, 0, 0, _arg_high(2)),
                (_JEQ_K, "allow", "deny", 0),
            ],
        )
    )
    blocks.append(
        (
            "ioctl",
            [
                (_LD_W_ABS, 0, 0, _arg_low(1)),
                (_JEQ_K, "deny", 0, TIOCSTI),
                (_JEQ_K, "deny", "allow", TIOCLINUX),
            ],
        )
    )
    blocks.append(("allow", [(_RET_K, 0, 0, SECCOMP_RET_ALLOW)]))
    blocks.append(("deny", [(_RET_K, 0, 0, DENY)]))
    starts: dict[str, int] = {}
    at = 0
    for label, block in blocks:
        starts[label] = at
        at += len(block)
    resolved: list[tuple[int, int, int, int]] = []
    for _, block in blocks:
        for code, jt, jf, k in block:
            here = len(resolved)
            resolved.append((code, _jump(jt, here, starts), _jump(jf, here, starts), k))
    return resolved


def _jump(target: object, here: int, starts: dict[str, int]) -> int:
    if isinstance(target, int):
        return target
    offset = starts[str(target)] - here - 1
    if not 0 <= offset <= 255:
        raise ValueError(f"a jump of {offset} instructions in a seccomp filter")
    return offset


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def install(pid: int | None = None) -> None:
    """Install the filter on this process (every thread of it), for ``pid`` (default:
    this process). SeccompUnavailable, saying why, where it cannot be."""
    arch = this_arch()
    if arch is None:
        raise SeccompUnavailable(f"no seccomp filter for {sys.platform} on {platform.machine()}")
    pid = os.getpid() if pid is None else pid
    code = program(arch, pid)
    raw = b"".join(struct.pack("=HBBI", *instruction) for instruction in code)
    buffer = ctypes.create_string_buffer(raw, len(raw))
    prog = _SockFprog(len(code), ctypes.cast(buffer, ctypes.c_void_p))
    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError as error:
        raise SeccompUnavailable(f"the C library cannot be reached ({error})") from None
    libc.prctl.argtypes = [ctypes.c_int, *[ctypes.c_ulong] * 4]
    libc.syscall.restype = ctypes.c_long
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise SeccompUnavailable(_why(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS)"))
    done = libc.syscall(
        ctypes.c_long(arch.seccomp),
        ctypes.c_long(SECCOMP_SET_MODE_FILTER),
        ctypes.c_long(SECCOMP_FILTER_FLAG_TSYNC),
        ctypes.byref(prog),
    )
    if done == 0:
        return
    first = ctypes.get_errno()
    if first != errno.ENOSYS:
        raise SeccompUnavailable(_why(first, "seccomp(SECCOMP_SET_MODE_FILTER)"))
    # A kernel older than 3.17 has no seccomp(2): prctl, for the calling thread only
    # (called before the process starts any thread of its own).
    if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.addressof(prog), 0, 0) != 0:
        raise SeccompUnavailable(_why(ctypes.get_errno(), "prctl(PR_SET_SECCOMP)"))


def _why(number: int, call: str) -> str:
    return f"{call} failed: {os.strerror(number)}"
