/// The live request-log page's script: long-polls `ui/log`, renders the
/// newest requests first, filters them, and shows one request's headers,
/// query, body and (for a miss) the near-miss report. Every text goes in
/// through `textContent`, never as HTML.
enum AdminUIScript {
    static let source = #"""
        "use strict";
        const state = { version: -1, entries: [], stubs: [], scenarios: [], resources: [], picked: null };
        const $ = (id) => document.getElementById(id);
        function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
        function took(entry) {
          if (entry.abandonedAt !== undefined) return "gave up";
          if (entry.ms === undefined) return "…";
          return entry.ms < 1 ? entry.ms.toFixed(2) + " ms" : entry.ms < 1000 ? entry.ms.toFixed(1) + " ms" : (entry.ms / 1000).toFixed(2) + " s";
        }
        function statusClass(s) { return s ? "s" + String(s)[0] : "miss"; }
        function time(ms) { const d = new Date(ms); return d.toLocaleTimeString([], { hour12: false }) + "." + String(d.getMilliseconds()).padStart(3, "0"); }
        function shortSite(site) { const parts = site.split("/"); return parts[parts.length - 1]; }

        function matches(entry) {
          const path = $("filter-path").value.trim().toLowerCase();
          const method = $("filter-method").value;
          const status = $("filter-status").value.trim().toLowerCase();
          if (path && !entry.target.toLowerCase().includes(path)) return false;
          if (method && entry.method !== method) return false;
          if ($("filter-unmatched").checked && entry.outcome !== "unmatched") return false;
          if (status) {
            const s = entry.status === undefined ? "" : String(entry.status);
            if (status.endsWith("xx") ? !s.startsWith(status[0]) : s !== status) return false;
          }
          return true;
        }

        function renderRequests() {
          const body = $("requests").tBodies[0];
          body.replaceChildren();
          const shown = state.entries.filter(matches);
          for (const entry of shown) {
            const row = el("tr");
            row.dataset.sequence = entry.sequence;
            row.dataset.outcome = entry.outcome;
            if (state.picked === entry.sequence) row.classList.add("picked");
            row.append(el("td", String(entry.sequence)), el("td", time(entry.at)), el("td", entry.method), el("td", entry.target, "path"));
            const status = entry.status === undefined ? (entry.stub && entry.stub.proxy ? "…" : "—") : String(entry.status);
            row.append(el("td", status, statusClass(entry.outcome === "unmatched" ? 0 : entry.status)));
            row.append(el("td", took(entry), "took"));
            const stub = entry.stub ? entry.stub.id + " (" + shortSite(entry.stub.declared) + ")"
              : entry.outcome === "unmatched" ? "✗ no stub matched" : "CORS preflight";
            row.append(el("td", stub, entry.outcome === "unmatched" ? "stub miss" : "stub"));
            row.addEventListener("click", () => { state.picked = entry.sequence; render(); });
            body.append(row);
          }
          $("empty").hidden = shown.length > 0;
          $("empty").textContent = state.entries.length ? "No request matches the filter." : "No requests yet. Send one to the server and it appears here.";
        }

        function pairs(title, list, into) {
          if (!list.length) return;
          into.append(el("h3", title));
          const table = el("table", undefined, "kv");
          for (const [name, value] of list) { const row = el("tr"); row.append(el("td", name), el("td", value)); table.append(row); }
          into.append(table);
        }

        function renderReport(report, into) {
          into.append(el("h3", "Why nothing matched"));
          const closest = (report && report.closestStubs) || [];
          if (!closest.length) into.append(el("p", "No stub came close.", "muted"));
          for (const stub of closest) {
            const box = el("div", undefined, "closest");
            const site = stub.declaredAt ? " · " + shortSite(stub.declaredAt.filePath || stub.declaredAt.fileID) + ":" + stub.declaredAt.line : "";
            box.append(el("strong", (stub.id || "stub") + site));
            const list = el("ul");
            for (const check of stub.checks || []) {
              const line = check.field + ": expected " + check.expected + (check.matched ? "" : ", got " + check.actual);
              list.append(el("li", line, check.matched ? "check-ok" : "check-bad"));
            }
            box.append(list);
            into.append(box);
          }
        }

        function renderDetail() {
          const pane = $("detail");
          const entry = state.entries.find((e) => e.sequence === state.picked);
          document.querySelector("main").classList.toggle("single", !entry);
          pane.hidden = !entry;
          pane.replaceChildren();
          if (!entry) return;
          pane.append(el("h2", entry.method + " " + entry.target));
          const summary = entry.stub ? "answered " + (entry.status ?? "…") + " by " + entry.stub.id + " (" + entry.stub.declared + ")"
            : entry.outcome === "unmatched" ? "404: no stub matched" : "answered by the CORS policy";
          pane.append(el("p", summary + " · " + time(entry.at) + " · took " + took(entry), entry.outcome === "unmatched" ? "miss" : "muted"));
          if (entry.clientCertificate) pane.append(el("p", "client certificate: " + entry.clientCertificate, "muted"));
          pairs("Query", entry.query, pane);
          pairs("Headers", entry.headers, pane);
          if (entry.body) { pane.append(el("h3", "Body")); pane.append(el("pre", entry.body)); }
          if (entry.stream) renderStream(entry.stream, pane);
          if (entry.webSocket) renderWebSocket(entry.webSocket, pane);
          if (entry.outcome === "unmatched") renderReport(entry.report, pane);
        }

        function renderWebSocket(socket, pane) {
          pane.append(el("h3", "WebSocket"));
          const about = socket.count + (socket.count === 1 ? " message" : " messages") + " · " + socket.state
            + (socket.subprotocol ? " · " + socket.subprotocol : "");
          pane.append(el("p", about, "socket-state muted"));
          const list = el("ol", "", "socket-messages");
          for (const message of socket.messages) {
            const arrow = message.direction === "received" ? "→ " : "← ";
            const body = message.text !== undefined ? message.text : "(" + message.binary + " bytes, binary)";
            list.append(el("li", arrow + body + (message.unanswered ? "  (no rule answered)" : ""), message.direction));
          }
          pane.append(list);
        }

        function renderStream(stream, pane) {
          pane.append(el("h3", "Stream"));
          const count = stream.shown.length;
          pane.append(el("p", count + (count === 1 ? " event" : " events") + " sent · " + stream.state, "stream-state muted"));
          const list = el("ol", "", "stream-events");
          for (const event of stream.shown) {
            const label = (event.event ? event.event + " " : "") + (event.id ? "#" + event.id + " " : "");
            list.append(el("li", label + event.data));
          }
          pane.append(list);
        }

        function renderPanels() {
          const body = $("stubs").tBodies[0];
          body.replaceChildren();
          for (const stub of state.stubs) {
            const row = el("tr");
            row.append(el("td", stub.id), el("td", stub.request, "path"), el("td", String(stub.answered)),
                       el("td", stub.timesLeft === undefined ? "∞" : String(stub.timesLeft)), el("td", shortSite(stub.declared)));
            body.append(row);
          }
          const list = $("scenarios");
          list.replaceChildren();
          if (!state.scenarios.length) list.append(el("li", "none", "muted"));
          for (const s of state.scenarios) list.append(el("li", s.name + ": " + s.state));
          const resources = $("resources");
          resources.replaceChildren();
          if (!state.resources.length) resources.append(el("li", "none", "muted"));
          for (const r of state.resources) {
            const item = el("li");
            const fold = el("details");
            fold.append(el("summary", r.path + ": " + r.count + " item" + (r.count === 1 ? "" : "s")),
                        el("pre", r.items.map((i) => JSON.stringify(i)).join("\n") + (r.count > r.items.length ? "\n…" : "")));
            item.append(fold);
            resources.append(item);
          }
        }

        function render() { renderRequests(); renderDetail(); renderPanels(); }

        async function poll() {
          for (;;) {
            try {
              const answer = await fetch("ui/log?since=" + state.version, { cache: "no-store" });
              if (!answer.ok) throw new Error("HTTP " + answer.status);
              const data = await answer.json();
              Object.assign(state, { version: data.version, entries: data.entries, stubs: data.stubs, scenarios: data.scenarios, resources: data.resources || [] });
              $("status").textContent = data.held + " request" + (data.held === 1 ? "" : "s") + " held" + (data.evicted ? ", " + data.evicted + " evicted" : "") + " · live";
              render();
            } catch (error) {
              $("status").textContent = "disconnected (" + error.message + "), retrying…";
              await new Promise((resolve) => setTimeout(resolve, 1000));
            }
          }
        }

        for (const id of ["filter-path", "filter-method", "filter-status", "filter-unmatched"]) $(id).addEventListener("input", render);
        $("reset").addEventListener("click", async () => {
          if (!confirm("Empty the journal and reset every scenario?")) return;
          await fetch("ui/reset", { method: "POST" });
          state.picked = null;
        });
        render();
        poll();
        """#
}
