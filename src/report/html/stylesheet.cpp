#include "report/html/stylesheet.h"

namespace schedlab::html {

std::string_view stylesheet() {
  return R"css(
:root { --ink: #1b1b1b; --muted: #5a5a5a; --rule: #d6d6d6; --grid: #ececec;
  --better: #0a7d32; --worse: #b3261e;
  --c0: #0072b2; --c1: #e69f00; --c2: #009e73; --c3: #cc79a7;
  --c4: #56b4e9; --c5: #d55e00; --c6: #7a6a00; --c7: #000000; }
body { font: 14px/1.45 system-ui, sans-serif; color: var(--ink); margin: 0 auto;
  max-width: 1000px; padding: 0 16px 48px; }
header { border-bottom: 2px solid var(--rule); margin-bottom: 8px; }
h1 { font-size: 22px; margin: 18px 0 4px; }
h2 { font-size: 18px; margin: 28px 0 8px; border-bottom: 1px solid var(--rule); }
h3 { font-size: 15px; margin: 18px 0 4px; }
.meta, figcaption, small { color: var(--muted); }
nav a { margin-right: 12px; }
table { border-collapse: collapse; margin: 8px 0; font-variant-numeric: tabular-nums; }
th, td { border-bottom: 1px solid var(--rule); padding: 3px 10px; text-align: right;
  vertical-align: top; }
th[scope=col] { border-bottom: 2px solid var(--rule); }
tbody th, td.text { text-align: left; font-weight: normal; }
tbody th { white-space: nowrap; }
td.text { max-width: 360px; overflow-wrap: anywhere; }
td.nowrap { white-space: nowrap; }
td.better { color: var(--better); font-weight: 600; }
td.worse { color: var(--worse); font-weight: 600; }
td.missing { color: var(--muted); }
pre { background: #f6f6f6; padding: 8px; overflow-x: auto; font-size: 12px; }
ul.notes li { margin: 4px 0; }
figure { margin: 12px 0 20px; }
svg.plot { width: 100%; max-width: 760px; height: auto; display: block; }
svg text { font: 11px system-ui, sans-serif; fill: var(--ink); }
svg .tick, svg .legend { fill: var(--muted); }
svg .axis-title { font-size: 12px; }
svg .grid { stroke: var(--grid); stroke-width: 1; }
svg .axis { stroke: var(--muted); stroke-width: 1; }
svg .hit { fill: transparent; }
svg .block { fill: none; stroke: #9a9a9a; stroke-width: 1; stroke-opacity: 0.7; }
svg .centre { stroke-width: 3; }
svg .dot { stroke: #ffffff; stroke-width: 0.8; }
svg .dot.busy { fill: #ffffff !important; stroke-width: 1.6; }
svg .curve { fill: none; stroke-width: 2; }
svg .series { fill: none; stroke: var(--c0); stroke-width: 1.5; }
svg .point { fill: var(--c0); }
svg .point.compared { fill: var(--c1); stroke: var(--ink); stroke-width: 1.2; }
svg .change { stroke-width: 1.5; stroke-dasharray: 5 3; }
svg .change.better { stroke: var(--better); }
svg .change.worse { stroke: var(--worse); }
svg .change.flat { stroke: var(--muted); }
svg .change-label { font-weight: 600; }
svg .change-label.better { fill: var(--better); }
svg .change-label.worse { fill: var(--worse); }
svg .change-label.flat { fill: var(--muted); }
)css"
         R"css(
svg .set0 { fill: var(--c0); stroke: var(--c0); } svg .set1 { fill: var(--c1); stroke: var(--c1); }
svg .set2 { fill: var(--c2); stroke: var(--c2); } svg .set3 { fill: var(--c3); stroke: var(--c3); }
svg .set4 { fill: var(--c4); stroke: var(--c4); } svg .set5 { fill: var(--c5); stroke: var(--c5); }
svg .set6 { fill: var(--c6); stroke: var(--c6); } svg .set7 { fill: var(--c7); stroke: var(--c7); }
svg .dot.set0, svg .dot.set1, svg .dot.set2, svg .dot.set3, svg .dot.set4, svg .dot.set5,
svg .dot.set6, svg .dot.set7 { stroke: #ffffff; }
svg .dot.busy.set0 { stroke: var(--c0); } svg .dot.busy.set1 { stroke: var(--c1); }
svg .dot.busy.set2 { stroke: var(--c2); } svg .dot.busy.set3 { stroke: var(--c3); }
svg .dot.busy.set4 { stroke: var(--c4); } svg .dot.busy.set5 { stroke: var(--c5); }
svg .dot.busy.set6 { stroke: var(--c6); } svg .dot.busy.set7 { stroke: var(--c7); }
svg .curve.set0, svg .curve.set1, svg .curve.set2, svg .curve.set3, svg .curve.set4,
svg .curve.set5, svg .curve.set6, svg .curve.set7 { fill: none; }
svg .swatch { stroke: none; }
svg .cpu-user { fill: #0072b2; } svg .cpu-nice { fill: #56b4e9; } svg .cpu-sys { fill: #d55e00; }
svg .cpu-iowait { fill: #cc79a7; } svg .cpu-irq { fill: #7a6a00; } svg .cpu-softirq { fill: #e69f00; }
svg .cpu-steal { fill: #000000; } svg .cpu-idle { fill: #dddddd; }
)css"
         R"css(
.flame-pair { display: grid; grid-template-columns: minmax(0, 640px) minmax(0, 1fr); gap: 16px;
  align-items: start; }
@media (max-width: 900px) { .flame-pair { grid-template-columns: minmax(0, 1fr); } }
.flame-pair svg.plot { max-width: 640px; }
.flame-pair figure { margin: 4px 0 12px; }
table.top-frames { font-size: 12px; margin-top: 4px; }
table.top-frames td.fn { max-width: 200px; font-family: ui-monospace, monospace; }
svg .frame { stroke: #ffffff; stroke-width: 0.5; }
svg .frame-label { font: 11px ui-monospace, monospace; fill: var(--ink); pointer-events: none; }
svg .fc { fill: #c9c9c9; }
svg .fk0 { fill: #f0a35e; } svg .fk1 { fill: #e98d4f; } svg .fk2 { fill: #f5bd83; }
svg .fu0 { fill: #e3d26c; } svg .fu1 { fill: #d6c35b; } svg .fu2 { fill: #eee08e; }
svg .held { fill: #f2f2f2; }
svg .grew1 { fill: #fee5d9; } svg .grew2 { fill: #fcbba1; } svg .grew3 { fill: #fc9272; }
svg .grew4 { fill: #fb6a4a; } svg .grew5 { fill: #ef3b2c; }
svg .shrank1 { fill: #deebf7; } svg .shrank2 { fill: #c6dbef; } svg .shrank3 { fill: #9ecae1; }
svg .shrank4 { fill: #6baed6; } svg .shrank5 { fill: #4292c6; }
)css";
}

}  // namespace schedlab::html
