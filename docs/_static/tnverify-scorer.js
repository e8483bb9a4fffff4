/* The site's search ranking (conf.py: html_search_scorer): a page whose title holds every
   word of the query comes first (a claim page is titled "id — title"), then a page whose
   title holds some of them; within each, Sphinx's own score decides. */
var Scorer = {
  score: (result) => {
    const [docname, title, anchor, descr, score] = result;
    const query = (new URLSearchParams(window.location.search).get("q") || "").toLowerCase();
    const words = query.split(/[^\p{L}\p{N}.]+/u).filter((w) => w.length > 1);
    const text = (title || "").toLowerCase();
    const found = words.filter((w) => text.includes(w)).length;
    if (!words.length || !found) return score;
    return score + (found === words.length ? 100 : 40 * found / words.length);
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
