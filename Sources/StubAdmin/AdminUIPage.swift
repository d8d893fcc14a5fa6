/// The live request-log page: one HTML document with its own CSS and script
/// (``AdminUIScript``), no CDN, no framework; light and dark, laptop and
/// phone widths.
enum AdminUIPage {
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Understudy · requests</title>
        <link rel="icon" href="data:,">
        <style>
        \(css)
        </style>
        </head>
        <body>
        <header>
          <h1>Understudy <span class="sub">live requests</span></h1>
          <div id="status" class="muted">connecting…</div>
        </header>
        <section class="controls">
          <input id="filter-path" type="search" placeholder="path contains…" aria-label="path contains">
          <select id="filter-method" aria-label="method"><option value="">any method</option>
            <option>GET</option><option>POST</option><option>PUT</option><option>PATCH</option><option>DELETE</option>
            <option>HEAD</option><option>OPTIONS</option></select>
          <input id="filter-status" type="search" placeholder="status (404, 5xx)" aria-label="status">
          <label><input id="filter-unmatched" type="checkbox"> unmatched only</label>
          <button id="reset" type="button" title="Empty the journal and put every scenario back to Started">Reset</button>
        </section>
        <main>
          <section class="log">
            <table id="requests">
              <thead><tr><th>#</th><th>time</th><th>method</th><th>path</th><th>status</th><th>took</th><th>stub</th></tr></thead>
              <tbody></tbody>
            </table>
            <p id="empty" class="muted">No requests yet. Send one to the server and it appears here.</p>
          </section>
          <aside id="detail" class="detail" hidden></aside>
        </main>
        <section class="panels">
          <details open><summary>Stubs</summary><table id="stubs"><thead><tr><th>id</th><th>request</th><th>answered</th><th>times left</th><th>declared</th></tr></thead><tbody></tbody></table></details>
          <details open><summary>Scenarios</summary><ul id="scenarios"></ul></details>
          <details open><summary>Resources</summary><ul id="resources"></ul></details>
        </section>
        <script>
        \(AdminUIScript.source)
        </script>
        </body>
        </html>
        """

    static let css = """
        :root { color-scheme: light dark; --bg: #fbfbfa; --fg: #1d1d1f; --muted: #6e6e73; --line: #dedee3; --card: #ffffff;
          --ok: #1b7f3b; --warn: #a15c00; --bad: #c0262d; --accent: #2456c9; --pick: #eef3ff; }
        @media (prefers-color-scheme: dark) { :root { --bg: #141416; --fg: #ececf0; --muted: #9a9aa2; --line: #2c2c31;
          --card: #1c1c1f; --ok: #4cc472; --warn: #e0a44a; --bad: #ff6b6b; --accent: #7ea6ff; --pick: #232a3d; } }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.4 -apple-system, system-ui, "Segoe UI", Roboto, sans-serif; background: var(--bg); color: var(--fg); }
        header { display: flex; align-items: baseline; justify-content: space-between; gap: 1em; padding: 12px 16px; border-bottom: 1px solid var(--line); }
        h1 { font-size: 18px; margin: 0; } .sub { font-weight: 400; color: var(--muted); }
        .muted { color: var(--muted); }
        .controls { display: flex; flex-wrap: wrap; gap: 8px; padding: 10px 16px; border-bottom: 1px solid var(--line); align-items: center; }
        input[type=search], select, button { font: inherit; color: inherit; background: var(--card); border: 1px solid var(--line); border-radius: 6px; padding: 5px 8px; }
        input[type=search] { min-width: 12em; flex: 1 1 12em; } button { cursor: pointer; } button:hover { border-color: var(--accent); }
        main { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 0; min-height: 40vh; }
        main.single { grid-template-columns: minmax(0, 1fr); }
        .log { overflow-x: auto; border-right: 1px solid var(--line); }
        table { border-collapse: collapse; width: 100%; }
        th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
        th { font-weight: 600; color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
        #requests tbody tr { cursor: pointer; } #requests tbody tr:hover, #requests tbody tr.picked { background: var(--pick); }
        td.path { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; word-break: break-all; }
        .s2 { color: var(--ok); } .s3 { color: var(--accent); } .s4 { color: var(--warn); } .s5, .miss { color: var(--bad); font-weight: 600; }
        .detail { padding: 12px 16px; background: var(--card); overflow-x: auto; }
        .detail h2 { font-size: 15px; margin: 0 0 8px; word-break: break-all; } .detail h3 { font-size: 13px; margin: 14px 0 6px; color: var(--muted); }
        pre { margin: 0; padding: 8px; background: var(--bg); border: 1px solid var(--line); border-radius: 6px; overflow-x: auto; font: 12px/1.45 ui-monospace, Menlo, monospace; }
        .kv td:first-child { color: var(--muted); white-space: nowrap; } .kv td { font-family: ui-monospace, Menlo, monospace; font-size: 12px; word-break: break-all; }
        .check-ok::before { content: "✓ "; color: var(--ok); } .check-bad::before { content: "✗ "; color: var(--bad); }
        .closest { border: 1px solid var(--line); border-radius: 6px; padding: 8px; margin: 8px 0; }
        .panels { display: grid; grid-template-columns: 2fr 1fr; gap: 0 16px; padding: 8px 16px 24px; border-top: 1px solid var(--line); }
        summary { font-weight: 600; cursor: pointer; padding: 6px 0; }
        #empty { padding: 12px 16px; }
        @media (max-width: 720px) {
          main, .panels { grid-template-columns: minmax(0, 1fr); }
          .log { border-right: none; } .detail { border-top: 1px solid var(--line); }
          #requests thead { display: none; } #requests tr { display: grid; grid-template-columns: auto auto 1fr auto; gap: 2px 8px; padding: 6px 10px; border-bottom: 1px solid var(--line); }
          #requests td { border: none; padding: 0; grid-row: 1; } #requests td:nth-child(5) { grid-column: 4; justify-self: end; }
          #requests td.path { grid-row: 2; grid-column: 1 / -1; } #requests td.stub { grid-row: 3; grid-column: 1 / -1; color: var(--muted); }
          #requests td.stub.miss { color: var(--bad); } #requests td.took { display: none; }
          #stubs td:nth-child(2), #stubs th:nth-child(2), #stubs td:nth-child(5), #stubs th:nth-child(5) { display: none; }
        }
        """
}
