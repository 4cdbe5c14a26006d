#!/usr/bin/env python3
"""Records sessions of the demo, makes their inspector pages with rex-inspect, opens them from
file:// in headless Chromium, and checks what a reader does there.

The first session (a few to-dos): the timeline has a row per step, the changes shown at a chosen
step are that step's, the slider moves the state view, the filter narrows the rows, and the search
finds a value in the state.

The second (to-dos titled "<!--", "<script>", "</script>", with quotes and non-ASCII text, and
forty more): every step has its row and shows when chosen, and the state shows the titles as they
are; the arrow keys move one step, on the slider (all four) and off it (skipping the rows the
filter hides); the selected row is scrolled into view; a long action is cut short with a button
that shows it all; a duration reads in units.

    Tools/check-inspector.py [SCREENSHOTS_DIR]      # default: a new temporary folder

Installs Debian's chromium and chromium-driver, and Python's selenium, when missing (as
Docs/check-site.py does). Exits 1, saying what it did not find.
"""
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = ["add Buy milk", "add Call Ada", "done 2", "add Water plants", "autosave off", "rm 1"]
HOSTILE = ["<!--", "<!-- <script>", "<script>alert('x')</script>", "</script><!--", 'She said "hi" & left',
           "Ünïcödé ✓ 日本 😀", "a\u2028b"]
HOSTILE_SCRIPT = [f"add {title}" for title in HOSTILE] + [f"add Item {n}" for n in range(1, 41)] + ["save", "done 1"]
# The most characters a row's action shows before its "more" button.
ROW_LIMIT = 160


def check_site_module():
    spec = importlib.util.spec_from_file_location("check_site", os.path.join(ROOT, "Docs", "check-site.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def record(binaries, work, name, script):
    """Runs the demo with `script`, exports its session, and makes the page: (session, page path)."""
    session_file = os.path.join(work, f"{name}.json")
    commands = "\n".join(script + [f"export {session_file}"]) + "\n"
    subprocess.run([os.path.join(binaries, "rex-demo"), "--data", os.path.join(work, f"{name}-data")],
                   input=commands, text=True, check=True, stdout=subprocess.DEVNULL)
    page = os.path.join(work, f"{name}.html")
    subprocess.run([os.path.join(binaries, "rex-inspect"), session_file, "-o", page], check=True,
                   stdout=subprocess.DEVNULL)
    with open(session_file, encoding="utf-8") as file:
        return json.load(file), page


class Page:
    """The inspector page open in the browser, and what a check reads and does there."""

    def __init__(self, browser, path):
        from selenium.webdriver.common.by import By
        self.browser, self.by = browser, By
        browser.get("file://" + path)

    def text(self, selector):
        return self.browser.find_element(self.by.CSS_SELECTOR, selector).text

    def rows(self):
        return self.browser.find_elements(self.by.CSS_SELECTOR, "#rows tr")

    def click_row(self, position):
        """Clicks the row, brought to the middle of the timeline first (where the header does not cover it)."""
        row = self.rows()[position]
        self.browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", row)
        row.click()

    def move_slider(self, position):
        self.browser.execute_script(
            "const s = document.getElementById('slider'); s.value = arguments[0];"
            "s.dispatchEvent(new Event('input'));", position)

    def selected(self):
        """The position of the selected row, and the slider's."""
        return self.browser.execute_script(
            "const row = document.querySelector('#rows tr.selected');"
            "return [row ? Number(row.dataset.index) : null, Number(document.getElementById('slider').value)];")

    def selected_row_in_view(self):
        """Whether the selected row is whole in the timeline's view, below its header."""
        return self.browser.execute_script(
            "const row = document.querySelector('#rows tr.selected'); if (!row) return false;"
            "const r = row.getBoundingClientRect(), t = document.getElementById('timeline').getBoundingClientRect(),"
            "  h = document.querySelector('#timeline thead').getBoundingClientRect();"
            "return r.top >= h.bottom - 1 && r.bottom <= t.bottom + 1;")

    def press(self, key, times=1):
        from selenium.webdriver.common.action_chains import ActionChains
        for _ in range(times):
            ActionChains(self.browser).send_keys(key).perform()

    def focus(self, element_id):
        self.browser.execute_script("document.getElementById(arguments[0]).focus();", element_id)

    def blur(self):
        self.browser.execute_script("document.activeElement.blur();")


def check_demo_session(browser, page_path, steps, shots, failures):
    By = browser_by()
    page = Page(browser, page_path)
    rows = page.rows()
    if len(rows) != len(steps):
        failures.append(f"the timeline has {len(rows)} rows for {len(steps)} steps")

    # The step that added "Call Ada": its changes are the new item and the next id.
    added = next(i for i, step in enumerate(steps) if step["action"] == {"list": {"_0": {"add": {"_0": "Call Ada"}}}})
    page.move_slider(added)
    if 'add("Call Ada")' not in page.text("#step-title"):
        failures.append(f"at step {added}, the title is {page.text('#step-title')!r}")
    changes = [item.text for item in browser.find_elements(By.CSS_SELECTOR, "#diff li")]
    if ".list.nextID: 2 → 3" not in changes or not any(line.startswith(".list.items[1]: (none) →") for line in changes):
        failures.append(f"at step {added}, the changes shown are {changes}")
    browser.save_screenshot(os.path.join(shots, "inspector-step.png"))

    # The slider moves the state view.
    first_state = page.text("#state")
    page.move_slider(len(steps) - 1)
    if page.text("#state") == first_state or "Water plants" not in page.text("#state") + " ".join(
            node.get_attribute("textContent") for node in browser.find_elements(By.CSS_SELECTOR, "#state")):
        failures.append("the slider did not move the state view to the last step")

    # The filter narrows the rows.
    browser.find_element(By.ID, "filter").send_keys("Call Ada")
    visible = [row for row in page.rows() if row.is_displayed()]
    if not 0 < len(visible) < len(steps) or not all("call ada" in row.text.lower() for row in visible):
        failures.append(f"the filter left {len(visible)} of {len(steps)} rows: {[row.text for row in visible]}")
    browser.save_screenshot(os.path.join(shots, "inspector-filtered.png"))

    # The search finds a value in the state.
    browser.find_element(By.ID, "search").send_keys("Water")
    if not page.text("#search-count").endswith("found") or page.text("#search-count").startswith("0 "):
        failures.append(f"the search says {page.text('#search-count')!r}")
    browser.save_screenshot(os.path.join(shots, "inspector-search.png"))


def browser_by():
    from selenium.webdriver.common.by import By
    return By


def check_hostile_session(browser, page_path, steps, shots, failures):
    from selenium.webdriver.common.keys import Keys
    By = browser_by()
    page = Page(browser, page_path)

    # Every step has its row, in order, and shows when chosen.
    numbers = [row.find_element(By.CSS_SELECTOR, "td.number").text for row in page.rows()]
    if numbers != [str(step["index"]) for step in steps]:
        failures.append(f"hostile titles: the timeline shows {len(numbers)} rows for {len(steps)} steps")
        return
    for position, step in enumerate(steps):
        page.move_slider(position)
        if not page.text("#step-title").startswith(f"Step {step['index']}: "):
            failures.append(f"hostile titles: at step {position}, the title is {page.text('#step-title')!r}")
    actions = " ".join(row.find_element(By.CSS_SELECTOR, "td.action").get_attribute("textContent") for row in page.rows())
    state = browser.find_element(By.ID, "state").get_attribute("textContent")
    for title in HOSTILE:
        shown = json.dumps(title, ensure_ascii=False)
        if f"add({shown})" not in actions:
            failures.append(f"hostile titles: no row shows add({shown})")
        if shown not in state:
            failures.append(f"hostile titles: the last state does not show {shown}")
    browser.save_screenshot(os.path.join(shots, "inspector-hostile.png"))

    # The page opens at the last step, its row in view.
    page = Page(browser, page_path)
    if page.selected() != [len(steps) - 1] * 2 or not page.selected_row_in_view():
        failures.append(f"keys: the page opens at {page.selected()}, its row in view: {page.selected_row_in_view()}")

    # On the slider, each arrow moves one step: right and up forward, left and down back.
    middle = len(steps) // 2
    page.click_row(middle)
    page.focus("slider")
    for key, name, expected in [(Keys.ARROW_RIGHT, "right", middle + 1), (Keys.ARROW_LEFT, "left", middle),
                                (Keys.ARROW_UP, "up", middle + 1), (Keys.ARROW_DOWN, "down", middle)]:
        page.press(key)
        if page.selected() != [expected, expected]:
            failures.append(f"keys: {name} on the slider goes to (row, slider) {page.selected()}, not step {expected}")

    # Off the slider, the arrows go to the next row the filter shows, and scroll it into view.
    page.blur()
    browser.execute_script("document.getElementById('timeline').scrollTop = 0;")
    page.click_row(0)
    for press in range(1, 41):
        page.press(Keys.ARROW_DOWN)
        if page.selected()[0] != min(press, len(steps) - 1) or not page.selected_row_in_view():
            failures.append(f"keys: after {press} presses of down from the first row, the selection is "
                            f"{page.selected()}, its row in view: {page.selected_row_in_view()}")
            break
    browser.find_element(By.ID, "filter").send_keys('add("item 1')
    shown = [int(row.get_attribute("data-index")) for row in page.rows() if row.is_displayed()]
    if len(shown) != 11:
        failures.append(f"keys: the filter 'add(\"item 1' shows {len(shown)} rows, not Item 1 and 10 to 19")
    elif shown[-1] - shown[0] == len(shown) - 1:
        failures.append("keys: the rows the filter shows are next to each other: nothing to skip")
    else:
        page.click_row(shown[0])
        page.blur()
        for expected in shown[1:]:
            page.press(Keys.ARROW_DOWN)
            if page.selected()[0] != expected:
                failures.append(f"keys: down with a filter goes to row {page.selected()[0]}, not the next shown, {expected}")
                break
        for expected in reversed(shown[:-1]):
            page.press(Keys.ARROW_UP)
            if page.selected()[0] != expected:
                failures.append(f"keys: up with a filter goes to row {page.selected()[0]}, not the one shown before, {expected}")
                break
    browser.find_element(By.ID, "filter").clear()
    browser.execute_script("document.getElementById('filter').dispatchEvent(new Event('input'));")

    # A long action is cut short, with a button that shows it all; its duration reads in units.
    saved = max(range(len(steps)), key=lambda position: len(json.dumps(steps[position]["action"])))
    if "saved" not in json.dumps(steps[saved]["action"]):
        failures.append("long payloads: the session has no saved list to show")
        return
    cell = page.rows()[saved].find_element(By.CSS_SELECTOR, "td.action")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", cell)
    if len(cell.text) > ROW_LIMIT + 40:
        failures.append(f"long payloads: the row of the saved list shows {len(cell.text)} characters")
    buttons = cell.find_elements(By.CSS_SELECTOR, "button")
    if not buttons:
        failures.append("long payloads: the row of the saved list has no button to show it all")
    else:
        buttons[0].click()
        if "Item 40" not in cell.text:
            failures.append("long payloads: the row's button does not show the whole action")
        browser.save_screenshot(os.path.join(shots, "inspector-expanded.png"))
    if not re.search(r"duration: \d+(\.\d+)? (s|ms|µs|ns)\b", cell.get_attribute("textContent")) or "duration: [" in cell.get_attribute("textContent"):
        failures.append(f"durations: the saved list's row shows {re.findall(r'duration: [^,)]*[,)]', cell.get_attribute('textContent'))}")


def main():
    shots = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="rex-inspector-")
    os.makedirs(shots, exist_ok=True)
    check_site = check_site_module()
    check_site.install_browser()

    work = tempfile.mkdtemp(prefix="rex-inspector-work-")
    subprocess.run(["swift", "build", "--product", "rex-demo"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["swift", "build", "--product", "rex-inspect"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    binaries = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True,
                              text=True).stdout.strip()
    session, page = record(binaries, work, "session", SCRIPT)
    hostile, hostile_page = record(binaries, work, "hostile", HOSTILE_SCRIPT)

    browser = check_site.open_browser(1400, 900)
    failures = []
    try:
        check_demo_session(browser, page, session["steps"], shots, failures)
        check_hostile_session(browser, hostile_page, hostile["steps"], shots, failures)
    finally:
        browser.quit()
        shutil.rmtree(work, ignore_errors=True)

    return check_site.report("check-inspector", failures, f"{len(session['steps'])} and {len(hostile['steps'])} steps; "
                             f"screenshots in {shots}")


if __name__ == "__main__":
    sys.exit(main())
