"""`s2s serve` at its edges (s2s/serve.py): a busy port, a run that starts
processes and runs past the time limit, how the browser is opened, clients
that go away. Each server listens on 127.0.0.1 only, with its token, as
tests/test_playground.py starts them (its helpers are used here)."""
import json
import os
import socket
import stat
import struct
import subprocess
import sys
import time

import pytest

from test_playground import ROOT, SEED, api, start_server, stop_server


def test_busy_port_is_a_clean_error():
    """Was a traceback (`'PlaygroundServer' object has no attribute 'worker'`)."""
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    port = busy.getsockname()[1]
    try:
        result = subprocess.run([sys.executable, "-m", "s2s.serve", "--port", str(port),
                                 "--no-open"], cwd=ROOT, capture_output=True, text=True,
                                timeout=120)
    finally:
        busy.close()
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"s2s serve: cannot listen on 127.0.0.1:{port}: Address already in use "
        f"(--port 0 takes any free port)"], result.stderr


@pytest.mark.parametrize("options, part", [
    (["--port", "70000"], "--port"), (["--port", "x"], "--port"),
    (["--timeout", "0"], "--timeout"), (["--timeout", "-1"], "--timeout"),
    (["--timeout", "inf"], "--timeout"), (["--timeout", "nan"], "--timeout")])
def test_bad_options_are_one_line(options, part):
    result = subprocess.run([sys.executable, "-m", "s2s.serve", "--no-open", *options],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "error" in lines[0] and part in lines[0], result.stderr
    assert "Traceback" not in result.stderr


def dead(pid):
    """Is process `pid` gone (or a zombie nobody has reaped yet)?"""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True


def test_timeout_kills_what_the_code_started(tmp_path):
    """The worker leads its own process group and the whole group is killed at
    the time limit: a `sleep 25` the submitted code started survived it."""
    srv = start_server(tmp_path, "--timeout", "3")
    pidfile = tmp_path / "sleep.pid"
    try:
        assert api(srv, {"code": SEED, "transforms": ["jvp"]})["ok"]   # the worker is up
        code = ("import subprocess\n"
                "import jax.numpy as jnp\n"
                "child = subprocess.Popen(['sleep', '25'])\n"
                f"open({str(pidfile)!r}, 'w').write(str(child.pid))\n"
                "while True:\n"
                "    pass\n")
        answer = api(srv, {"code": code, "transforms": ["grad"]})
        assert answer["error"]["kind"] == "timeout", answer
        pid = int(pidfile.read_text())
        deadline = time.monotonic() + 10
        while not dead(pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert dead(pid), "the process the code started outlived its worker"
        # the server's own process group is not the worker's
        assert api(srv, {"code": SEED, "args": "jnp.arange(3.)", "transforms": ["grad"]})["ok"]
    finally:
        if pidfile.exists() and not dead(int(pidfile.read_text())):
            os.kill(int(pidfile.read_text()), 9)
        assert stop_server(srv.process) == 0


def test_worker_leads_its_own_process_group(tmp_path):
    srv = start_server(tmp_path, "--timeout", "30")
    try:
        code = "import os\n\ndef f(x):\n    return x\n\nprint(os.getpid(), os.getpgid(0))\n"
        answer = api(srv, {"code": code, "transforms": ["jvp"]})
        pid, group = map(int, answer["output"].split())
        assert group == pid != srv.process.pid
        assert os.getpgid(srv.process.pid) != group
    finally:
        assert stop_server(srv.process) == 0
    assert dead(pid)


def test_browser_opens_a_private_redirect_file(tmp_path):
    """The browser's command line holds a file:// URL, not the token: the file
    (0600, in a private folder) redirects to the tokenized URL, as Jupyter's
    does. $BROWSER stands in for the browser here, recording what it was given."""
    record = tmp_path / "browser.json"
    browser = tmp_path / "browser.py"
    browser.write_text(
        "import json, os, stat, sys, urllib.parse, urllib.request\n"
        "url = sys.argv[1]\n"
        "path = urllib.request.url2pathname(urllib.parse.urlsplit(url).path)\n"
        "json.dump({'argv': sys.argv[1:], 'path': path,\n"
        "           'mode': stat.S_IMODE(os.stat(path).st_mode),\n"
        "           'folder_mode': stat.S_IMODE(os.stat(os.path.dirname(path)).st_mode),\n"
        f"           'text': open(path).read()}}, open({str(record)!r}, 'w'))\n")
    log = open(tmp_path / "serve.log", "w")
    env = {**os.environ, "BROWSER": f"{sys.executable} {browser} %s"}
    process = subprocess.Popen([sys.executable, "-m", "s2s.serve", "--port", "0"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=log, text=True, env=env)
    log.close()
    try:
        url = process.stdout.readline().split()[-1]
        token = url.split("token=")[1]
        deadline = time.monotonic() + 60
        while not record.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        seen = json.loads(record.read_text())
        assert len(seen["argv"]) == 1 and seen["argv"][0].startswith("file://"), seen
        assert token not in " ".join(seen["argv"])
        assert seen["mode"] == 0o600 and seen["folder_mode"] == 0o700, seen
        assert url.replace("&", "&amp;") in seen["text"] and 'http-equiv="refresh"' in seen["text"]
    finally:
        assert stop_server(process) == 0, (tmp_path / "serve.log").read_text()
    assert not os.path.exists(seen["path"])   # removed with the server


def test_clients_that_go_away_are_quiet(tmp_path):
    """A client that disconnects before its answer (reset, or closed mid-body)
    leaves no BrokenPipeError / ConnectionResetError traceback in the
    server's terminal."""
    srv = start_server(tmp_path, "--timeout", "30")
    try:
        assert api(srv, {"code": SEED, "transforms": ["jvp"]})["ok"]
        slow = json.dumps({"code": "import time\n\ndef f(x):\n    return x\n\ntime.sleep(1.5)\n",
                           "transforms": ["jvp"]}).encode()
        head = (f"POST /api/run HTTP/1.1\r\nHost: 127.0.0.1:{srv.port}\r\n"
                f"Content-Type: application/json\r\nX-S2S-Token: {srv.token}\r\n")
        for body, length in [(slow, len(slow)), (slow[:10], len(slow))]:
            for _ in range(3):
                client = socket.create_connection(("127.0.0.1", srv.port), timeout=10)
                client.sendall(f"{head}Content-Length: {length}\r\n\r\n".encode() + body)
                # close with a reset (SO_LINGER 0): the answer meets a dead socket
                client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                client.close()
        page = socket.create_connection(("127.0.0.1", srv.port), timeout=10)
        page.sendall(f"GET /?token={srv.token} HTTP/1.1\r\nHost: 127.0.0.1:{srv.port}\r\n\r\n"
                     .encode())
        page.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        page.close()
        time.sleep(3 * 1.5 + 3)   # the slow runs answered into closed sockets
        assert api(srv, {"code": SEED, "transforms": ["jvp"]})["ok"]   # still serving
    finally:
        assert stop_server(srv.process) == 0
    log = (tmp_path / "serve.log").read_text()
    for word in ("Traceback", "BrokenPipeError", "ConnectionResetError", "Exception"):
        assert word not in log, log
