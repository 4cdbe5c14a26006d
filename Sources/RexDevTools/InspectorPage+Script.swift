extension InspectorPage {
    /// The page's script: reads the embedded session, and shows the timeline, the selected step
    /// (its changes and its state), the slider, the filter, the search and the keys.
    ///
    /// What a reader can count on is checked in headless Chromium by Tools/check-inspector.py.
    static let script = #"""
    "use strict";
    const session = JSON.parse(document.getElementById("session-data").textContent);
    const steps = session.steps;
    const rows = document.getElementById("rows");
    const slider = document.getElementById("slider");
    let current = 0;

    // Swift's Duration encodes as [high, low]: its attoseconds, high * 2^64 + low. Under a key
    // that names a time ("duration", "retryIn", "timeout", ...), such a pair reads in units.
    function isDuration(value, key) {
      return Array.isArray(value) && value.length === 2 && value.every(Number.isInteger) && value[1] >= 0
        && typeof key === "string" && /duration|time|elapsed|latency|delay|interval|debounce|retry|wait/i.test(key);
    }

    function seconds(value) {
      const magnitude = Math.abs(value), sign = value < 0 ? "-" : "";
      if (magnitude >= 1 || magnitude === 0) return sign + magnitude.toFixed(3).replace(/\.?0+$/, "") + " s";
      if (magnitude >= 1e-3) return sign + (magnitude * 1e3).toFixed(3) + " ms";
      if (magnitude >= 1e-6) return sign + (magnitude * 1e6).toFixed(3) + " µs";
      return sign + (magnitude * 1e9).toFixed(0) + " ns";
    }

    // A value as text: JSON, but a duration in units.
    function display(value, key) {
      return isDuration(value, key) ? seconds((value[0] * 18446744073709551616 + value[1]) / 1e18) : JSON.stringify(value);
    }

    // An action as Swift's Codable writes an enum: {"case": {"_0": payload}}; shown as case(payload).
    function summary(value, key) {
      if (value === null || typeof value !== "object" || isDuration(value, key)) return display(value, key);
      if (Array.isArray(value)) return "[" + value.map(element => summary(element, null)).join(", ") + "]";
      const keys = Object.keys(value);
      if (keys.length === 0) return "";
      if (keys.length === 1) {
        const only = keys[0], inner = summary(value[only], only);
        if (only === "_0") return inner;
        return inner === "" ? only : only + "(" + inner + ")";
      }
      return keys.map(name => (name.startsWith("_") ? "" : name + ": ") + summary(value[name], name)).join(", ");
    }

    // Shows `text` in `element`, cut after `limit` characters with a button that shows it all
    // (and then a button that cuts it again).
    // Counted in code points, so that no cut splits one.
    function showText(element, text, limit) {
      const characters = Array.from(text);
      if (characters.length <= limit) {
        element.textContent = text;
        return;
      }
      const shown = document.createElement("span"), button = document.createElement("button");
      button.className = "more";
      let whole = false;
      const update = () => {
        shown.textContent = whole ? text : characters.slice(0, limit).join("") + "…";
        button.textContent = whole ? "less" : "all " + characters.length + " characters";
      };
      button.addEventListener("click", event => {
        whole = !whole;
        update();
        event.stopPropagation();
      });
      update();
      element.replaceChildren(shown, button);
    }

    function sourceText(source) {
      const file = source.file.split("/").pop();
      return file + ":" + source.line + " " + source.function + (source.info ? " (" + source.info + ")" : "");
    }

    function stateBefore(index) { return index === 0 ? session.initialState : steps[index - 1].state; }

    // The changes between two values, a line per field: ".path: old → new".
    function diff(before, after, path, lines, key) {
      const composite = v => v !== null && typeof v === "object" && !isDuration(v, key);
      if (composite(before) && composite(after) && Array.isArray(before) === Array.isArray(after)) {
        const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
        for (const key of [...keys].sort((a, b) => Array.isArray(before) ? a - b : a.localeCompare(b))) {
          const step = Array.isArray(before) ? "[" + key + "]" : "." + key;
          if (!(key in after)) lines.push(path + step + ": " + display(before[key], key) + " → (none)");
          else if (!(key in before)) lines.push(path + step + ": (none) → " + display(after[key], key));
          else diff(before[key], after[key], path + step, lines, key);
        }
      } else if (JSON.stringify(before) !== JSON.stringify(after)) {
        lines.push((path || ".") + ": " + display(before, key) + " → " + display(after, key));
      }
      return lines;
    }

    // The state as a tree: objects and arrays fold; the first two levels open.
    function tree(value, key, depth) {
      if (value !== null && typeof value === "object" && !isDuration(value, key)) {
        const node = document.createElement("details");
        node.open = depth < 2;
        const summaryLine = document.createElement("summary");
        const count = Object.keys(value).length;
        summaryLine.innerHTML = (key === null ? "" : '<span class="key"></span>: ') + (Array.isArray(value) ? "[" + count + "]" : "{" + count + "}");
        if (key !== null) summaryLine.querySelector(".key").textContent = key;
        summaryLine.dataset.text = (key || "").toLowerCase();
        node.appendChild(summaryLine);
        for (const child of Object.keys(value)) node.appendChild(tree(value[child], child, depth + 1));
        return node;
      }
      const leaf = document.createElement("div");
      leaf.className = "leaf";
      leaf.innerHTML = '<span class="key"></span>: <span class="value"></span>';
      leaf.querySelector(".key").textContent = key;
      const text = display(value, key);
      showText(leaf.querySelector(".value"), text, 300);
      // Searched as shown, and a string as it is too (without JSON's quotes and escapes).
      leaf.dataset.text = (key + " " + text + (typeof value === "string" ? " " + value : "")).toLowerCase();
      return leaf;
    }

    function select(index) {
      current = Math.max(0, Math.min(steps.length - 1, index));
      const step = steps[current];
      slider.value = current;
      for (const row of rows.children) row.classList.toggle("selected", Number(row.dataset.index) === current);
      const row = rows.children[current];
      if (row && !row.hidden) row.scrollIntoView({ block: "nearest" });
      showText(document.getElementById("step-title"), "Step " + step.index + ": " + summary(step.action, null), 300);
      document.getElementById("step-source").textContent = "Dispatched at " + sourceText(step.source) + " · " + step.time + " · " + seconds(step.durationSeconds);
      const changes = diff(stateBefore(current), step.state, "", []);
      const list = document.getElementById("diff");
      list.replaceChildren(...(changes.length ? changes : ["no change"]).map(line => {
        const item = document.createElement("li");
        showText(item, line, 300);
        if (!changes.length) item.className = "none";
        return item;
      }));
      document.getElementById("state").replaceChildren(tree(step.state, null, 0));
      search();
    }

    function search() {
      const text = document.getElementById("search").value.trim().toLowerCase();
      let found = 0;
      for (const node of document.querySelectorAll("#state [data-text]")) {
        const match = text !== "" && node.dataset.text.includes(text);
        node.classList.toggle("match", match);
        if (match) {
          found += 1;
          for (let parent = node.parentElement; parent && parent.id !== "state"; parent = parent.parentElement) {
            if (parent.tagName === "DETAILS") parent.open = true;
          }
        }
      }
      document.getElementById("search-count").textContent = text === "" ? "" : found + " found";
    }

    function filter() {
      const text = document.getElementById("filter").value.trim().toLowerCase();
      for (const row of rows.children) row.hidden = text !== "" && !row.dataset.text.includes(text);
    }

    // A row of the timeline for the step at `position`.
    function addRow(step, position) {
      const row = document.createElement("tr");
      row.className = "step";
      row.dataset.index = position;
      const cells = [String(step.index), summary(step.action, null), sourceText(step.source), seconds(step.durationSeconds)];
      ["number", "action", "source", "duration"].forEach((name, column) => {
        const cell = document.createElement("td");
        cell.className = name;
        showText(cell, cells[column], 160);
        row.appendChild(cell);
      });
      row.dataset.text = (cells[1] + " " + cells[2]).toLowerCase();
      row.addEventListener("click", () => select(position));
      rows.appendChild(row);
    }

    steps.forEach(addRow);
    slider.max = Math.max(0, steps.length - 1);
    slider.addEventListener("input", () => select(Number(slider.value)));
    document.getElementById("filter").addEventListener("input", filter);
    document.getElementById("search").addEventListener("input", search);

    // The step `direction` steps away whose row the filter shows; the current one if none is.
    function neighbour(direction) {
      for (let index = current + direction; index >= 0 && index < steps.length; index += direction) {
        if (!rows.children[index].hidden) return index;
      }
      return current;
    }

    // The arrows move one step, to a row the filter shows: down and right forward, up and left
    // back; on the slider, up forward, as a slider goes. The page moves, not the browser (whose
    // slider would move too, and whose page would scroll).
    document.addEventListener("keydown", event => {
      const target = event.target;
      if (event.altKey || event.ctrlKey || event.metaKey || (target.tagName === "INPUT" && target.type !== "range")) return;
      const onSlider = target === slider;
      const direction = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: onSlider ? -1 : 1, ArrowUp: onSlider ? 1 : -1 }[event.key];
      if (direction === undefined) return;
      event.preventDefault();
      select(neighbour(direction));
    });
    if (steps.length) select(steps.length - 1);
    if (session.live) live();

    // The live page (served by rex-live-inspector): new steps of the app heard from last, every
    // 300 ms; a jump to the selected step, back to live, and an action typed as JSON, sent to the
    // app as commands. The token comes from the page's own address.
    function live() {
      const token = "token=" + encodeURIComponent(new URLSearchParams(location.search).get("token") || "");
      const bar = document.createElement("div");
      bar.id = "live";
      bar.innerHTML = '<span id="live-status">waiting for an app…</span> <button id="jump">Jump here</button>'
        + ' <button id="return">Back to live</button> <input id="action" placeholder="An action as JSON">'
        + ' <button id="dispatch">Dispatch</button> <span id="command-status"></span>';
      document.querySelector("header").appendChild(bar);
      let app = null, last = -1, following = true;
      const status = text => { document.getElementById("live-status").textContent = text; };
      const path = suffix => "/page/sessions/" + encodeURIComponent(app) + suffix;
      async function command(body) {
        if (app === null) return;
        const response = await fetch(path("/commands?" + token), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
        document.getElementById("command-status").textContent = response.ok ? "sent " + body.kind : "refused: " + await response.text();
      }
      document.getElementById("jump").addEventListener("click", () => {
        if (steps.length) { following = false; command({ kind: "jump", step: steps[current].index }); }
      });
      document.getElementById("return").addEventListener("click", () => {
        following = true;
        if (steps.length) select(steps.length - 1);
        command({ kind: "returnToLive" });
      });
      document.getElementById("dispatch").addEventListener("click", () => command({ kind: "dispatch", action: document.getElementById("action").value }));
      async function poll() {
        try {
          if (app === null) {
            const list = await (await fetch("/page/sessions?" + token)).json();
            if (list.sessions.length) app = list.sessions[0].id;
          }
          if (app !== null) {
            const page = await (await fetch(path("/steps?after=" + last + "&" + token))).json();
            if (page.initialState !== undefined) session.initialState = page.initialState;
            // The page follows the newest step only while it shows it: a step picked while live
            // stays picked (and "Jump here" goes to it) as newer steps come.
            const showsNewest = steps.length === 0 || current === steps.length - 1;
            for (const step of page.steps) {
              steps.push(step);
              addRow(step, steps.length - 1);
              last = step.index;
            }
            slider.max = Math.max(0, steps.length - 1);
            filter();
            if (page.steps.length && following && showsNewest) select(steps.length - 1);
            const rejected = page.rejectedCommands.length ? " · " + page.rejectedCommands.length + " commands refused by the app" : "";
            status("live: " + app + " · " + steps.length + " steps" + (page.dropped ? " · " + page.dropped + " steps dropped" : "") + rejected);
          }
        } catch (error) {
          status("the server does not answer");
        }
        setTimeout(poll, 300);
      }
      poll();
    }
    """#
}
