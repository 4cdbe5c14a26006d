extension InspectorPage {
    /// The page, with `$TITLE` and `$SESSION` to fill in. Everything it needs is here: its
    /// style, its script, and the session, embedded as JSON.
    static let template = #"""
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <title>$TITLE · Rex session</title>
    <style>
      body { font: 14px -apple-system, system-ui, sans-serif; margin: 0; color: #1d1d1f; }
      header { padding: 10px 16px; background: #f5f5f7; border-bottom: 1px solid #d2d2d7; display: flex; gap: 16px; align-items: center; flex-wrap: wrap; }
      header h1 { font-size: 17px; margin: 0; }
      input[type=search] { padding: 4px 8px; font: inherit; width: 220px; }
      #slider { flex: 1; min-width: 200px; }
      main { display: grid; grid-template-columns: minmax(380px, 1fr) 1.2fr; height: calc(100vh - 58px); }
      #timeline { overflow: auto; border-right: 1px solid #d2d2d7; }
      table { border-collapse: collapse; width: 100%; }
      th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #eee; vertical-align: top; }
      th { position: sticky; top: 0; background: #fff; font-weight: 600; }
      tr.step { cursor: pointer; }
      tr.step:hover { background: #f0f4ff; }
      tr.selected { background: #dbe6ff; }
      td.source { color: #6e6e73; font-size: 12px; }
      td.number, td.duration { color: #6e6e73; font-variant-numeric: tabular-nums; white-space: nowrap; }
      #details { overflow: auto; padding: 8px 16px; }
      h2 { font-size: 15px; margin: 12px 0 6px; }
      #diff { font: 12px ui-monospace, Menlo, monospace; padding-left: 18px; }
      #diff li.none { list-style: none; color: #6e6e73; }
      #state { font: 12px ui-monospace, Menlo, monospace; }
      #state details { margin-left: 14px; }
      #state .leaf { margin-left: 14px; white-space: pre-wrap; }
      .key { color: #8a3ffc; }
      .match { background: #ffe066; }
    </style>
    </head>
    <body>
    <header>
      <h1>$TITLE</h1>
      <input id="filter" type="search" placeholder="Filter actions and sources">
      <input id="slider" type="range" min="0" value="0" aria-label="Step">
      <input id="search" type="search" placeholder="Search the state"><span id="search-count"></span>
    </header>
    <main>
      <section id="timeline">
        <table>
          <thead><tr><th>#</th><th>Action</th><th>Source</th><th>Duration</th></tr></thead>
          <tbody id="rows"></tbody>
        </table>
      </section>
      <section id="details">
        <h2 id="step-title"></h2>
        <div id="step-source"></div>
        <h2>Changes from the step before</h2>
        <ul id="diff"></ul>
        <h2>State after the step</h2>
        <div id="state"></div>
      </section>
    </main>
    <script type="application/json" id="session-data">$SESSION</script>
    <script>
    "use strict";
    const session = JSON.parse(document.getElementById("session-data").textContent);
    const steps = session.steps;
    const rows = document.getElementById("rows");
    const slider = document.getElementById("slider");
    let current = 0;

    // An action as Swift's Codable writes an enum: {"case": {"_0": payload}}; shown as case(payload).
    function summary(value) {
      if (value === null || typeof value !== "object") return JSON.stringify(value);
      if (Array.isArray(value)) return "[" + value.map(summary).join(", ") + "]";
      const keys = Object.keys(value);
      if (keys.length === 0) return "";
      if (keys.length === 1) {
        const key = keys[0], inner = summary(value[key]);
        if (key === "_0") return inner;
        return inner === "" ? key : key + "(" + inner + ")";
      }
      return keys.map(key => (key.startsWith("_") ? "" : key + ": ") + summary(value[key])).join(", ");
    }

    function sourceText(source) {
      const file = source.file.split("/").pop();
      return file + ":" + source.line + " " + source.function + (source.info ? " (" + source.info + ")" : "");
    }

    function stateBefore(index) { return index === 0 ? session.initialState : steps[index - 1].state; }

    // The changes between two values, a line per field: ".path: old → new".
    function diff(before, after, path, lines) {
      const composite = v => v !== null && typeof v === "object";
      if (composite(before) && composite(after) && Array.isArray(before) === Array.isArray(after)) {
        const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
        for (const key of [...keys].sort((a, b) => Array.isArray(before) ? a - b : a.localeCompare(b))) {
          const step = Array.isArray(before) ? "[" + key + "]" : "." + key;
          if (!(key in after)) lines.push(path + step + ": " + JSON.stringify(before[key]) + " → (none)");
          else if (!(key in before)) lines.push(path + step + ": (none) → " + JSON.stringify(after[key]));
          else diff(before[key], after[key], path + step, lines);
        }
      } else if (JSON.stringify(before) !== JSON.stringify(after)) {
        lines.push((path || ".") + ": " + JSON.stringify(before) + " → " + JSON.stringify(after));
      }
      return lines;
    }

    // The state as a tree: objects and arrays fold; the first two levels open.
    function tree(value, key, depth) {
      if (value !== null && typeof value === "object") {
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
      leaf.querySelector(".value").textContent = JSON.stringify(value);
      leaf.dataset.text = (key + " " + JSON.stringify(value)).toLowerCase();
      return leaf;
    }

    function select(index) {
      current = Math.max(0, Math.min(steps.length - 1, index));
      const step = steps[current];
      slider.value = current;
      for (const row of rows.children) row.classList.toggle("selected", Number(row.dataset.index) === current);
      document.getElementById("step-title").textContent = "Step " + step.index + ": " + summary(step.action);
      document.getElementById("step-source").textContent = "Dispatched at " + sourceText(step.source) + " · " + step.time + " · " + (step.durationSeconds * 1000).toFixed(3) + " ms";
      const changes = diff(stateBefore(current), step.state, "", []);
      const list = document.getElementById("diff");
      list.replaceChildren(...(changes.length ? changes : ["no change"]).map(line => {
        const item = document.createElement("li");
        item.textContent = line;
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

    steps.forEach((step, position) => {
      const row = document.createElement("tr");
      row.className = "step";
      row.dataset.index = position;
      const cells = [String(step.index), summary(step.action), sourceText(step.source), (step.durationSeconds * 1000).toFixed(3) + " ms"];
      ["number", "action", "source", "duration"].forEach((name, column) => {
        const cell = document.createElement("td");
        cell.className = name;
        cell.textContent = cells[column];
        row.appendChild(cell);
      });
      row.dataset.text = (cells[1] + " " + cells[2]).toLowerCase();
      row.addEventListener("click", () => select(position));
      rows.appendChild(row);
    });
    slider.max = Math.max(0, steps.length - 1);
    slider.addEventListener("input", () => select(Number(slider.value)));
    document.getElementById("filter").addEventListener("input", filter);
    document.getElementById("search").addEventListener("input", search);
    document.addEventListener("keydown", event => {
      if (event.target.tagName === "INPUT" && event.target.type !== "range") return;
      if (event.key === "ArrowDown" || event.key === "ArrowRight") select(current + 1);
      if (event.key === "ArrowUp" || event.key === "ArrowLeft") select(current - 1);
    });
    if (steps.length) select(steps.length - 1);
    </script>
    </body>
    </html>
    """#
}
