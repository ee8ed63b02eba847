//! HTML text: escaping, and the shell every page shares (inline CSS, no network at view time).

use std::fmt::Write;

/// Escapes text for HTML content and double-quoted attribute values.
pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// A whole page: `title` in the head and the header, `body` as given (already HTML), `script` inline.
pub fn page(title: &str, body: &str, script: &str) -> String {
    let mut out = String::with_capacity(body.len() + CSS.len() + 1024);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{t} · gorules casebook</title>\n<style>{CSS}</style>\n</head>\n<body>\n\
         <header class=\"site\"><a href=\"index.html\">gorules casebook</a></header>\n<main>\n{body}\n</main>\n",
        t = esc(title),
    );
    if !script.is_empty() {
        let _ = writeln!(out, "<script>{script}</script>");
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// The site's one style sheet: readable on a phone, boards scaled by their viewBox, a print layout.
const CSS: &str = r#"
:root { --ink: #1b1b1b; --muted: #5b5b5b; --line: #d6d6d6; --accent: #1f5fa8; --bad: #b00020; --warn: #8a5a00; --good: #1b6e2e; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #fff; }
header.site { padding: .5rem 1rem; border-bottom: 1px solid var(--line); background: #f6f6f2; }
header.site a { color: var(--ink); font-weight: 600; text-decoration: none; }
main { max-width: 72rem; margin: 0 auto; padding: 1rem; }
a { color: var(--accent); }
h1 { font-size: 1.5rem; line-height: 1.25; }
h2 { font-size: 1.25rem; margin-top: 2rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1.05rem; margin-bottom: .25rem; }
code, pre { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, monospace; font-size: .9em; }
pre { background: #f6f6f6; padding: .5rem; overflow-x: auto; white-space: pre-wrap; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; }
.boards { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
figure { margin: 0; }
figure.board { flex: 0 1 auto; max-width: 100%; width: fit-content; }
figure.board figcaption { font-size: .85rem; color: var(--muted); text-align: center; }
svg.board { display: block; height: auto; max-width: 100%; }
svg.board .bg { fill: #e3c07a; }
svg.board .grid { stroke: #3a2a10; stroke-width: 1.2; }
svg.board .edge { stroke: #3a2a10; stroke-width: 1.2; }
svg.board .coord { font-size: 13px; fill: #4a3a20; text-anchor: middle; dominant-baseline: central; }
svg.board .star { fill: #3a2a10; }
svg.board .stone { stroke: #000; stroke-width: 1.2; }
svg.board .stone.black { fill: #111; }
svg.board .stone.white { fill: #fbfbfb; }
svg.board .stone.red { fill: #c62828; }
svg.board .stone.green { fill: #2e7d32; }
svg.board .stone.blue { fill: #1565c0; }
svg.board .stone.yellow { fill: #f9d71c; }
svg.board .ghost { opacity: .3; }
svg.board text { font-family: system-ui, sans-serif; text-anchor: middle; dominant-baseline: central; }
svg.board .label { font-size: 20px; font-weight: 700; }
svg.board .label-bg { fill: #e3c07a; }
svg.board .on-dark { fill: #fff; }
svg.board .on-light { fill: #111; }
svg.board .num { font-size: 17px; font-weight: 600; }
svg.board .last { fill: none; stroke: #d32f2f; stroke-width: 3; }
svg.board .ctl-black { fill: #111; stroke: #fff; stroke-width: 1.5; }
svg.board .ctl-white { fill: #fff; stroke: #111; stroke-width: 1.5; }
svg.board .ctl-both { fill: #888; stroke: #111; stroke-width: 1.5; }
svg.board .eye-black { fill: none; stroke: #111; stroke-width: 2.5; }
svg.board .eye-white { fill: none; stroke: #fff; stroke-width: 2.5; }
svg.board .points { font-size: 15px; font-weight: 700; fill: #0d47a1; }
svg.board .points.on-dark { fill: #fff; }
svg.board .points.on-light { fill: #0d47a1; }
svg.board .status { font-size: 16px; font-weight: 700; }
svg.board .dead { stroke: #d32f2f; stroke-width: 3.5; }
svg.board .edge-line { stroke: #3a2a10; stroke-width: 2; }
svg.board .node { fill: #3a2a10; }
svg.board .name { font-size: 14px; fill: #222; font-weight: 600; }
.legend { font-size: .85rem; color: var(--muted); }
section.check { border: 1px solid var(--line); border-radius: 6px; padding: .5rem 1rem 1rem; margin: 1rem 0; }
section.check h3 code { font-size: 1rem; }
.claim { font-style: italic; }
.verdict { display: inline-block; padding: 0 .5rem; border-radius: 4px; font-weight: 600; font-size: .9rem; }
.verdict.passed { background: #e3f3e6; color: var(--good); }
.verdict.failed, .verdict.engine-failed { background: #fde7ea; color: var(--bad); }
.verdict.undecided, .verdict.known-failure { background: #fff2d6; color: var(--warn); }
.verdict.ignored, .verdict.none { background: #eee; color: var(--muted); }
.side-by-side { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
.side-by-side > div { min-width: 0; }
aside.erratum { border-left: 4px solid var(--warn); background: #fffaf0; padding: .5rem 1rem; margin: .75rem 0; }
aside.erratum h4 { margin: 0 0 .25rem; }
.steps { display: flex; flex-wrap: wrap; gap: .75rem; }
.steps figure.board { width: fit-content; }
.steps figure.board svg { max-width: 14rem; }
.stepper { margin: .25rem 0; display: none; gap: .5rem; align-items: center; }
.js .stepper { display: flex; }
.js .steps.one { display: block; }
.js .steps.one figure.board { display: none; }
.js .steps.one figure.board.shown { display: block; }
.js .steps.one figure.board.shown svg { max-width: min(28rem, 100%); }
div.wide { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: .92rem; }
th, td { border-bottom: 1px solid var(--line); padding: .25rem .5rem; text-align: left; vertical-align: top; }
th { background: #f6f6f2; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
.filters { display: none; gap: 1rem; margin: .5rem 0; flex-wrap: wrap; }
.js .filters { display: flex; }
.toc { columns: 2 16rem; font-size: .92rem; }
.tested { font-size: .85rem; color: var(--muted); margin: .1rem 0 .6rem; }
.tested a { margin-right: .4rem; }
strong.clause { scroll-margin-top: 1rem; }
:target { background: #fff3b0; }
.tags code { background: #f0f0f0; padding: 0 .25rem; margin-right: .25rem; border-radius: 3px; }
@media (max-width: 40rem) {
  main { padding: .5rem; }
  .side-by-side { grid-template-columns: 1fr; }
  dl.facts { grid-template-columns: 1fr; }
  table { font-size: .8rem; }
}
@media print {
  header.site, .filters, .stepper { display: none !important; }
  body { font-size: 11pt; }
  main { max-width: none; padding: 0; }
  a { color: inherit; text-decoration: none; }
  section.check, figure.board { break-inside: avoid; }
  h1, h2, h3, h4 { break-after: avoid; }
  .js .steps.one figure.board { display: block !important; }
  svg.board .bg { fill: #fff; }
  svg.board .label-bg { fill: #fff; }
  tr { display: table-row !important; }
}
"#;
