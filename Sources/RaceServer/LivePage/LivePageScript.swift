/// The live page's script: draws the stops once, keeps the leaderboard from the race's stream
/// (the whole of it from a `standings` event, then each `changes` event applied), redraws at most
/// once a frame, and fetches the participants' positions at most once a second. It reads the
/// viewer's token from the page's own `?token=` and passes it on; it talks to nothing but this
/// server.
enum LivePageScript {
    static let text = #"""
        "use strict";
        const data = JSON.parse(document.getElementById("race-data").textContent);
        const token = new URLSearchParams(location.search).get("token");
        const query = token ? "?token=" + encodeURIComponent(token) : "";
        const base = "/races/" + encodeURIComponent(data.raceID);
        const svgNS = "http://www.w3.org/2000/svg";
        const colours = ["#e6194b", "#2f9e44", "#4363d8", "#f58231", "#911eb4", "#0f8b8d", "#d6336c", "#9a6324",
          "#5c7cfa", "#868e96"];
        const map = document.getElementById("map");
        const statusLine = document.getElementById("status");
        const tbody = document.querySelector("#standings tbody");
        const metresPerDegree = 111320;

        // An equirectangular projection around the stops' middle latitude: fine at a city's scale.
        const extent = { minLat: 90, maxLat: -90, minLon: 180, maxLon: -180 };
        for (const s of data.stops) {
          const dLat = s.radius / metresPerDegree, dLon = dLat / Math.max(0.01, Math.cos(s.lat * Math.PI / 180));
          extent.minLat = Math.min(extent.minLat, s.lat - dLat); extent.maxLat = Math.max(extent.maxLat, s.lat + dLat);
          extent.minLon = Math.min(extent.minLon, s.lon - dLon); extent.maxLon = Math.max(extent.maxLon, s.lon + dLon);
        }
        const cosLat = Math.cos((extent.minLat + extent.maxLat) / 2 * Math.PI / 180);
        const spanX = Math.max(1, (extent.maxLon - extent.minLon) * cosLat * metresPerDegree);
        const spanY = Math.max(1, (extent.maxLat - extent.minLat) * metresPerDegree);
        const pad = 0.08 * Math.max(spanX, spanY) + 20;
        // Drawn in CSS pixels of the map's own width, so text and markers keep their size on a phone;
        // redrawn when the width changes. Height follows the area's shape, within the screen.
        let width = 0, height = 0, scale = 1, offsetX = 0, offsetY = 0;
        function xy(lat, lon) {
          return [offsetX + ((lon - extent.minLon) * cosLat * metresPerDegree + pad) * scale,
                  offsetY + ((extent.maxLat - lat) * metresPerDegree + pad) * scale];
        }
        function el(name, attributes, parent) {
          const node = document.createElementNS(svgNS, name);
          for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
          if (parent) parent.appendChild(node);
          return node;
        }
        const stopsByID = new Map(data.stops.map(s => [s.id, s]));
        const stopShapes = new Map();
        let runners = null;
        function drawMap() {
          width = Math.round(map.getBoundingClientRect().width) || 360;
          const maxHeight = Math.max(260, Math.round(window.innerHeight * (window.innerWidth >= 900 ? 0.8 : 0.55)));
          scale = Math.min(width / (spanX + 2 * pad), maxHeight / (spanY + 2 * pad));
          height = Math.round((spanY + 2 * pad) * scale);
          offsetX = (width - (spanX + 2 * pad) * scale) / 2; offsetY = 0;
          map.setAttribute("viewBox", "0 0 " + width + " " + height);
          map.setAttribute("height", height);
          map.replaceChildren();
          stopShapes.clear();
          const line = data.course.map(id => stopsByID.get(id)).filter(Boolean).map(s => xy(s.lat, s.lon).join(","));
          if (line.length > 1) el("polyline", { class: "course", points: line.join(" ") }, map);
          const placed = [];  // label boxes so far: [x0, y0, x1, y1]
          const overlaps = b => placed.some(p => b[0] < p[2] && p[0] < b[2] && b[1] < p[3] && p[1] < b[3]);
          for (const s of data.stops) {
            let shape;
            const [x, y] = xy(s.lat, s.lon), r = Math.max(6, s.radius * scale);
            if (s.rings) {
              const d = s.rings.map(ring => "M" + ring.map(p => xy(p[1], p[0]).join(",")).join("L") + "Z").join("");
              shape = el("path", { class: "stop-area", d: d, "fill-rule": "evenodd" }, map);
            } else {
              shape = el("circle", { class: "stop-area", cx: x, cy: y, r: r }, map);
            }
            el("title", {}, shape).textContent = s.name;
            stopShapes.set(s.id, shape);
            placed.push([x - r, y - r, x + r, y + r]);
          }
          // Each name right of its stop, else left, above or below: the first place that is free.
          const labels = el("g", {}, map);
          for (const s of data.stops) {
            const [x, y] = xy(s.lat, s.lon), r = Math.max(6, s.radius * scale);
            const w = s.name.length * 6.6 + 4, h = 15;
            const candidates = [[x + r + 4, y - h / 2], [x - r - 4 - w, y - h / 2], [x - w / 2, y - r - 3 - h],
                                [x - w / 2, y + r + 3]];
            const free = candidates.find(([cx, cy]) => cx >= 0 && cx + w <= width && cy >= 0 && cy + h <= height &&
              !overlaps([cx, cy, cx + w, cy + h])) || candidates[0];
            placed.push([free[0], free[1], free[0] + w, free[1] + h]);
            el("text", { class: "stop-label", x: free[0] + 2, y: free[1] + h - 4 }, labels).textContent = s.name;
          }
          // A scale bar of a round length, about a fifth of the width.
          const target = width / scale / 5, steps = [10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000];
          const length = steps.reduce((best, m) => Math.abs(m - target) < Math.abs(best - target) ? m : best, steps[0]);
          el("line", { class: "scale", x1: 12, y1: height - 12, x2: 12 + length * scale, y2: height - 12 }, map);
          el("text", { class: "scale-label", x: 12, y: height - 18 }, map).textContent =
            length >= 1000 ? (length / 1000) + " km" : length + " m";
          runners = el("g", {}, map);
        }
        drawMap();
        let resizing = null;
        window.addEventListener("resize", () => {
          clearTimeout(resizing);
          resizing = setTimeout(() => { drawMap(); render(); }, 150);
        });

        // The leaderboard as the stream last left it: rows by participant id, their order, the
        // race's status ("" before the first event).
        const board = { status: "", rows: new Map(), order: [] };
        // Rows are drawn once the positions are in: colours follow the joining order they give.
        let positions = [], positionsLoaded = false;
        const colourOf = new Map();
        function colour(id) {
          if (!colourOf.has(id)) colourOf.set(id, colours[colourOf.size % colours.length]);
          return colourOf.get(id);
        }
        function clock(seconds) {
          if (seconds === null || seconds === undefined) return "";
          const s = Math.round(seconds), h = Math.floor(s / 3600), m = Math.floor(s % 3600 / 60), r = s % 60;
          return (h ? h + ":" + String(m).padStart(2, "0") : String(m)) + ":" + String(r).padStart(2, "0");
        }
        function rows() {
          const list = board.order.filter(id => board.rows.has(id)).map(id => Object.assign({}, board.rows.get(id)));
          // The leaderboard ranks finishers only; while the race runs, the order is the ranking.
          const running = board.status === "started";
          list.forEach((r, i) => {
            if ((r.rank === null || r.rank === undefined) && running) r.rank = i + 1;
            if (running && (r.time === null || r.time === undefined) && r.status === "DidNotFinish") r.status = "running";
          });
          const seen = new Set(list.map(r => r.id));
          for (const p of positions) {
            const row = list.find(r => r.id === p.id);
            if (row) { row.name = p.name; row.next = p.next; }
            else if (!seen.has(p.id)) list.push({ rank: null, id: p.id, name: p.name, stops: 0, time: null,
              status: p.lat === undefined ? "not started" : "", points: 0, next: p.next });
          }
          return list;
        }
        function render() {
          for (const p of positions) colour(p.id);  // colours by joining order: stable across updates
          const list = rows();
          const anyPoints = list.some(r => r.points);
          document.getElementById("points-head").hidden = !anyPoints;
          tbody.replaceChildren();
          for (const r of list) {
            const tr = document.createElement("tr");
            const cells = [r.rank === null || r.rank === undefined ? "–" : String(r.rank), null,
              data.course.length ? r.stops + "/" + data.course.length : String(r.stops),
              r.next ? (stopsByID.get(r.next) || { name: r.next }).name : "",
              r.time !== null && r.time !== undefined ? clock(r.time) : (r.status || "")];
            if (anyPoints) cells.push(String(r.points));
            cells.forEach((text, i) => {
              const td = document.createElement("td");
              if (i === 1) {
                td.className = "name";
                const swatch = document.createElement("span");
                swatch.className = "swatch"; swatch.style.background = colour(r.id);
                td.append(swatch, r.name);
              } else {
                td.textContent = text;
                if (i === 0 || i === 2 || i === 5) td.className = "num";
              }
              tr.appendChild(td);
            });
            tbody.appendChild(tr);
          }
          const next = new Set(positions.map(p => p.next).filter(Boolean));
          for (const [id, shape] of stopShapes) shape.classList.toggle("next", next.has(id));
          runners.replaceChildren();
          for (const p of positions) {
            if (p.lat === undefined) continue;
            const [x, y] = xy(p.lat, p.lon);
            const g = el("g", {}, runners);
            el("circle", { class: "runner", cx: x, cy: y, r: 10, fill: colour(p.id) }, g);
            el("text", { class: "runner-label", x: x, y: y }, g).textContent = p.name.slice(0, 2);
            el("title", {}, g).textContent = p.name;
          }
          const state = board.status;
          statusLine.textContent = [state, positions.length + " joined",
            "updated " + new Date().toLocaleTimeString()].filter(Boolean).join(" · ");
        }
        async function refreshPositions() {
          try {
            const response = await fetch(base + "/positions" + query, { cache: "no-store" });
            if (response.ok) { positions = (await response.json()).participants; positionsLoaded = true; }
          } catch (e) { /* the stream's next event tries again */ }
          render();
        }
        let frame = 0, positionsTimer = null, positionsDue = 0;
        function scheduleRender() {
          if (!frame) frame = requestAnimationFrame(() => { frame = 0; render(); });
        }
        function schedulePositions() {
          if (positionsTimer) return;
          positionsTimer = setTimeout(() => {
            positionsTimer = null;
            positionsDue = Date.now() + 1000;
            refreshPositions();
          }, Math.max(0, positionsDue - Date.now()));
        }
        function updated(data) {
          board.status = data.status;
          statusLine.className = "live";
          if (board.status === "ended") stream.close();
          if (positionsLoaded) scheduleRender();
          schedulePositions();
        }
        const stream = new EventSource(base + "/events" + query);
        stream.addEventListener("standings", event => {
          const data = JSON.parse(event.data);
          board.rows = new Map(data.rows.map(r => [r.id, r]));
          board.order = data.rows.map(r => r.id);
          updated(data);
        });
        stream.addEventListener("changes", event => {
          const data = JSON.parse(event.data);
          for (const r of data.rows) board.rows.set(r.id, r);
          if (data.order) {
            board.order = data.order;
            const kept = new Set(data.order);
            for (const id of board.rows.keys()) if (!kept.has(id)) board.rows.delete(id);
          }
          updated(data);
        });
        stream.onerror = () => { if (board.status !== "ended") statusLine.className = "offline"; };
        refreshPositions();
        """#
}
