#!/usr/bin/env python3
"""Starts the live inspector's server and an app that streams to it (Tools/LiveInspector's
sample app: a counter that ticks every half second and prints its state), opens the live page in
headless Chromium, and checks what a developer does there:

- the app's steps arrive on the page as they happen;
- a step picked on the page stays picked as newer steps arrive;
- "Jump here" on an earlier step makes the app travel to that step's state, within a second;
- "Back to live" returns the app to its live state, its ticks go on, and the page follows them;
- an action typed as JSON and dispatched from the page reaches the app, within a second;
- a request without the token is refused;
- the server stopped and started again while the app runs: the app goes on ticking (no turn
  waits on the network), and its steps reach the new server once it is back.

    Tools/check-live-inspector.py [SCREENSHOTS_DIR]      # default: a new temporary folder

Installs Debian's chromium and chromium-driver, and Python's selenium, when missing (as
Docs/check-site.py does). Exits 1, saying what it did not find.
"""
import importlib.util
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "Tools", "LiveInspector")
TOKEN = "check-live-inspector-token"


def check_site_module():
    spec = importlib.util.spec_from_file_location("check_site", os.path.join(ROOT, "Docs", "check-site.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class App:
    """The sample app, running, with the states it printed."""

    def __init__(self, binaries, server):
        self.process = subprocess.Popen([os.path.join(binaries, "live-inspector-sample-app"), TOKEN, server],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.states = []
        self.lock = threading.Lock()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        for line in self.process.stdout:
            if line.startswith("state "):
                with self.lock:
                    self.states.append((time.monotonic(), json.loads(line[len("state "):])))

    def latest(self):
        with self.lock:
            return self.states[-1][1] if self.states else None

    def count(self):
        with self.lock:
            return len(self.states)


def start_server(binaries, port):
    server = subprocess.Popen([os.path.join(binaries, "rex-live-inspector"), "--token", TOKEN, "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    first = server.stdout.readline()
    if "Live inspector on" not in first:
        raise RuntimeError(f"the server said {first!r}")
    wait_for(lambda: reachable(port), 10)
    return server


def reachable(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def wait_for(condition, seconds):
    """Whether `condition` held within `seconds`, asked every 50 ms."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def main():
    shots = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp()
    os.makedirs(shots, exist_ok=True)
    check_site = check_site_module()
    check_site.install_browser()
    subprocess.run(["swift", "build", "--package-path", PACKAGE], check=True, stdout=subprocess.DEVNULL)
    binaries = subprocess.run(["swift", "build", "--package-path", PACKAGE, "--show-bin-path"],
                              check=True, capture_output=True, text=True).stdout.strip()
    failures = []
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(binaries, port)
    app = App(binaries, base)
    browser = check_site.open_browser(1400, 900)
    from selenium.webdriver.common.by import By
    try:
        try:
            urllib.request.urlopen(f"{base}/page/sessions")
            failures.append("a request without the token was answered")
        except urllib.error.HTTPError as error:
            if error.code != 401:
                failures.append(f"a request without the token got {error.code}, not 401")

        browser.get(f"{base}/?token={TOKEN}")
        rows = lambda: browser.find_elements(By.CSS_SELECTOR, "#rows tr")
        if not wait_for(lambda: len(rows()) >= 6, 20):
            failures.append(f"the page shows {len(rows())} steps after 20 s, not 6 or more")
        browser.save_screenshot(os.path.join(shots, "live-steps.png"))

        # Jump to the third step: the app travels to its state. A step picked while live stays
        # picked when newer steps come (the page follows the newest only while it shows it).
        target = rows()[2]
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", target)
        target.click()
        wanted = json.loads(browser.execute_script("return JSON.stringify(steps[2].state)"))
        shown = len(rows())
        if not wait_for(lambda: len(rows()) > shown, 5):
            failures.append(f"no new step reached the page within 5 s of picking one ({shown} shown)")
        picked = browser.execute_script("return current")
        if picked != 2:
            failures.append(f"a new step moved the page from the step picked, 2, to {picked}")
            rows()[2].click()
        clicked = time.monotonic()
        browser.find_element(By.ID, "jump").click()
        if not wait_for(lambda: app.latest() == wanted, 1.5):
            failures.append(f"after Jump here, the app shows {app.latest()}, not step 2's {wanted}")
        else:
            landed = next(moment for moment, state in reversed(app.states) if state == wanted)
            if landed - clicked > 1.0:
                failures.append(f"the jump reached the app after {landed - clicked:.2f} s")
        time.sleep(1.2)
        if app.latest() != wanted:
            failures.append(f"while travelling the app's state moved on to {app.latest()}")

        # Back to live: the app's ticks go on from its live count.
        browser.find_element(By.ID, "return").click()
        if not wait_for(lambda: (app.latest() or {}).get("count", 0) > wanted["count"] + 1, 3):
            failures.append(f"after Back to live, the app shows {app.latest()}")
        shown = len(rows())
        wait_for(lambda: len(rows()) > shown, 5)
        if not browser.execute_script("return steps.length > 0 && current === steps.length - 1"):
            failures.append("after Back to live, the page does not follow the newest step")

        # An action typed on the page reaches the app.
        browser.find_element(By.ID, "action").send_keys('{"note": {"_0": "from the page"}}')
        clicked = time.monotonic()
        browser.find_element(By.ID, "dispatch").click()
        if not wait_for(lambda: "from the page" in (app.latest() or {}).get("log", []), 1.0):
            failures.append(f"the dispatched action did not reach the app within a second: {app.latest()}")
        if not wait_for(lambda: "note" in browser.find_element(By.ID, "rows").text, 3):
            failures.append("the dispatched action's step is not on the page")
        browser.save_screenshot(os.path.join(shots, "live-dispatched.png"))

        # The server goes away and comes back: the app ticks on, then streams to the new server.
        server.terminate()
        server.wait()
        before = app.count()
        time.sleep(2.0)
        if app.count() < before + 3:
            failures.append(f"with the server gone, the app printed {app.count() - before} states in 2 s, not 3 or more")
        if app.process.poll() is not None:
            failures.append("the app stopped when the server went away")
        server = start_server(binaries, port)
        browser.get(f"{base}/?token={TOKEN}")
        if not wait_for(lambda: len(rows()) >= 3, 15):
            failures.append(f"after the server came back, the page shows {len(rows())} steps after 15 s")
        browser.save_screenshot(os.path.join(shots, "live-reconnected.png"))
    finally:
        browser.quit()
        app.process.terminate()
        server.terminate()
    return check_site.report("check-live-inspector", failures, f"{app.count()} states printed; screenshots in {shots}")


if __name__ == "__main__":
    sys.exit(main())
