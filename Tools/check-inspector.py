#!/usr/bin/env python3
"""Records a session of the demo, makes its inspector page with rex-inspect, opens the page from
file:// in headless Chromium, and checks what a reader does there: the timeline has a row per
step, the changes shown at a chosen step are that step's, the slider moves the state view, the
filter narrows the rows, and the search finds a value in the state. Saves screenshots.

    Tools/check-inspector.py [SCREENSHOTS_DIR]      # default: a new temporary folder

Installs Debian's chromium and chromium-driver, and Python's selenium, when missing (as
Docs/check-site.py does). Exits 1, saying what it did not find.
"""
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = ["add Buy milk", "add Call Ada", "done 2", "add Water plants", "autosave off", "rm 1"]


def check_site_module():
    spec = importlib.util.spec_from_file_location("check_site", os.path.join(ROOT, "Docs", "check-site.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    shots = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="rex-inspector-")
    os.makedirs(shots, exist_ok=True)
    check_site = check_site_module()
    check_site.install_browser()
    from selenium.webdriver.common.by import By

    work = tempfile.mkdtemp(prefix="rex-inspector-work-")
    subprocess.run(["swift", "build", "--product", "rex-demo"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["swift", "build", "--product", "rex-inspect"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    binaries = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True,
                              text=True).stdout.strip()
    session_file = os.path.join(work, "session.json")
    commands = "\n".join(SCRIPT + [f"export {session_file}"]) + "\n"
    subprocess.run([os.path.join(binaries, "rex-demo"), "--data", os.path.join(work, "data")], input=commands,
                   text=True, check=True, stdout=subprocess.DEVNULL)
    page = os.path.join(work, "session.html")
    subprocess.run([os.path.join(binaries, "rex-inspect"), session_file, "-o", page], check=True,
                   stdout=subprocess.DEVNULL)
    session = json.load(open(session_file))
    steps = session["steps"]

    browser = check_site.open_browser(1400, 900)
    failures = []
    try:
        browser.get("file://" + page)
        rows = browser.find_elements(By.CSS_SELECTOR, "#rows tr")
        if len(rows) != len(steps):
            failures.append(f"the timeline has {len(rows)} rows for {len(steps)} steps")

        def move_slider(position):
            browser.execute_script(
                "const s = document.getElementById('slider'); s.value = arguments[0];"
                "s.dispatchEvent(new Event('input'));", position)

        def text(selector):
            return browser.find_element(By.CSS_SELECTOR, selector).text

        # The step that added "Call Ada": its changes are the new item and the next id.
        added = next(i for i, step in enumerate(steps) if step["action"] == {"list": {"_0": {"add": {"_0": "Call Ada"}}}})
        move_slider(added)
        if 'add("Call Ada")' not in text("#step-title"):
            failures.append(f"at step {added}, the title is {text('#step-title')!r}")
        changes = [item.text for item in browser.find_elements(By.CSS_SELECTOR, "#diff li")]
        if ".list.nextID: 2 → 3" not in changes or not any(line.startswith(".list.items[1]: (none) →") for line in changes):
            failures.append(f"at step {added}, the changes shown are {changes}")
        browser.save_screenshot(os.path.join(shots, "inspector-step.png"))

        # The slider moves the state view.
        first_state = text("#state")
        move_slider(len(steps) - 1)
        if text("#state") == first_state or "Water plants" not in text("#state") + " ".join(
                node.get_attribute("textContent") for node in browser.find_elements(By.CSS_SELECTOR, "#state")):
            failures.append("the slider did not move the state view to the last step")

        # The filter narrows the rows.
        browser.find_element(By.ID, "filter").send_keys("Call Ada")
        visible = [row for row in browser.find_elements(By.CSS_SELECTOR, "#rows tr") if row.is_displayed()]
        if not 0 < len(visible) < len(steps) or not all("call ada" in row.text.lower() for row in visible):
            failures.append(f"the filter left {len(visible)} of {len(steps)} rows: {[row.text for row in visible]}")
        browser.save_screenshot(os.path.join(shots, "inspector-filtered.png"))

        # The search finds a value in the state.
        browser.find_element(By.ID, "search").send_keys("Water")
        if not text("#search-count").endswith("found") or text("#search-count").startswith("0 "):
            failures.append(f"the search says {text('#search-count')!r}")
        browser.save_screenshot(os.path.join(shots, "inspector-search.png"))
    finally:
        browser.quit()
        shutil.rmtree(work, ignore_errors=True)

    return check_site.report("check-inspector", failures, f"{len(steps)} steps; screenshots in {shots}")


if __name__ == "__main__":
    sys.exit(main())
