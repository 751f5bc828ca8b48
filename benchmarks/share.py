"""A real SMB share on this machine, for the benchmarks: `python -m benchmarks.share [--delay-ms MS] [-- COMMAND ...]`.

Run as root. Installs nothing: it needs Debian's ``samba`` (``smbd``, ``smbpasswd``) and
``smbnetfs`` (a FUSE SMB client), and says which is missing. It starts a Samba server of its own
(its own ``smb.conf`` in a temporary folder, a share ``class`` on a temporary folder, the
calling account as the share's user with a password of its own) on 127.0.0.1 at a free port,
mounts it through smbnetfs and, at the end, unmounts it, stops the server and removes the
temporary folders. ``--delay-ms`` puts a small delay proxy (asyncio, loopback only) between the
client and the server that holds each chunk half that long in each direction: the round trip
grows by that much.

With a command, it runs the command with ``SOLOCHESS_SHARE`` naming the mounted share's folder
and returns its exit status; without one, it prints the folder and waits for Ctrl-C. The
benchmark uses `mounted_share` directly (`benchmarks.classroom --share`); `samba` also hands over the
server, to stop and start again, and the mounts, to unmount (`benchmarks.outage`).

Nothing here listens on or connects to any address outside 127.0.0.0/8.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import getpass
import ipaddress
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

HOST = "127.0.0.1"
SHARE = "class"
TOOLS = {"smbd": "samba", "smbpasswd": "samba", "smbnetfs": "smbnetfs", "fusermount": "fuse"}


class ShareError(Exception):
    """The share could not be set up; the message says why in one line."""


def missing_tools() -> list[str]:
    """The Debian packages to install for the share (empty when all are there)."""
    found = {tool: shutil.which(tool) or shutil.which(tool + "3") for tool in TOOLS}
    return sorted({TOOLS[tool] for tool, path in found.items() if path is None})


def _loopback(host: str) -> str:
    if not ipaddress.ip_address(host).is_loopback:
        raise ShareError(f"{host} is not a loopback address")
    return host


def free_port(host: str = HOST) -> int:
    with socket.socket() as probe:
        probe.bind((_loopback(host), 0))
        return int(probe.getsockname()[1])


def _wait_for_port(host: str, port: int, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        with contextlib.suppress(OSError), socket.create_connection((_loopback(host), port), timeout=0.5):
            return
        time.sleep(0.1)
    raise ShareError(f"nothing answered on {host}:{port} after {seconds:g} s")


class DelayProxy:
    """Forwards 127.0.0.1:`port` to 127.0.0.1:`target`, holding each chunk `delay` seconds in
    each direction, in order (a chunk is sent `delay` after it arrived, not after the last one)."""

    def __init__(self, target: int, delay: float) -> None:
        self.target = target
        self.delay = delay
        self.port = free_port()
        self._loop = asyncio.new_event_loop()
        self._started = threading.Event()
        self._thread = threading.Thread(target=self._run, name="delay-proxy", daemon=True)

    def __enter__(self) -> DelayProxy:
        self._thread.start()
        if not self._started.wait(10):
            raise ShareError("the delay proxy did not start")
        return self

    def __exit__(self, *exc: object) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        server = self._loop.run_until_complete(asyncio.start_server(self._client, HOST, self.port))
        self._started.set()
        try:
            self._loop.run_forever()
        finally:
            server.close()
            self._loop.set_exception_handler(lambda loop, context: None)  # connections cut on purpose
            waiting = asyncio.all_tasks(self._loop)
            for task in waiting:
                task.cancel()
            self._loop.run_until_complete(asyncio.gather(*waiting, return_exceptions=True))
            self._loop.close()

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection(HOST, self.target)
        except OSError:
            writer.close()
            return
        await asyncio.gather(
            self._pipe(reader, upstream_writer), self._pipe(upstream_reader, writer), return_exceptions=True
        )

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def send() -> None:
            while True:
                due, chunk = await queue.get()
                if not chunk:
                    break
                await asyncio.sleep(max(0.0, due - self._loop.time()))
                writer.write(chunk)
                await writer.drain()

        sender = asyncio.ensure_future(send())
        try:
            while True:
                chunk = await reader.read(1 << 16)
                queue.put_nowait((self._loop.time() + self.delay, chunk))
                if not chunk:
                    break
            await sender
        finally:
            sender.cancel()
            writer.close()


def _server_config(home: Path, share: Path, port: int) -> str:
    state = {name: home / name for name in ("private", "lock", "state", "cache", "pid", "ncalrpc", "log")}
    for folder in state.values():
        folder.mkdir(parents=True, exist_ok=True)
    return f"""[global]
    workgroup = WORKGROUP
    server role = standalone server
    interfaces = {HOST}
    bind interfaces only = yes
    smb ports = {port}
    disable netbios = yes
    server min protocol = SMB2
    private dir = {state["private"]}
    lock directory = {state["lock"]}
    state directory = {state["state"]}
    cache directory = {state["cache"]}
    pid directory = {state["pid"]}
    ncalrpc dir = {state["ncalrpc"]}
    log file = {state["log"]}/smbd.log
    passdb backend = tdbsam:{state["private"]}/passdb.tdb
    load printers = no
    printing = bsd
    printcap name = /dev/null
    disable spoolss = yes
    map to guest = never

[{SHARE}]
    path = {share}
    read only = no
    create mask = 0666
    directory mask = 0777
"""


def _client_config(home: Path, user: str, password: str) -> None:
    smb = home / ".smb"
    smb.mkdir(parents=True)
    (smb / "smb.conf").write_text("[global]\n    client min protocol = SMB2\n    disable netbios = yes\n")
    # smbnetfs reads auth lines from its own configuration; the password never leaves this folder.
    (smb / "smbnetfs.conf").write_text(f'auth "{user}" "{password}"\nsmb_query_browsers "false"\n')
    os.chmod(smb / "smbnetfs.conf", 0o600)


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _unmount(mount: Path) -> None:
    fusermount = shutil.which("fusermount3") or shutil.which("fusermount") or "fusermount"
    for _attempt in range(20):
        done = subprocess.run([fusermount, "-u", str(mount)], capture_output=True)
        if done.returncode == 0 or not os.path.ismount(mount):
            return
        time.sleep(0.5)
    subprocess.run([fusermount, "-uz", str(mount)], capture_output=True)


@contextlib.contextmanager
def mounted_share(delay_ms: float = 0.0) -> Iterator[Path]:
    """The share's folder, mounted through smbnetfs, for the length of the `with`; `delay_ms`
    is added to every round trip."""
    with mounted_shares(delay_ms, 1) as folders:
        yield folders[0]


@contextlib.contextmanager
def mounted_shares(delay_ms: float = 0.0, clients: int = 1) -> Iterator[list[Path]]:
    """The share's folder as seen by `clients` SMB clients of their own (one smbnetfs mount
    each, as each computer of a school is a client of its own), for the length of the `with`."""
    with samba(delay_ms, clients) as share:
        yield share.folders


class Samba:
    """A running share: its server, which can be stopped and started again (a server that goes
    away and comes back), and its clients' mounts, which can be unmounted and mounted again."""

    def __init__(self, work: Path, config: Path, user: str, password: str) -> None:
        self.work = work
        self.config = config
        self.user = user
        self.password = password
        self.server: subprocess.Popen[bytes] | None = None
        self.target = 0  # the port the clients connect to (the delay proxy's, with one)
        self.folders: list[Path] = []
        self.mounts: list[tuple[Path, subprocess.Popen[bytes]]] = []

    def start_server(self) -> None:
        self.server = subprocess.Popen(
            ["smbd", "--foreground", "--no-process-group", "-s", str(self.config)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # on SIGTERM smbd stops its whole process group: its own, not ours
        )

    def stop_server(self) -> None:
        """smbd and the processes it forked for its clients, as when the server is switched off:
        the clients' connections are closed and new ones are refused."""
        server, self.server = self.server, None
        if server is not None and server.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(server.pid, signal.SIGTERM)
            _stop(server)

    def mount(self, number: int) -> Path:
        """Client `number` mounted (again), its view of the share's folder."""
        folder = _mount(self.work / f"client{number}", self.user, self.password, self.target, self.mounts)
        if number < len(self.folders):
            self.folders[number] = folder
        else:
            self.folders.append(folder)
        return folder

    def unmount(self, number: int) -> Path:
        """Client `number` unmounted; its mount point, an empty folder now."""
        mount = self.work / f"client{number}" / "mnt"
        for mounted, client in [entry for entry in self.mounts if entry[0] == mount]:
            _unmount(mounted)
            _stop(client)
            self.mounts.remove((mounted, client))
        return mount


@contextlib.contextmanager
def samba(delay_ms: float = 0.0, clients: int = 1) -> Iterator[Samba]:
    """`mounted_shares`, with the server and the mounts in hand (`Samba`)."""
    missing = missing_tools()
    if missing:
        raise ShareError("missing: apt-get install " + " ".join(missing))
    if os.geteuid() != 0:
        raise ShareError("the share needs root (smbd and its user database)")
    work = Path(tempfile.mkdtemp(prefix="solochess-share-"))
    share = work / "share"
    share.mkdir()
    os.chmod(share, 0o777)
    port = free_port()
    config = work / "smb.conf"
    config.write_text(_server_config(work / "samba", share, port))
    running = Samba(work, config, getpass.getuser(), secrets.token_urlsafe(12))
    running.start_server()
    try:
        subprocess.run(
            ["smbpasswd", "-c", str(config), "-a", "-s", running.user],
            input=f"{running.password}\n{running.password}\n".encode(),
            check=True,
            capture_output=True,
        )
        _wait_for_port(HOST, port, 20)
        with contextlib.ExitStack() as stack:
            running.target = port
            if delay_ms > 0:
                running.target = stack.enter_context(DelayProxy(port, delay_ms / 2000)).port
            for number in range(clients):
                running.mount(number)
            yield running
    finally:
        for mount, client in running.mounts:
            _unmount(mount)
            _stop(client)
        running.stop_server()
        shutil.rmtree(work, ignore_errors=True)


def _mount(home: Path, user: str, password: str, port: int, mounts: list[tuple[Path, subprocess.Popen[bytes]]]) -> Path:
    """One smbnetfs client of the share at 127.0.0.1:`port`, its folder; added to `mounts`."""
    mount = home / "mnt"
    if not mount.is_dir():
        mount.mkdir(parents=True)
        _client_config(home, user, password)
    client = subprocess.Popen(
        ["smbnetfs", str(mount), "-f", "-o", f"config={home / '.smb' / 'smbnetfs.conf'}"],
        env={**os.environ, "HOME": str(home)},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    mounts.append((mount, client))
    # libsmbclient takes the port from the name (smb://host:port/share); smb.conf's is the server's.
    folder = mount / f"{HOST}:{port}" / SHARE
    end = time.monotonic() + 30
    while not _listable(folder):
        if client.poll() is not None or time.monotonic() > end:
            raise ShareError(f"smbnetfs did not show {folder}")
        time.sleep(0.2)
    return folder


def _listable(folder: Path) -> bool:
    try:
        os.listdir(folder)
    except OSError:
        return False
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--delay-ms", type=float, default=0.0, help="added to the round trip")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="run with SOLOCHESS_SHARE set (after --)")
    arguments = parser.parse_args()
    command = arguments.command[1:] if arguments.command[:1] == ["--"] else arguments.command
    try:
        with mounted_share(arguments.delay_ms) as folder:
            if command:
                return subprocess.run(command, env={**os.environ, "SOLOCHESS_SHARE": str(folder)}).returncode
            print(folder, flush=True)
            with contextlib.suppress(KeyboardInterrupt):
                signal.pause()
    except ShareError as error:
        print(f"share: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
