"""`s2s serve`, the local web playground (s2s/serve.py, s2s/playground/): its
refusals and answers over plain HTTP, then the page end to end in headless
Chromium driven by Selenium."""
import http.client
import json
import os
import re
import select
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
PLAYGROUND = ROOT / "s2s" / "playground"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"

SEED = ("import jax.numpy as jnp\n"
        "\n"
        "def sum_logistic(x):\n"
        "    return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))\n")
# s2s.grad(sum_logistic)(jnp.arange(3.)) in float32 (the last digits differ
# between XLA's CPU and GPU exp: compared with rtol, as tests/test_reverse.py)
SEED_GRAD = [0.25, 0.19661193, 0.10499359]


class Server(NamedTuple):
    process: subprocess.Popen
    port: int
    token: str
    url: str


def start_server(tmp_path, *options):
    """`python -m s2s.serve --port 0 --no-open OPTIONS`, once it has printed its URL."""
    log = open(tmp_path / "serve.log", "w")
    process = subprocess.Popen([sys.executable, "-m", "s2s.serve", "--port", "0", "--no-open",
                                *options], cwd=ROOT, stdout=subprocess.PIPE, stderr=log, text=True)
    log.close()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        ready, _, _ = select.select([process.stdout], [], [], 1)
        line = process.stdout.readline() if ready else ""
        found = re.search(r"(http://127\.0\.0\.1:(\d+)/\?token=([\w-]+))", line)
        if found:
            return Server(process, int(found[2]), found[3], found[1])
        if process.poll() is not None:
            break
    stop_server(process)
    pytest.fail("s2s serve printed no URL:\n" + (tmp_path / "serve.log").read_text())


def stop_server(process):
    """Stops the server as `kill` does; it exits cleanly, its worker with it."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        pytest.fail("s2s serve did not stop on SIGTERM")
    process.stdout.close()
    return process.returncode


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("serve")
    srv = start_server(tmp, "--timeout", "60")
    try:
        # the first run compiles JAX's operations: done here, not in a test
        answer = api(srv, {"code": SEED, "args": "jnp.arange(3.)", "transforms": ["grad"]})
        assert answer["ok"], answer
        yield srv
    finally:
        assert stop_server(srv.process) == 0, (tmp / "serve.log").read_text()


def request(srv, method, path, body=None, headers=()):
    """(status, body) of a request with exactly these headers (Host: the
    server's own unless given)."""
    conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=120)
    try:
        headers = {"Host": f"127.0.0.1:{srv.port}", **dict(headers)}
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        return response.status, response.read().decode()
    finally:
        conn.close()


def api(srv, job, headers=()):
    body = json.dumps(job).encode()
    status, text = request(srv, "POST", "/api/run", body, {
        "Content-Type": "application/json", "X-S2S-Token": srv.token, **dict(headers)})
    assert status == 200, text
    return json.loads(text)


# -- refusals ------------------------------------------------------------------

def test_every_request_needs_the_token(server):
    for path in ("/", "/playground.js", "/playground.css"):
        assert request(server, "GET", path)[0] == 403
        assert request(server, "GET", path + "?token=wrong")[0] == 403
        assert request(server, "GET", f"{path}?token={server.token}")[0] == 200
    status, text = request(server, "POST", "/api/run", b"{}", {"Content-Type": "application/json"})
    assert status == 403 and "token" in text
    # the API takes the token in its header; a wrong one is refused too
    status, _ = request(server, "POST", "/api/run", b"{}", {
        "Content-Type": "application/json", "X-S2S-Token": server.token[:-1]})
    assert status == 403


def test_wrong_host_is_refused(server):
    """A name re-pointed at 127.0.0.1 (DNS rebinding) arrives with its own Host."""
    for host in ("evil.example", f"evil.example:{server.port}", "127.0.0.1", "127.0.0.1:1"):
        status, text = request(server, "GET", f"/?token={server.token}", headers={"Host": host})
        assert status == 403 and "Host" in text, host
    status, _ = request(server, "GET", f"/?token={server.token}",
                        headers={"Host": f"localhost:{server.port}"})
    assert status == 200


def test_cross_site_origin_is_refused(server):
    job = {"code": SEED, "transforms": ["jvp"]}
    for origin in ("http://evil.example", f"http://evil.example:{server.port}", "null",
                   f"https://127.0.0.1:{server.port}"):
        body = json.dumps(job).encode()
        status, text = request(server, "POST", "/api/run", body, {
            "Content-Type": "application/json", "X-S2S-Token": server.token, "Origin": origin})
        assert status == 403 and "cross-site" in text, origin
    assert api(server, job, {"Origin": f"http://127.0.0.1:{server.port}"})["ok"]


def test_only_json_is_taken(server):
    status, _ = request(server, "POST", "/api/run", b"code=1", {
        "Content-Type": "application/x-www-form-urlencoded", "X-S2S-Token": server.token})
    assert status == 415
    status, text = request(server, "POST", "/api/run", b'{"code": 1}', {
        "Content-Type": "application/json", "X-S2S-Token": server.token})
    assert status == 400 and "code" in text


def test_oversized_body_is_refused(server):
    headers = {"Content-Type": "application/json", "X-S2S-Token": server.token}
    # answered from Content-Length alone, before a body is read
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    conn.putrequest("POST", "/api/run")
    for k, v in {**headers, "Content-Length": str(10 ** 8)}.items():
        conn.putheader(k, v)
    conn.endheaders()
    response = conn.getresponse()
    assert response.status == 413 and "too large" in response.read().decode()
    conn.close()
    body = json.dumps({"code": "#" * 150_000, "transforms": ["grad"]}).encode()
    assert request(server, "POST", "/api/run", body, headers)[0] == 413


def test_listens_on_127_0_0_1_only(server):
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.2", server.port), timeout=10).close()


def test_page_is_offline():
    """No CDN, no external URL: the page works without a network (and the
    server's Content-Security-Policy would block one anyway)."""
    for name in ("index.html", "playground.js", "playground.css"):
        text = (PLAYGROUND / name).read_text()
        assert not re.search(r"https?://|(src|href)=\"//|url\(", text), name


def test_page_headers(server):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    conn.request("GET", f"/?token={server.token}")
    response = conn.getresponse()
    page = response.read().decode()
    conn.close()
    assert "default-src 'none'" in response.headers["Content-Security-Policy"]
    assert response.headers["Referrer-Policy"] == "no-referrer"
    # the page's own script and style carry the token
    assert f'playground.js?token={server.token}"' in page
    assert f'playground.css?token={server.token}"' in page


# -- answers -------------------------------------------------------------------

def test_run_sum_logistic(server):
    answer = api(server, {"code": SEED, "args": "jnp.arange(3.)", "explain": False,
                          "transforms": ["vjp", "grad", "jvp", "vmap"]})
    assert answer["ok"], answer
    assert answer["function"] == "sum_logistic"   # the last def
    # the view is s2s.show's, columns in the playground's order
    assert answer["view"].startswith('<div class="s2s-show">')
    assert re.findall(r"<th>(\w+)</th>", answer["view"]) == ["sum_logistic", "jvp", "grad",
                                                            "vmap", "vjp"]
    assert 'data-origin="4"' in answer["view"]
    results = {t["name"]: t for t in answer["transforms"]}
    assert list(results) == ["jvp", "grad", "vmap", "vjp"]
    [[label, text]] = results["grad"]["values"]
    assert label == "result" and text.startswith("[0.25 ")
    np.testing.assert_allclose(numbers(text), SEED_GRAD, rtol=1e-6)
    primal, tangent = results["jvp"]["values"]
    np.testing.assert_allclose(numbers(tangent[1]), [sum(SEED_GRAD)], rtol=1e-6)
    np.testing.assert_allclose(numbers(results["vjp"]["values"][1][1]), SEED_GRAD, rtol=1e-6)
    # vmap runs on a batch of two copies of the one example, as its column shows
    [[label, text]] = results["vmap"]["values"]
    assert "batch of two copies" in label
    one = float(np.sum(1 / (1 + np.exp(-np.arange(3.0)))))
    np.testing.assert_allclose(numbers(text), [one, one], rtol=1e-6)
    # each line of the generated code as it ran, for the page to step through
    trace = results["grad"]["steps"]
    lines = [trace["source"][step["line"] - 1].strip() for step in trace["steps"]]
    assert lines[0] == "neg = -x" and lines[-2] == "x_bar = div / add * exp"
    sweeps = [step["sweep"] for step in trace["steps"]]
    turn = lines.index("x_bar = div / add * exp")   # (the seed folded in: algebra.py)
    assert set(sweeps[:turn]) == {"forward sweep"} and set(sweeps[turn:]) == {"reverse sweep"}
    [[name, summary]] = trace["steps"][-2]["sets"]
    assert name == "x_bar" and summary.startswith("float32[3] [0.25 ")
    assert trace["origins"][trace["steps"][0]["line"] - 1] == 4
    assert results["vmap"]["steps"]["steps"][0]["sets"][0][1].startswith("float32[2, 3]")
    vjp_sweeps = [step["sweep"] for step in results["vjp"]["steps"]["steps"]]
    assert vjp_sweeps[0] == "forward sweep" and vjp_sweeps[-1] == "reverse sweep"
    # the passes: every stage, its diff against the one before
    passes = results["grad"]["passes"]
    assert passes[0]["name"] == "source" and "def sum_logistic(x):" in passes[0]["text"]
    # origin comments name the user's line, not the playground's file name
    assert "    # line 4: return jnp.sum(" in passes[0]["text"]
    assert "<playground" not in json.dumps(answer["transforms"])
    grad_pass = next(p for p in passes if p["name"] == "grad")
    assert grad_pass["changed"] and "+def sum_logistic_grad(x):" in grad_pass["text"]
    assert grad_pass["text"].startswith("--- ")
    assert all(p["text"] == "(no change)" for p in passes if not p["changed"])


def test_steps_of_a_hessian_go_through_its_whole_program(server):
    """A Hessian's program is the basis, one batched call and the assembly:
    the steps go into the batched function and come back out."""
    answer = api(server, {"code": SEED, "args": "jnp.arange(3.)", "transforms": ["hessian"]})
    assert answer["ok"], answer
    trace = answer["transforms"][0]["steps"]
    lines = [trace["source"][step["line"] - 1].strip() for step in trace["steps"]]
    assert lines[0] == "x_dot_batch = jnp.eye(3, dtype=jnp.float32)"
    assert "neg_dot_batch = -x_dot_batch" in lines
    assert lines[-2] == "hessian = jnp.moveaxis(out_dot_batch, 0, -1)"
    sweeps = [step["sweep"] for step in trace["steps"]]
    assert sweeps[0] == sweeps[-1] == "basis in, result out"
    assert "the batched code: every direction at once" in sweeps
    [[name, summary]] = trace["steps"][-2]["sets"]
    assert name == "hessian" and summary.startswith("float32[3, 3]")


def test_explain(server):
    """explain: the view's generated columns carry teaching comments."""
    def comments(explain):
        answer = api(server, {"code": SEED, "transforms": ["grad"], "explain": explain})
        assert answer["ok"], answer
        return answer["view"].count('<span class="c1">')
    assert comments(True) > comments(False)


def test_printed_output_comes_back(server):
    code = SEED + "print('hello from the code')\n"
    answer = api(server, {"code": code, "transforms": ["grad"]})
    assert answer["ok"] and answer["output"] == "hello from the code\n"


def test_syntax_error_at_the_users_line(server):
    code = "import jax.numpy as jnp\ndef f(x):\n    return jnp.sin(x) +\n"
    error = api(server, {"code": code, "transforms": ["grad"]})["error"]
    assert error["kind"] == "SyntaxError" and error["where"] == "code"
    assert error["line"] == 3 and error["text"] == "    return jnp.sin(x) +"
    assert error["traceback"] is None


def test_s2s_error_at_the_users_line(server):
    code = ("import jax.numpy as jnp\n"
            "def f(x):\n"
            "    try:\n"
            "        return jnp.sin(x)\n"
            "    except ValueError:\n"
            "        return x\n")
    error = api(server, {"code": code, "transforms": ["grad"]})["error"]
    assert error["kind"] == "s2s" and error["line"] == 3 and error["col"] == 4
    assert "try" in error["message"] and error["hint"]
    assert error["traceback"] is None and "s2s/" not in json.dumps(error)


def test_runtime_error_at_the_users_line(server):
    """Raised while running the generated code: at the user's line it comes from."""
    code = ("import jax.numpy as jnp\n"
            "def f(x):\n"
            "    y = jnp.sin(x)\n"
            "    z = jnp.reshape(y, (7,))\n"
            "    return jnp.sum(z)\n")
    answer = api(server, {"code": code, "args": "jnp.arange(3.)", "transforms": ["grad"]})
    assert answer["ok"]   # the code is generated; running it fails
    error = answer["transforms"][0]["values"]
    assert error["line"] == 4 and "reshape" in error["message"]
    # while the module runs
    error = api(server, {"code": "x = 1\n\ny = x / 0\n", "transforms": ["grad"]})["error"]
    assert error["kind"] == "ZeroDivisionError" and error["line"] == 3


def test_field_errors(server):
    error = api(server, {"code": SEED, "args": "jnp.arange(3.", "transforms": ["grad"]})["error"]
    assert error["where"] == "args" and error["kind"] == "SyntaxError"
    error = api(server, {"code": SEED, "args": "nope", "transforms": ["grad"]})["error"]
    assert error["where"] == "args" and "nope" in error["message"]
    error = api(server, {"code": SEED, "transforms": ["vmap", "hessian"]})["error"]
    assert error["where"] == "args" and "vmap, hessian need example arguments" in error["message"]
    error = api(server, {"code": SEED, "function": "g", "transforms": ["grad"]})["error"]
    assert error["where"] == "function" and "sum_logistic" in error["hint"]
    error = api(server, {"code": SEED, "transforms": []})["error"]
    assert error["where"] == "transforms"


def test_run_time_is_limited(tmp_path):
    """A run past --timeout is answered when the time is up; the worker is
    replaced, and the next run works."""
    srv = start_server(tmp_path, "--timeout", "3")
    try:
        # a fresh worker's imports are not the run's time: wait for them here
        assert api(srv, {"code": SEED, "transforms": ["jvp"]})["ok"]
        endless = "import jax.numpy as jnp\nwhile True:\n    pass\n" + SEED
        started = time.monotonic()
        answer = api(srv, {"code": endless, "transforms": ["grad"]})
        assert answer["error"]["kind"] == "timeout", answer
        assert "stopped after 3 s" in answer["error"]["message"]
        assert 3 <= time.monotonic() - started < 3 + 15
        # endless in the example arguments, in a worker that was just replaced
        answer = api(srv, {"code": SEED, "args": "[x for x in iter(int, 1)]",
                           "transforms": ["grad"]})
        assert answer["error"]["kind"] == "timeout", answer
        answer = api(srv, {"code": SEED, "args": "jnp.arange(3.)", "transforms": ["grad"]})
        assert answer["ok"], answer
        np.testing.assert_allclose(numbers(answer["transforms"][0]["values"][0][1]), SEED_GRAD,
                                   rtol=1e-6)
    finally:
        assert stop_server(srv.process) == 0


def numbers(text):
    return [float(v) for v in re.findall(r"-?\d+\.\d*(?:e[-+]?\d+)?", text)]


# -- the page in a browser -----------------------------------------------------

@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not os.path.exists(p)]
    if missing:
        pytest.fail(f"{' and '.join(missing)} missing: the playground's browser tests need "
                    f"Debian's chromium and chromium-driver packages; `make test` installs them "
                    f"(apt-get install chromium chromium-driver)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--window-size=1400,1000",
                 f"--user-data-dir={tmp_path_factory.mktemp('chromium')}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    try:
        yield driver
    finally:
        driver.quit()


def test_page_without_token_is_refused(server, browser):
    from selenium.webdriver.common.by import By
    browser.get(f"http://127.0.0.1:{server.port}/")
    text = browser.find_element(By.TAG_NAME, "body").text
    assert "403 Forbidden" in text and "token" in text
    assert not browser.find_elements(By.ID, "code")


def test_grad_of_sum_logistic_in_the_page(server, browser, tmp_path):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    browser.get(server.url)
    code = wait_for(browser, lambda: browser.find_element(By.ID, "code"))
    code.clear()
    code.send_keys(SEED)
    assert browser.execute_script("return document.getElementById('code').value") == SEED
    # the function field follows the code's last def
    assert browser.find_element(By.ID, "function").get_attribute("value") == "sum_logistic"
    pick_transforms(browser, ("grad",))
    set_args(browser, "jnp.arange(3.)")
    browser.find_element(By.ID, "run").click()
    wait_for_result(browser)

    # the generated code, as s2s.show gives it
    view = browser.find_element(By.ID, "view")
    assert [th.text for th in view.find_elements(By.TAG_NAME, "th")] == ["sum_logistic", "grad"]
    assert "def sum_logistic_grad(x):" in view.text
    assert "x_bar = div / add * exp" in view.text
    # the value at the example arguments, as numpy prints it
    value = browser.find_element(By.CSS_SELECTOR, '#values tr[data-transform="grad"] pre').text
    assert re.fullmatch(r"\[0\.25 +0\.1966119\d +0\.104993\d\d\]", value), value
    np.testing.assert_allclose(numbers(value), SEED_GRAD, rtol=1e-6)
    # the passes, each a diff against the one before
    passes = browser.find_element(By.CSS_SELECTOR, '#passes details[data-transform="grad"]')
    text = passes.get_attribute("textContent")
    for stage in ("source", "normalize", "grad", "simplify"):
        assert stage in text
    assert "+def sum_logistic_grad(x):" in text and "(no change)" in text

    # hover a generated line: it, its user line and every line made from that
    # user line light up, in both columns; the editor's line number too
    line = next(e for e in view.find_elements(By.CSS_SELECTOR, "td:nth-child(2) .s2s-line")
                if "exp = jnp.exp(neg)" in e.text)
    origin = line.get_attribute("data-origin")
    assert origin == "4"
    ActionChains(browser).move_to_element(line).perform()
    lit = view.find_elements(By.CSS_SELECTOR, ".s2s-line.s2s-hl")
    assert line in lit
    assert {e.get_attribute("data-origin") for e in lit} == {origin}
    same = view.find_elements(By.CSS_SELECTOR, f'.s2s-line[data-origin="{origin}"]')
    assert len(lit) == len(same)
    columns = browser.execute_script(
        "return [...document.querySelectorAll('#view .s2s-hl')]"
        ".map(e => e.closest('td').cellIndex)")
    assert set(columns) == {0, 1}
    assert browser.find_element(By.CSS_SELECTOR, "#gutter .hover").text == origin
    # the user's `def` line is not lit
    assert "s2s-hl" not in view.find_element(
        By.CSS_SELECTOR, 'td:first-child .s2s-line[data-origin="3"]').get_attribute("class")

    # step through the gradient: down the forward sweep, back up the reverse one
    assert browser.find_element(By.ID, "step-transform").get_attribute("value") == "grad"
    where = browser.find_element(By.ID, "step-where")

    def current():
        return browser.find_element(By.CSS_SELECTOR, "#step-code .gl.current").text.strip()

    def value(name):
        return browser.find_element(By.CSS_SELECTOR,
                                    f'#step-values tr[data-name="{name}"] td').text
    assert where.text.startswith("step 1 of ") and "forward sweep" in where.text
    assert current() == "neg = -x"
    browser.find_element(By.ID, "step-next").click()
    assert current() == "exp = jnp.exp(neg)" and "step 2 of " in where.text
    assert value("exp").startswith("float32[3] ")
    np.testing.assert_allclose(numbers(value("exp")), np.exp(-np.arange(3.0)), rtol=1e-3)
    assert browser.find_element(By.CSS_SELECTOR, "#gutter .step").text == "4"
    steps_seen = [current()]
    while "reverse sweep" not in where.text:
        browser.find_element(By.ID, "step-next").click()
        steps_seen.append(current())
    assert steps_seen[-2:] == ["check_real(div)", "x_bar = div / add * exp"]
    browser.find_element(By.ID, "step-last").click()
    assert current() == "return x_bar" and "reverse sweep" in where.text
    assert browser.find_element(By.ID, "step-next").get_attribute("disabled")
    browser.find_element(By.ID, "step-prev").click()
    assert current() == "x_bar = div / add * exp"
    np.testing.assert_allclose(numbers(value("x_bar")), SEED_GRAD, rtol=1e-3)
    # lines already run are marked, later ones are not
    assert "ran" in browser.find_element(
        By.CSS_SELECTOR, '#step-code .gl[data-line="3"]').get_attribute("class")

    shot = tmp_path / "playground.png"
    assert browser.save_screenshot(str(shot))
    data = shot.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 10_000


def test_error_shown_at_the_users_line_in_the_page(server, browser):
    from selenium.webdriver.common.by import By

    browser.get(server.url)
    code = wait_for(browser, lambda: browser.find_element(By.ID, "code"))
    bad = ("import jax.numpy as jnp\n\n"
           "def f(x):\n"
           "    try:\n"
           "        return x\n"
           "    except ValueError:\n"
           "        return x\n")
    # set the value as a paste would, then tell the page
    browser.execute_script("arguments[0].value = arguments[1];"
                           "arguments[0].dispatchEvent(new Event('input'));", code, bad)
    assert browser.find_element(By.ID, "function").get_attribute("value") == "f"
    browser.find_element(By.ID, "run").click()
    error = wait_for(browser, lambda: browser.find_element(By.ID, "error").is_displayed()
                     and browser.find_element(By.ID, "error"))
    assert error.text.startswith("line 4: `try` statements are not supported")
    assert "hint: " in error.text and "Traceback" not in error.text
    assert browser.find_element(By.CSS_SELECTOR, "#gutter .err").text == "4"
    assert not browser.find_element(By.ID, "output").is_displayed()


def pick_transforms(browser, names):
    """Tick exactly the transformations `names` in the page."""
    from selenium.webdriver.common.by import By
    for box in browser.find_elements(By.CSS_SELECTOR, 'input[name="transform"]'):
        if box.is_selected() != (box.get_attribute("value") in names):
            box.click()


def set_args(browser, text):
    from selenium.webdriver.common.by import By
    args = browser.find_element(By.ID, "args")
    args.clear()
    args.send_keys(text)


def wait_for(browser, found, seconds=60):
    from selenium.webdriver.support.ui import WebDriverWait
    return WebDriverWait(browser, seconds).until(lambda _: found())


def wait_for_result(browser):
    from selenium.webdriver.common.by import By
    wait_for(browser, lambda: browser.find_element(By.ID, "output").is_displayed()
             or browser.find_element(By.ID, "error").is_displayed())
    error = browser.find_element(By.ID, "error")
    assert not error.is_displayed(), error.text


def test_wide_views_scroll_inside_the_page(server, browser):
    """grad, hessian and explain side by side are wider than a 1,400-px window:
    the view scrolls in its own box (and so do the steps' code and the passes),
    the page itself never scrolls sideways."""
    from selenium.webdriver.common.by import By
    browser.get(server.url)
    code = wait_for(browser, lambda: browser.find_element(By.ID, "code"))
    code.clear()
    code.send_keys(SEED)
    pick_transforms(browser, ("grad", "hessian"))
    if not browser.find_element(By.ID, "explain").is_selected():
        browser.find_element(By.ID, "explain").click()
    browser.find_element(By.ID, "run").click()
    wait_for_result(browser)
    for details in browser.find_elements(By.CSS_SELECTOR, "#passes details"):
        browser.execute_script("arguments[0].open = true", details)
    page = browser.execute_script(
        "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert page[0] <= page[1], f"the page scrolls sideways: {page[0]} px in {page[1]}"
    view = browser.execute_script(
        "const v = document.getElementById('view'); return [v.scrollWidth, v.clientWidth]")
    assert view[0] > view[1], "the view fits: this test no longer shows a wide view"


def test_a_state_is_shared_in_the_address_fragment(server, browser):
    """After a run the address ends with #s=... (the code and the choices,
    never sent to a server); opening it fills the page in, without running."""
    from selenium.webdriver.common.by import By
    browser.get(server.url)
    code = wait_for(browser, lambda: browser.find_element(By.ID, "code"))
    shared = "import jax.numpy as jnp\n\ndef cube(x):\n    return jnp.sum(x ** 3)  # ünïcode\n"
    code.clear()
    code.send_keys(shared)
    pick_transforms(browser, ("jvp", "hessian"))
    set_args(browser, "jnp.ones(2)")
    browser.find_element(By.ID, "run").click()
    wait_for_result(browser)
    fragment = browser.execute_script("return location.hash")
    assert fragment.startswith("#s=")

    browser.get("about:blank")
    browser.get(server.url + fragment)
    wait_for(browser, lambda: browser.find_element(By.ID, "code"))
    value = lambda i: browser.execute_script(f"return document.getElementById('{i}').value")  # noqa: E731
    assert value("code") == shared and value("function") == "cube" and value("args") == "jnp.ones(2)"
    checked = [b.get_attribute("value") for b in
               browser.find_elements(By.CSS_SELECTOR, 'input[name="transform"]') if b.is_selected()]
    assert checked == ["jvp", "hessian"]
    assert not browser.find_element(By.ID, "output").is_displayed()   # not run
