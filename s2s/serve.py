"""`s2s serve`: a local web playground.

    s2s serve                 # prints http://127.0.0.1:8765/?token=... and opens it
    s2s serve --port 0        # any free port
    s2s serve --no-open --timeout 30

The page (s2s/playground/: plain HTML, CSS and JavaScript, nothing fetched
from elsewhere, so it works offline) takes a function, transformations and
example arguments, and shows what `s2s.show` shows side by side, the program
after every pass with its diff against the one before, and the value of each
transformation at the example arguments.

The page runs the Python it is sent, so the server only answers the person
who started it:
  - it listens on 127.0.0.1 only;
  - every request carries the random token of the printed URL (the page's
    query string; the API's `X-S2S-Token` header), else 403;
  - the `Host` header must be 127.0.0.1:PORT or localhost:PORT, else 403: a
    page of another site whose name was re-pointed at 127.0.0.1 (DNS
    rebinding) sends its own name there;
  - an `Origin` header, where there is one, must be the server's own, else
    403 (a request another site's page makes);
  - request bodies are limited (413), and so is the time of a run.

The work runs in one persistent worker process (importing JAX takes seconds,
too slow for a process per request). A run past the time limit cannot be
stopped inside Python (a `while True: pass` never returns to a place where a
thread could be asked to stop), so the worker is killed, a fresh one started,
and the page told so. The worker leads a process group of its own, and the
whole group is killed: a process the submitted code started (`subprocess.Popen`)
goes with it. The worker keeps Python state between runs, as a notebook kernel
does.

The browser is opened on a local file (mode 0600, in a private temporary
folder) that redirects to the URL, as Jupyter does: the token is on no
command line, where other local users could read it (`ps`).
"""
import argparse
import hmac
import http.server
import itertools
import json
import multiprocessing
import os
import secrets
import shutil
import signal
import sys
import tempfile
import threading
import time
import urllib.parse
import webbrowser
from html import escape
from pathlib import Path

from . import serve_job
from .serve_job import TRANSFORMS, failure

DEFAULT_PORT = 8765
DEFAULT_TIMEOUT = 20.0       # seconds one run may take
MAX_BODY = 100_000           # bytes of a request body
STARTUP_TIMEOUT = 120.0      # seconds a fresh worker may take to import JAX and s2s
TOKEN_HEADER = "X-S2S-Token"

PLAYGROUND = Path(__file__).parent / "playground"
ASSETS = {"/": ("index.html", "text/html; charset=utf-8"),
          "/playground.js": ("playground.js", "text/javascript; charset=utf-8"),
          "/playground.css": ("playground.css", "text/css; charset=utf-8")}
# Nothing but this server's own files; inline <style> for the view's
# highlighting; no inline script (s2s.show's own hover script does not run:
# playground.js does the hover).
CSP = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
       "frame-ancestors 'none'")


# -- the server -----------------------------------------------------------------

class PlaygroundServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, port=DEFAULT_PORT, timeout=DEFAULT_TIMEOUT):
        super().__init__(("127.0.0.1", port), Handler)
        self.port = self.server_address[1]
        self.token = secrets.token_urlsafe(24)
        self.hosts = {f"127.0.0.1:{self.port}", f"localhost:{self.port}"}
        self.worker = Worker(timeout)
        self.worker.start()      # it imports JAX while the person opens the page

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/?token={self.token}"

    def server_close(self):
        super().server_close()
        worker = getattr(self, "worker", None)   # (none where the port was busy)
        if worker is not None:
            worker.stop()

    def handle_error(self, request, client_address):
        """A client that went away mid-request (a closed tab, a reload) is
        not an error of the server's: no traceback for it."""
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


class Handler(http.server.BaseHTTPRequestHandler):
    server_version = "s2s-playground"
    sys_version = ""
    timeout = 60                 # a connection idle this long is dropped

    def do_GET(self):
        if not self.allowed():
            return
        asset = ASSETS.get(urllib.parse.urlsplit(self.path).path)
        if asset is None:
            return self.send(404, "no such page\n")
        name, ctype = asset
        body = (PLAYGROUND / name).read_text(encoding="utf-8")
        # the page's links to its own scripts and styles carry the token too
        body = body.replace("{{TOKEN}}", self.server.token)
        self.send(200, body, ctype)

    def do_POST(self):
        if not self.allowed():
            return
        if urllib.parse.urlsplit(self.path).path != "/api/run":
            return self.send(404, "no such API\n")
        # application/json is not a type a plain HTML form can send: another
        # site's page cannot post here without the browser asking first (CORS)
        if self.headers.get_content_type() != "application/json":
            return self.send(415, "the API takes application/json\n")
        length = self.headers.get("Content-Length")
        if length is None:
            return self.send(411, "Content-Length required\n")
        try:
            length = int(length)
        except ValueError:
            return self.send(400, "bad Content-Length\n")
        if length < 0:
            return self.send(400, "bad Content-Length\n")
        if length > MAX_BODY:
            # a body of modest size is read (and dropped), so the client sees
            # this answer rather than a reset connection; a larger one is not
            if length <= 10 * MAX_BODY:
                self.rfile.read(length)
            self.close_connection = True
            return self.send(413, f"request too large: {length} bytes, at most {MAX_BODY}\n")
        try:
            job = parse_job(self.rfile.read(length))
        except ValueError as e:
            return self.send(400, f"bad request: {e}\n")
        self.send(200, json.dumps(self.server.worker.run(job)), "application/json")

    def allowed(self):
        """Host, Origin and token checks (the module doc says why); refuses
        with 403 and says which failed."""
        host = self.headers.get("Host", "")
        if host not in self.server.hosts:
            return self.refuse(f"wrong Host header {host!r} (only 127.0.0.1 and localhost "
                               f"are served: DNS rebinding?)")
        origin = self.headers.get("Origin")
        if origin is not None and origin != f"http://{host}":
            return self.refuse(f"cross-site request from {origin!r}")
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
        token = self.headers.get(TOKEN_HEADER) or (query.get("token") or [""])[0]
        if not hmac.compare_digest(token.encode(), self.server.token.encode()):
            return self.refuse("missing or wrong token: open the URL `s2s serve` printed")
        return True

    def refuse(self, why):
        sys.stderr.write(f"s2s serve: refused {self.command} "
                         f"{urllib.parse.urlsplit(self.path).path}: {why}\n")
        self.send(403, f"403 Forbidden: {why}\n")
        return False

    def send(self, status, body, ctype="text/plain; charset=utf-8"):
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")    # the URL holds the token
        self.send_header("X-Frame-Options", "DENY")
        self.send_header("Content-Security-Policy", CSP)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def log_message(self, format, *args):
        pass   # request lines hold the token; refusals are logged by `refuse`


def parse_job(body):
    """The request's JSON as a job for the worker, checked (ValueError: 400)."""
    try:
        job = json.loads(body)
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"not JSON: {e}")
    if not isinstance(job, dict):
        raise ValueError("expected a JSON object")
    fields = {"code": str, "function": str, "args": str, "transforms": list, "explain": bool}
    defaults = {"function": "", "args": "", "transforms": [], "explain": False}
    for name, kind in fields.items():
        if name not in job and name in defaults:
            job[name] = defaults[name]
        if not isinstance(job.get(name), kind):
            raise ValueError(f"field {name!r} must be a {kind.__name__}")
    unknown = [t for t in job["transforms"] if t not in TRANSFORMS]
    if unknown:
        raise ValueError(f"unknown transformations {unknown}, expected some of {list(TRANSFORMS)}")
    return {name: job[name] for name in fields}


# -- the worker process -------------------------------------------------------

class Worker:
    """The process that runs jobs, one at a time; replaced when a job runs past
    the time limit or the process dies."""

    def __init__(self, timeout):
        self.timeout = timeout
        self.context = multiprocessing.get_context("spawn")   # no fork of a threaded server
        self.lock = threading.Lock()
        self.process = self.conn = None
        self.ready = False

    def start(self):
        self.conn, child = self.context.Pipe()
        self.process = self.context.Process(target=worker_main, args=(child, os.getpid()),
                                            name="s2s-playground-worker", daemon=True)
        self.process.start()
        child.close()
        self.ready = False

    def stop(self):
        """Kills the worker and every process of its group (what the code it
        ran started), then reaps it."""
        if self.process is not None:
            kill_group(self.process.pid)
            self.process.kill()
            self.process.join(10)
            self.conn.close()
            self.process = self.conn = None

    def run(self, job):
        """The worker's answer to `job`, or an error saying why there is none."""
        with self.lock:
            if self.process is None or not self.process.is_alive():
                self.stop()
                self.start()
            try:
                if not self.ready:   # the import time of a fresh worker does not count
                    if not self.conn.poll(STARTUP_TIMEOUT):
                        raise EOFError
                    self.conn.recv()
                    self.ready = True
                self.conn.send(job)
                if self.conn.poll(self.timeout):
                    return self.conn.recv()
                self.stop()
                self.start()
                return failure("timeout", f"stopped after {self.timeout:g} s: the run took too "
                               f"long (an endless loop?). A fresh worker is starting.")
            except (EOFError, OSError):
                code = self.process.exitcode if self.process else None
                self.stop()
                self.start()
                return failure("worker", f"the worker process ended (exit code {code}) while "
                               f"running this: a fresh one is starting")


def kill_group(pid):
    """SIGKILL to the process group `pid` leads (the worker's, where it has
    made it: see worker_main). The worker is not reaped yet, so its id is
    not anyone else's."""
    try:
        if os.getpgid(pid) == pid:
            os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def worker_main(conn, parent_pid):
    """The worker process: leads a process group of its own (killed as one),
    imports JAX and s2s, says so, then answers jobs."""
    try:
        os.setpgid(0, 0)
    except OSError:
        pass

    def watch_parent():
        # a server killed without cleaning up must not leave a worker behind,
        # even one busy in an endless loop, nor what the code it ran started
        while os.getppid() == parent_pid:
            time.sleep(1)
        if os.getpgid(0) == os.getpid():
            os.killpg(0, signal.SIGKILL)
        os._exit(0)
    threading.Thread(target=watch_parent, daemon=True).start()
    import jax  # noqa: F401  (the slow import, before saying ready)
    from . import show  # noqa: F401
    conn.send("ready")
    for n in itertools.count(1):
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        conn.send(serve_job.run_job(job, f"<playground-{n}>"))


# -- command line -------------------------------------------------------------

def redirect_file(url):
    """A page that sends the browser on to `url`, in a new private folder
    (0700), itself 0600: opened as a file:// URL, it keeps the token off the
    browser's command line. Returns its path."""
    folder = tempfile.mkdtemp(prefix="s2s-serve-")
    path = os.path.join(folder, "open-playground.html")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(f"""<!DOCTYPE html>
<html><head><meta charset="utf-8">
<meta http-equiv="refresh" content="0;url={escape(url)}">
<title>s2s playground</title></head>
<body><p>Opening the s2s playground: if nothing happens,
<a href="{escape(url)}">open it here</a>.</p></body></html>
""")
    return path


def _port(text):
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {text!r}")
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {port}")
    return port


def _seconds(text):
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number: {text!r}")
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"a number of seconds more than 0, not {text}")
    return value


def main(argv=None):
    from .cli_args import Parser
    parser = Parser(
        prog="s2s serve", description="A local web playground: type a function, pick "
        "transformations, see the generated code, the passes and the values.")
    parser.add_argument("--port", type=_port, default=DEFAULT_PORT,
                        help=f"the port on 127.0.0.1 (default {DEFAULT_PORT}; 0: any free port)")
    parser.add_argument("--no-open", action="store_true", help="do not open a web browser")
    parser.add_argument("--timeout", type=_seconds, default=DEFAULT_TIMEOUT,
                        help=f"seconds one run may take (default {DEFAULT_TIMEOUT:g})")
    args = parser.parse_args(argv)
    try:
        server = PlaygroundServer(args.port, args.timeout)
    except OSError as e:
        print(f"s2s serve: cannot listen on 127.0.0.1:{args.port}: {e.strerror or e}"
              + (" (--port 0 takes any free port)" if args.port else ""), file=sys.stderr)
        return 2
    print(f"s2s playground: {server.url}\n(only this URL, with its token, is served; "
          f"Ctrl+C stops the server)", flush=True)
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))   # stop as Ctrl+C does
    redirect = None
    try:
        if not args.no_open:
            redirect = redirect_file(server.url)
            webbrowser.open(Path(redirect).as_uri())
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        if redirect is not None:
            shutil.rmtree(os.path.dirname(redirect), ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
