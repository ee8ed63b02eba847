//! Spec pages: a `spec/*.md` file rendered from Markdown, with an anchor on each bold clause id and, after the
//! block that defines it, the cases that test the clause.

use crate::html::esc;
use gorules_cases::suite::is_clause_id;
use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TagEnd};
use std::collections::{BTreeMap, BTreeSet};

/// A case that names a clause: its page and its id.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Tester {
    /// The case's id.
    pub id: String,
    /// The case page, e.g. `case-naj-basic-ko-1.html`.
    pub href: String,
}

/// The clause ids a spec file defines (its bold `**ID ...**`, and the ids its headings start with, such as
/// `## NAJ-5 ...`), in order, each once.
pub fn clauses(markdown: &str) -> Vec<String> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    let mut strong = false;
    for event in Parser::new_ext(markdown, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::Strong | Tag::Heading { .. }) => strong = true,
            Event::End(TagEnd::Strong | TagEnd::Heading(_)) => strong = false,
            Event::Text(t) if strong => {
                if let Some(id) = clause_of(&t) {
                    if seen.insert(id.clone()) {
                        out.push(id);
                    }
                }
                strong = false;
            }
            _ => {}
        }
    }
    out
}

/// The clause id a bold text starts with, if any.
fn clause_of(text: &str) -> Option<String> {
    let first = text.split_whitespace().next()?;
    is_clause_id(first).then(|| first.to_string())
}

/// The page body of one spec file: the Markdown as HTML, `id="ID"` on each clause's bold element, and after
/// each block that defines clauses, links to the cases that test them.
pub fn render(
    markdown: &str,
    testers: &BTreeMap<String, Vec<Tester>>,
    clause_pages: &BTreeMap<String, String>,
) -> String {
    let events: Vec<Event> = Parser::new_ext(markdown, Options::ENABLE_TABLES).collect();
    // Inside bold text, headings, links and code, clause ids are left as they are.
    let mut plain_depth = 0usize;
    let mut out: Vec<Event> = Vec::with_capacity(events.len() + 64);
    let mut seen = BTreeSet::new();
    // The clause ids defined inside each open block (paragraph, list item, heading, table cell).
    let mut frames: Vec<Vec<String>> = Vec::new();
    let mut i = 0;
    while i < events.len() {
        let event = events[i].clone();
        match &event {
            Event::Start(Tag::Heading {
                level,
                id: None,
                classes,
                attrs,
            }) => {
                frames.push(Vec::new());
                let id = match events.get(i + 1) {
                    Some(Event::Text(t)) => clause_of(t).filter(|id| seen.insert(id.clone())),
                    _ => None,
                };
                out.push(Event::Start(Tag::Heading {
                    level: *level,
                    id: id.map(CowStr::from),
                    classes: classes.clone(),
                    attrs: attrs.clone(),
                }));
            }
            Event::Start(Tag::Paragraph | Tag::Item | Tag::Heading { .. } | Tag::TableCell) => {
                frames.push(Vec::new());
                out.push(event);
            }
            Event::End(end @ (TagEnd::Paragraph | TagEnd::Heading(_))) => {
                let ids = frames.pop().unwrap_or_default();
                out.push(Event::End(*end));
                push_tested(&mut out, &ids, testers);
            }
            Event::End(end @ (TagEnd::Item | TagEnd::TableCell)) => {
                let ids = frames.pop().unwrap_or_default();
                push_tested(&mut out, &ids, testers);
                out.push(Event::End(*end));
            }
            Event::Start(Tag::Strong) => {
                let id = match events.get(i + 1) {
                    Some(Event::Text(t)) => clause_of(t),
                    _ => None,
                };
                match id {
                    Some(id) if seen.insert(id.clone()) => {
                        out.push(Event::InlineHtml(CowStr::from(format!(
                            "<strong class=\"clause\" id=\"{}\">",
                            esc(&id)
                        ))));
                        if let Some(frame) = frames.last_mut() {
                            frame.push(id);
                        }
                        // The matching end is written as `</strong>` by the renderer.
                    }
                    _ => out.push(event),
                }
            }
            Event::Start(Tag::Link { .. }) | Event::Start(Tag::CodeBlock(_)) => {
                plain_depth += 1;
                out.push(event);
            }
            Event::End(TagEnd::Link) | Event::End(TagEnd::CodeBlock) => {
                plain_depth = plain_depth.saturating_sub(1);
                out.push(event);
            }
            Event::Text(t) if plain_depth == 0 && !in_strong_or_heading(&out) => {
                match link_clauses(t, clause_pages) {
                    Some(html) => out.push(Event::InlineHtml(CowStr::from(html))),
                    None => out.push(event),
                }
            }
            // Raw HTML in the spec is text: the spec writes `<kind>` and the like.
            Event::Html(t) | Event::InlineHtml(t) => out.push(Event::Text(t.clone())),
            _ => out.push(event),
        }
        i += 1;
    }
    let mut html = String::with_capacity(markdown.len() * 2);
    pulldown_cmark::html::push_html(&mut html, out.into_iter());
    html
}

/// Whether the last open inline or block element written is bold text or a heading.
fn in_strong_or_heading(out: &[Event]) -> bool {
    let mut depth = 0i32;
    for e in out.iter().rev() {
        match e {
            Event::End(TagEnd::Strong | TagEnd::Heading(_)) => depth += 1,
            Event::Start(Tag::Strong | Tag::Heading { .. }) if depth == 0 => return true,
            Event::Start(Tag::Strong | Tag::Heading { .. }) => depth -= 1,
            Event::InlineHtml(h) if h.starts_with("<strong class=\"clause\"") => return depth == 0,
            Event::Start(Tag::Paragraph | Tag::Item | Tag::TableCell) => return false,
            _ => {}
        }
    }
    false
}

/// `text` as HTML with every clause id it mentions that has a page linked to its anchor; `None` if it
/// mentions none.
pub fn link_clauses(text: &str, clause_pages: &BTreeMap<String, String>) -> Option<String> {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '.';
    let mut out = String::with_capacity(text.len() + 32);
    let mut linked = false;
    let mut rest = text;
    while let Some(start) = rest.find(word) {
        out.push_str(&esc(&rest[..start]));
        let len = rest[start..]
            .find(|c: char| !word(c))
            .unwrap_or(rest.len() - start);
        let token = &rest[start..start + len];
        let id = token.trim_end_matches('.');
        match clause_pages.get(id) {
            Some(page) if is_clause_id(id) => {
                linked = true;
                out.push_str(&format!(
                    "<a href=\"{}#{}\">{}</a>{}",
                    esc(page),
                    esc(id),
                    esc(id),
                    &token[id.len()..]
                ));
            }
            _ => out.push_str(&esc(token)),
        }
        rest = &rest[start + len..];
    }
    out.push_str(&esc(rest));
    linked.then_some(out)
}

fn push_tested(out: &mut Vec<Event>, ids: &[String], testers: &BTreeMap<String, Vec<Tester>>) {
    for id in ids {
        let cases = testers.get(id).map(Vec::as_slice).unwrap_or(&[]);
        let links: String = cases
            .iter()
            .map(|t| format!("<a href=\"{}\">{}</a>", esc(&t.href), esc(&t.id)))
            .collect::<Vec<_>>()
            .join(" ");
        let html = match cases.len() {
            0 => format!(
                "<div class=\"tested\">{}: no case tests it yet</div>",
                esc(id)
            ),
            n if n <= 6 => format!(
                "<div class=\"tested\">{} is tested by: {links}</div>",
                esc(id)
            ),
            n => format!(
                "<details class=\"tested\"><summary>{} is tested by {n} cases</summary>{links}</details>",
                esc(id)
            ),
        };
        out.push(Event::Html(CowStr::from(html)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bold_clause_id_gets_its_anchor_and_its_cases() {
        let md = "- **NAJ-5.2** Immortal stones (NAJ-5.3).\n- **NAJ-5.3 Other.** Text <kind>.\n";
        let mut t = BTreeMap::new();
        t.insert(
            "NAJ-5.2".to_string(),
            vec![Tester {
                id: "naj-x".into(),
                href: "case-naj-x.html".into(),
            }],
        );
        let pages = BTreeMap::from([("NAJ-5.3".to_string(), "spec-naj.html".to_string())]);
        let html = render(md, &t, &pages);
        assert!(html.contains("<strong class=\"clause\" id=\"NAJ-5.2\">NAJ-5.2</strong>"));
        assert!(html.contains("id=\"NAJ-5.3\""));
        assert!(html.contains("<a href=\"case-naj-x.html\">naj-x</a>"));
        assert!(html.contains("&lt;kind&gt;"));
        assert!(html.contains("(<a href=\"spec-naj.html#NAJ-5.3\">NAJ-5.3</a>)"));
        assert_eq!(clauses(md), vec!["NAJ-5.2", "NAJ-5.3"]);
        let md = "## NAJ-5 Immortal stones\n\nSee NAJ-5.\n";
        let pages = BTreeMap::from([("NAJ-5".to_string(), "spec-naj.html".to_string())]);
        let html = render(md, &BTreeMap::new(), &pages);
        assert!(html.contains("<h2 id=\"NAJ-5\">"), "{html}");
        assert!(
            html.contains("See <a href=\"spec-naj.html#NAJ-5\">NAJ-5</a>."),
            "{html}"
        );
        assert_eq!(clauses(md), vec!["NAJ-5"]);
    }
}
