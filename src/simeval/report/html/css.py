"""The page's style sheet: readable from a 390 px phone to print.

- Nothing is wider than the screen: long names and signatures wrap, a wide table scrolls
  inside its own box, a figure shrinks to the column (and is drawn at its own size, its
  text at least 9 pt, where the column is wide enough).
- Figures one per row; the verdict right under the title.
- Print: no scroll boxes, black ink, no break inside a figure or a table.
"""

__all__ = ["CSS"]

CSS = """
:root { --ink: #1b1b1b; --muted: #595959; --rule: #d6d6d6; --accent: #0b5cad; --bg: #fff; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0 auto; max-width: 72rem; padding: 1rem 1.25rem 3rem; color: var(--ink);
  background: var(--bg); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto,
  "Helvetica Neue", Arial, sans-serif; overflow-wrap: anywhere; }
h1 { font-size: 1.5rem; line-height: 1.25; margin: 0 0 .25rem; }
h2 { font-size: 1.25rem; margin: 2rem 0 .5rem; border-bottom: 1px solid var(--rule);
  padding-bottom: .2rem; }
h3 { font-size: 1rem; margin: 1.25rem 0 .4rem; }
p, li { max-width: 68ch; }
a { color: var(--accent); }
.subtitle, .meta { color: var(--muted); margin: 0 0 .5rem; }
.meta { font-size: .9rem; }
.verdict { border-left: 4px solid var(--accent); padding: .1rem 0 .1rem .9rem; margin: 1rem 0; }
.verdict h2 { border: 0; margin: 0 0 .25rem; }
.verdict-text { font-size: 1.05rem; margin: .25rem 0; }
.verdict-note { color: var(--muted); font-size: .9rem; margin: .25rem 0; }
.findings li { margin: .2rem 0; }
nav.contents ol { padding-left: 1.5rem; }
figure { margin: 1rem 0 1.5rem; }
figure svg { display: block; max-width: 100%; height: auto; }
figcaption { color: var(--muted); font-size: .9rem; margin-top: .3rem; max-width: 68ch; }
.table-wrap { overflow-x: auto; max-width: 100%; margin: .5rem 0 1rem; }
table { border-collapse: collapse; font-size: .9rem; overflow-wrap: normal; }
caption { caption-side: top; text-align: left; color: var(--muted); padding: .2rem 0;
  overflow-wrap: anywhere; position: sticky; left: 0; max-width: calc(100vw - 2.5rem); }
@media (min-width: 72rem) { caption { max-width: 69.5rem; } }
th, td { padding: .25rem .6rem; border-bottom: 1px solid var(--rule); text-align: right;
  white-space: nowrap; vertical-align: top; }
thead th { border-bottom: 2px solid var(--ink); }
th[scope="row"], th:first-child { text-align: left; font-weight: normal; }
td small { color: var(--muted); }
td.undefined { color: var(--muted); }
.notes { font-size: .85rem; color: var(--muted); }
details { margin: .75rem 0; }
summary { cursor: pointer; color: var(--accent); }
footer { margin-top: 3rem; font-size: .85rem; color: var(--muted); }
.signatures code { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  overflow-wrap: anywhere; }
@media (max-width: 600px) {
  body { padding: .75rem .75rem 2rem; font-size: 15px; }
  h1 { font-size: 1.25rem; }
  th, td { padding: .2rem .4rem; }
}
@media print {
  body { max-width: none; padding: 0; font-size: 10.5pt; color: #000; }
  a { color: #000; text-decoration: none; }
  nav.contents { display: none; }
  h2 { break-after: avoid; }
  figure, table, .verdict { break-inside: avoid; }
  .table-wrap { overflow: visible; }
  figure svg { max-width: 100%; }
}
"""
