/* Herald's client-side search: loads search/index.json once and matches every item whose title,
   summary, category, tags or date holds each word of the query, as a substring, so Chinese text is
   found by any two or more characters without word splitting. Results are built as DOM nodes
   (textContent), never as HTML, so nothing in the index can become markup. */
(function () {
  "use strict";
  var loading = {};

  /* An index, fetched on first use and shared by every search box on the page (a multilingual
     site has one per language). */
  function loadIndex(url) {
    if (!loading[url]) {
      loading[url] = fetch(url, { credentials: "same-origin" })
        .then(function (response) {
          if (!response.ok) throw new Error(response.status + " " + response.statusText);
          return response.json();
        })
        .then(prepare);
    }
    return loading[url];
  }

  /* The hits of the form's own index and, when the reader asks (a multilingual site's search
     page), of the other languages' after them, each marked with its language; an item found in
     two indexes (shown untranslated in both) is listed once. */
  function searchAll(form, terms) {
    var wanted = [{ url: form.getAttribute("data-index"), lang: null }];
    var others = form.querySelector("input[name=all]");
    if (others && others.checked) {
      var parts = others.getAttribute("data-other-indexes").trim().split(/\s+/);
      for (var i = 0; i + 1 < parts.length; i += 2) wanted.push({ lang: parts[i], url: parts[i + 1] });
    }
    return Promise.all(wanted.map(function (index) {
      return loadIndex(index.url).then(function (items) {
        return search(items, terms).map(function (item) { return { item: item, lang: index.lang }; });
      });
    })).then(function (lists) {
      var seen = {}, hits = [];
      lists.forEach(function (list) {
        list.forEach(function (hit) {
          if (!seen[hit.item.path]) { seen[hit.item.path] = true; hits.push(hit); }
        });
      });
      return hits;
    });
  }

  function fold(text) { return text.normalize("NFKC").toLowerCase(); }

  /* Rows of the index as objects, each with the folded text a query is matched against. */
  function prepare(index) {
    var f = {};
    index.fields.forEach(function (name, i) { f[name] = i; });
    return index.items.map(function (row, order) {
      var category = row[f.category] >= 0 ? index.categories[row[f.category]] : null;
      var tags = row[f.tags].map(function (n) { return index.tags[n]; });
      var item = {
        order: order, kind: row[f.kind], title: row[f.title], summary: row[f.summary],
        category: category, tags: tags, date: row[f.date], path: row[f.path]
      };
      item.foldedTitle = fold(item.title);
      item.foldedTerms = fold((category ? category.name : "") + "\n" + tags.join("\n"));
      item.folded = item.foldedTitle + "\n" + fold(item.summary) + "\n" + item.foldedTerms + "\n" + item.date;
      return item;
    });
  }

  /* The words of a query; one character alone matches too much to be useful. */
  function termsOf(query) {
    return fold(query).split(/\s+/).filter(function (term) { return term.length >= 2; });
  }

  /* Items holding every term, titles first, then category and tag matches, then newest first. */
  function search(items, terms) {
    var found = [];
    for (var i = 0; i < items.length; i++) {
      var item = items[i], score = 0, all = true;
      for (var t = 0; t < terms.length; t++) {
        var term = terms[t];
        if (item.folded.indexOf(term) < 0) { all = false; break; }
        score += item.foldedTitle.indexOf(term) >= 0 ? 4 : item.foldedTerms.indexOf(term) >= 0 ? 2 : 1;
      }
      if (all) found.push({ item: item, score: score });
    }
    found.sort(function (a, b) { return b.score - a.score || a.item.order - b.item.order; });
    return found.map(function (hit) { return hit.item; });
  }

  /* `text` as nodes with each term marked. Matching is on the lower-cased text, which keeps
     positions when lower-casing keeps the length (otherwise the text is shown unmarked). */
  function marked(text, terms) {
    var fragment = document.createDocumentFragment();
    var lower = text.toLowerCase();
    var ranges = [];
    if (lower.length === text.length) {
      terms.forEach(function (term) {
        for (var at = lower.indexOf(term); at >= 0; at = lower.indexOf(term, at + term.length)) ranges.push([at, at + term.length]);
      });
    }
    ranges.sort(function (a, b) { return a[0] - b[0]; });
    var position = 0;
    ranges.forEach(function (range) {
      if (range[0] < position) return;
      fragment.appendChild(document.createTextNode(text.slice(position, range[0])));
      var mark = document.createElement("mark");
      mark.textContent = text.slice(range[0], range[1]);
      fragment.appendChild(mark);
      position = range[1];
    });
    fragment.appendChild(document.createTextNode(text.slice(position)));
    return fragment;
  }

  function element(name, className, text) {
    var node = document.createElement(name);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  /* One result: its title as a link, its category and date, and its summary. */
  function resultNode(item, terms, root) {
    var li = element("li", "search-result");
    var link = element("a", "search-result__title");
    link.href = root + item.path;
    link.appendChild(marked(item.title, terms));
    li.appendChild(link);
    var meta = element("p", "search-result__meta");
    if (item.category) {
      var badge = element("span", "badge", item.category.name);
      if (item.category.color) badge.style.setProperty("--accent", item.category.color);
      meta.appendChild(badge);
    }
    if (item.date) {
      var time = element("time", null, dateText(item.date));
      time.dateTime = item.date;
      meta.appendChild(time);
    }
    if (meta.childNodes.length) li.appendChild(meta);
    if (item.summary) {
      var summary = element("p", "search-result__summary");
      summary.appendChild(marked(item.summary, terms));
      li.appendChild(summary);
    }
    return li;
  }

  /* `2026-12-31` as readers of the page's language write it (`2026年12月31日`, `31 December 2026`). */
  var dateFormat = null;
  function dateText(iso) {
    var parts = iso.split("-").map(Number);
    try {
      dateFormat = dateFormat || new Intl.DateTimeFormat(document.documentElement.lang || undefined, { year: "numeric", month: "long", day: "numeric" });
      return dateFormat.format(new Date(parts[0], parts[1] - 1, parts[2]));
    } catch (error) {
      return iso;  // a browser without that locale: the date as it is in the index
    }
  }

  function say(template, count, query) {
    return template.replace("{count}", String(count)).replace("{query}", query);
  }

  /* Wires one search form: the masthead's (results drop down under the box as one types) or the
     search page's (results fill the page, and the query is kept in the address). */
  function setUp(form) {
    var input = form.querySelector("input[type=search]");
    var onPage = form.classList.contains("search--page");
    var root = form.getAttribute("data-root");
    var strings = form.dataset;
    var list, status, panel;
    if (onPage) {
      list = document.getElementById("search-results");
      status = document.getElementById("search-status");
    } else {
      // The ARIA combobox pattern: focus stays in the box, the results are a listbox of options,
      // and the option the arrow keys reach is named by aria-activedescendant, so that a screen
      // reader says each one as it is reached, and the live status how many there are.
      panel = form.querySelector(".search__panel");
      status = element("p", "search__status");
      status.setAttribute("role", "status");
      list = element("ol", "search__results");
      list.id = input.id + "-list";
      list.setAttribute("role", "listbox");
      // Made a combobox here, not in the page: without this script the box is a plain search
      // field that sends its query to the search page, and names no list that is not there.
      input.setAttribute("role", "combobox");
      input.setAttribute("aria-autocomplete", "list");
      input.setAttribute("aria-controls", list.id);
      input.setAttribute("aria-expanded", "false");
      list.setAttribute("aria-label", input.labels && input.labels.length ? input.labels[0].textContent : "");
      panel.appendChild(status);
      panel.appendChild(list);
    }
    var limit = onPage ? 100 : 8;

    function show(open) {
      if (onPage) return;
      panel.hidden = !open;
      input.setAttribute("aria-expanded", open ? "true" : "false");
      if (!open) activate(-1);
    }

    /* The options of the masthead's list, and the one the arrow keys reached (-1: none). */
    var active = -1;
    function options() { return Array.prototype.slice.call(list.querySelectorAll("[role=option]")); }
    function activate(index) {
      var all = options();
      all.forEach(function (option, at) { option.setAttribute("aria-selected", at === index ? "true" : "false"); });
      active = index >= 0 && index < all.length ? index : -1;
      if (active >= 0) {
        input.setAttribute("aria-activedescendant", all[active].id);
        all[active].scrollIntoView({block: "nearest"});
      } else {
        input.removeAttribute("aria-activedescendant");
      }
    }

    function update() {
      var query = input.value.trim();
      if (onPage && window.history.replaceState) {
        var url = new URL(window.location.href);
        if (query) url.searchParams.set("q", query); else url.searchParams.delete("q");
        var others = form.querySelector("input[name=all]");
        if (others && others.checked) url.searchParams.set("all", "1"); else url.searchParams.delete("all");
        window.history.replaceState(null, "", url);
      }
      var terms = termsOf(query);
      if (!terms.length) {
        list.textContent = "";
        status.textContent = query ? strings.tooShort : "";
        show(Boolean(query));
        return;
      }
      searchAll(form, terms).then(function (hits) {
        if (input.value.trim() !== query) return;  // a newer keystroke has its own search
        list.textContent = "";
        hits.slice(0, limit).forEach(function (hit, at) {
          var node = resultNode(hit.item, terms, root);
          if (hit.lang) node.lang = hit.lang;
          if (!onPage) {
            node.setAttribute("role", "option");
            node.id = list.id + "-" + at;
            node.setAttribute("aria-selected", "false");
            node.querySelector("a").tabIndex = -1;
          }
          list.appendChild(node);
        });
        active = -1;
        input.removeAttribute("aria-activedescendant");
        // English says "1 result", not "1 results"; a theme's strings without the one-form still work.
        var count = hits.length === 1 && strings.countOne ? strings.countOne : strings.count;
        status.textContent = hits.length ? say(count, hits.length, query) : say(strings.none, 0, query);
        if (!onPage && hits.length > limit) {
          var more = element("li", "search__more");
          var link = element("a", null, say(strings.all, hits.length, query));
          link.href = form.getAttribute("action") + "?q=" + encodeURIComponent(query);
          more.appendChild(link);
          list.appendChild(more);
        }
        show(true);
      }, function (error) {
        status.textContent = strings.failed;
        show(true);
        console.warn("Herald search: the index could not be loaded:", error.message);
      });
    }

    // Closed with Escape, the results stay closed until the next keystroke, even as focus returns to the box.
    var dismissed = false;
    input.addEventListener("input", function () { dismissed = false; update(); });
    input.addEventListener("focus", function () {
      loadIndex(form.getAttribute("data-index")).catch(function () {});
      if (input.value.trim() && !dismissed) update();
    });
    if (!onPage) {
      // Arrow keys move through the options while focus stays in the box; Enter opens the one
      // reached; Escape closes the list.
      input.addEventListener("keydown", function (event) {
        var all = options();
        if (event.key === "ArrowDown" && all.length && !panel.hidden) {
          activate(Math.min(active + 1, all.length - 1));
          event.preventDefault();
        } else if (event.key === "ArrowUp" && active >= 0) {
          activate(active - 1);
          event.preventDefault();
        } else if (event.key === "Enter" && active >= 0) {
          window.location.href = all[active].querySelector("a").href;
          event.preventDefault();
        } else if (event.key === "Escape") {
          dismissed = true;
          show(false);
        }
      });
      document.addEventListener("click", function (event) {
        if (!form.contains(event.target)) show(false);
      });
    } else {
      var params = new URLSearchParams(window.location.search);
      var others = form.querySelector("input[name=all]");
      if (others) {
        others.checked = params.get("all") === "1";
        others.addEventListener("change", update);
      }
      var query = params.get("q");
      if (query) {
        input.value = query;
        update();
      }
    }
  }

  Array.prototype.forEach.call(document.querySelectorAll("form.search[data-index]"), setUp);
})();
