#!/usr/bin/env python3
"""Builds the documentation site, serves it on 127.0.0.1, and has headless Chromium follow links
as a reader would: from the landing page into each module and to each article (whose title must
be the link's), and from a RexMiddlewares symbol to the RexCore symbol it links to. Saves a
screenshot of each module page, the landing page and the page reached across modules.

    Docs/check-site.py [SCREENSHOTS_DIR]      # default: a new temporary folder

The site is built by Docs/build-docs.sh, with warnings as errors, run from a new temporary
folder and given a relative output folder, which must then be there, not in the repository.
Installs Debian's chromium and chromium-driver, and Python's selenium, when missing. Exits 1,
saying what it did not find, if a link does not lead where it should.
"""
import functools
import html
import http.server
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def install_browser():
    if not (shutil.which("chromium") and shutil.which("chromedriver")):
        print("check-site: installing chromium and chromium-driver")
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True)
        subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "chromium", "chromium-driver"], check=True,
                       stdout=subprocess.DEVNULL)
    try:
        import selenium  # noqa: F401
    except ImportError:
        print("check-site: installing selenium")
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "selenium"], check=True)


def open_browser(width, height):
    """Headless Chromium, driven by selenium (install_browser first)."""
    from selenium import webdriver
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", f"--window-size={width},{height}"):
        options.add_argument(argument)
    options.binary_location = shutil.which("chromium")
    return webdriver.Chrome(service=webdriver.ChromeService(shutil.which("chromedriver")), options=options)


def report(name, failures, summary):
    """Prints each failure and the summary; returns the exit status."""
    for failure in failures:
        print(f"{name}: {failure}", file=sys.stderr)
    print(f"{name}: {len(failures)} failures; {summary}")
    return 1 if failures else 0


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(folder):
    handler = functools.partial(QuietHandler, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def main():
    shots = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="rex-site-")
    os.makedirs(shots, exist_ok=True)
    install_browser()
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as seen
    from selenium.webdriver.support.ui import WebDriverWait

    failures = []
    caller = tempfile.mkdtemp(prefix="rex-docs-")
    subprocess.run([os.path.join(ROOT, "Docs", "build-docs.sh"), "site"], cwd=caller, check=True,
                   stdout=subprocess.DEVNULL)
    site = os.path.join(caller, "site")
    if not os.path.isfile(os.path.join(site, "index.html")):
        print(f"check-site: build-docs.sh did not write the site into its caller's folder, {caller}", file=sys.stderr)
        return 1
    server, base = serve(site)

    browser = open_browser(1280, 900)

    def title_is(expected):
        """Waits for DocC's page to render its title, and says whether it is `expected`."""
        try:
            WebDriverWait(browser, 20).until(seen.text_to_be_present_in_element((By.CSS_SELECTOR, "h1"), expected))
            return True
        except Exception:
            return False

    # Every link of the landing page leads to a page of the site.
    landing = open(os.path.join(site, "index.html")).read()
    for link in re.findall(r'href="(documentation/[^"]*)"', landing):
        target = os.path.join(site, link)
        if not (os.path.isfile(target) or os.path.isfile(os.path.join(target, "index.html"))):
            failures.append(f"the landing page links to {link}, which the site does not have")
    articles = re.findall(r'<li><a href="(documentation/[^"]*)">([^<]*)</a>', landing)
    if len(articles) < 10:
        failures.append(f"the landing page lists {len(articles)} articles, not every article of the modules")

    try:
        browser.get(base + "/")
        # The whole landing page, in one screenshot.
        browser.set_window_size(1280, browser.execute_script("return document.body.scrollHeight") + 140)
        browser.save_screenshot(os.path.join(shots, "landing.png"))
        browser.set_window_size(1280, 900)
        for module in ("RexCore", "RexMiddlewares", "RexDevTools", "RexTesting"):
            browser.get(base + "/")
            browser.find_element(By.CSS_SELECTOR, f"#{module.lower()} h2 a").click()
            if title_is(module):
                browser.save_screenshot(os.path.join(shots, f"{module}.png"))
            else:
                failures.append(f"the landing page's link to {module} does not open its page")
        for link, title in articles:
            browser.get(f"{base}/{link}")
            if not title_is(html.unescape(title)):
                failures.append(f"the landing page's link to the article {title} does not open a page of that title")

        # EffectMiddleware's onAction(_:) (one of its two overloads) links to RexCore's
        # MiddlewareReader; DocC names the overloads' pages with a hash, so they are found by link.
        browser.get(base + "/documentation/rexmiddlewares/effectmiddleware")
        if not title_is("EffectMiddleware"):
            failures.append("the RexMiddlewares symbol page EffectMiddleware does not open")
        overloads = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "a")
                     if "/effectmiddleware/onaction" in (a.get_attribute("href") or "")]
        followed = False
        for overload in dict.fromkeys(overloads):
            browser.get(overload)
            if not title_is("onAction"):
                continue
            links = [a for a in browser.find_elements(By.CSS_SELECTOR, "a")
                     if "/documentation/rexcore/middlewarereader" in (a.get_attribute("href") or "")]
            if links:
                browser.execute_script("arguments[0].click();", links[0])
                followed = title_is("MiddlewareReader")
                if followed:
                    browser.save_screenshot(os.path.join(shots, "cross-module.png"))
                break
        if not followed:
            failures.append("no link from EffectMiddleware.onAction(_:) opens RexCore's MiddlewareReader")
    finally:
        browser.quit()
        server.shutdown()
        shutil.rmtree(caller, ignore_errors=True)

    return report("check-site", failures, f"screenshots in {shots}")


if __name__ == "__main__":
    sys.exit(main())
