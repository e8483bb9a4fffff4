/* The site's search ranking (conf.py: html_search_scorer; _ext/site_search.py fills in the
   glossary's table at build time): a page whose title holds every word of the query comes
   first (a claim page is titled "id — title"; an abbreviation of the title counts as its
   spelled-out names, so "second-order RNN" is in "2-RNN = TTLM core"), then a page whose
   title holds some of them; within each, Sphinx's own score decides, and at equal scores
   the shorter title (less besides the words searched). */
const TNV_ABBREVIATIONS = {};
const TNV_FOUND = new RegExp(
  "(?<![A-Za-z0-9])(" +
    Object.keys(TNV_ABBREVIATIONS)
      .sort((a, b) => b.length - a.length)
      .map((a) => a.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&"))
      .join("|") +
    ")s?(?![A-Za-z0-9])",
  "g",
);
const tnvSpelledOut = (title) =>
  Object.keys(TNV_ABBREVIATIONS).length
    ? title.replace(TNV_FOUND, (m, a) => `${m} (${TNV_ABBREVIATIONS[a].join("; ")})`)
    : title;
var Scorer = {
  score: (result) => {
    const [docname, title, anchor, descr, score] = result;
    const query = (new URLSearchParams(window.location.search).get("q") || "").toLowerCase();
    const words = query.split(/[^\p{L}\p{N}.]+/u).filter((w) => w.length > 1);
    const text = tnvSpelledOut(title || "").toLowerCase();
    const found = words.filter((w) => text.includes(w)).length;
    const shorter = -(title || "").length / ((title || "").length + 100); // in (-1, 0]
    if (!words.length || !found) return score + shorter;
    return score + (found === words.length ? 100 : 40 * found / words.length) + shorter;
  },
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: {0: 15, 1: 5, 2: -5},
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
};
