extension InspectorPage {
    /// The page, with `$TITLE` and `$SESSION` to fill in. Everything it needs is here: its
    /// style, its script (``script``), and the session, embedded as JSON.
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
      tr.step { scroll-margin-top: 2.2em; }
      button.more { font: 11px -apple-system, system-ui, sans-serif; margin-left: 6px; padding: 0 5px; cursor: pointer; }
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
    \#(script)
    </script>
    </body>
    </html>
    """#
}
