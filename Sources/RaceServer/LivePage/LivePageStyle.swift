/// The live page's style sheet: one column on a phone, map beside the standings on a wide screen.
enum LivePageStyle {
    static let text = """
        :root { color-scheme: light dark; --bg: #f7f7f5; --fg: #1d1d1f; --muted: #6b6b70; --panel: #ffffff;
          --line: #d9d9de; --stop: #2b6cb0; --stop-fill: rgba(43,108,176,.14); --course: #9aa5b1; --next: #d97706; }
        @media (prefers-color-scheme: dark) { :root { --bg: #141416; --fg: #ececf0; --muted: #9a9aa3; --panel: #1e1e22;
          --line: #34343a; --stop: #63a4ff; --stop-fill: rgba(99,164,255,.18); --course: #5b6470; } }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: var(--bg);
          color: var(--fg); }
        header { padding: 10px 14px 6px; }
        h1 { font-size: 1.2rem; margin: 0; }
        #status { margin: 2px 0 0; color: var(--muted); font-size: .85rem; }
        #status.live::before { content: "●"; color: #16a34a; margin-right: 5px; }
        #status.offline::before { content: "●"; color: #dc2626; margin-right: 5px; }
        main { display: flex; flex-direction: column; gap: 10px; padding: 0 10px 14px; }
        section { background: var(--panel); border: 1px solid var(--line); border-radius: 10px; overflow: hidden; }
        #map { display: block; width: 100%; }
        #standings-panel { overflow-x: auto; }
        #standings { width: 100%; border-collapse: collapse; }
        th, td { padding: 7px 6px; text-align: left; border-bottom: 1px solid var(--line); white-space: nowrap; }
        th { font-size: .75rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
        td.name { font-weight: 600; }
        td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
        .swatch { display: inline-block; width: 10px; height: 10px; border-radius: 50%; margin-right: 6px; }
        .muted { color: var(--muted); font-weight: 400; }
        .stop-area { fill: var(--stop-fill); stroke: var(--stop); stroke-width: 1.5; vector-effect: non-scaling-stroke; }
        .stop-area.next { stroke: var(--next); stroke-width: 2.5; }
        .stop-label { font-size: 12px; fill: var(--fg); paint-order: stroke; stroke: var(--panel); stroke-width: 3px;
          stroke-linejoin: round; }
        .course { fill: none; stroke: var(--course); stroke-width: 1.5; stroke-dasharray: 5 4; }
        .runner { stroke: var(--panel); stroke-width: 2; }
        .runner-label { font-size: 11px; font-weight: 700; fill: #fff; text-anchor: middle; dominant-baseline: central; }
        .scale { stroke: var(--fg); stroke-width: 2; }
        .scale-label { font-size: 11px; fill: var(--muted); }
        @media (min-width: 900px) { main { flex-direction: row; align-items: flex-start; }
          #map-panel { flex: 3; } #standings-panel { flex: 2; } }
        """
}
