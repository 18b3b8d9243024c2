// The replay page's script, written by gamesearch-gui (resources/replay/page.js).
//
// It reads the search from the JSON element "replay-data" (core/share/replay.py makes it)
// and draws the tree at any moment k (k = how many events have happened) as the window's
// Moment does (core/recording/moment.py): which nodes exist, where each sits, its value
// and its alpha-beta window then. Every word shown comes from that data (the app computed
// it); every text is put in with textContent, never as markup. A node's board is drawn
// by board.js (replayBoard), the script before this one.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const T = data.texts;
  const N = data.nodes;
  const C = data.cutoffs;
  // Iterative deepening's nodes tried first (on the previous iteration's best line).
  const TRIED = new Set(N.triedFirst);
  const SVG = "http://www.w3.org/2000/svg";
  const SLOT_W = 40, LEVEL_H = 90, R = 13, NONE = -1;
  const KIND_MAX = 0, KIND_MIN = 1, KIND_CHANCE = 2;
  const HOW_EVALUATION = 1, HOW_TABLE = 2;
  const KIND_CLASS = ["max", "min", "chance", "leaf"];
  // The window's speeds: a 1-2-5 ladder of events per second, 5 at first.
  const RATES = [];
  for (let e = 0; e <= 5; e++) for (const m of [1, 2, 5]) if (m * 10 ** e <= 100000) RATES.push(m * 10 ** e);
  // A first view folds a tree that would not fit at zoom 1 (as the window's does) past
  // this many nodes; the whole tree may be drawn up to MAX_DRAWN nodes.
  const SMALL_TREE_NODES = 60, MAX_DRAWN = 4000;
  // The most characters of a node's label written beside it.
  const LABEL_SHOWN = 6;

  const $ = (id) => document.getElementById(id);
  const state = {
    k: 0, playing: false, rate: RATES.indexOf(5), carry: 0, last: 0,
    folded: false, opened: new Set(), picked: NONE, follow: true,
    view: { x: 0, y: 0, s: 1 }, bounds: null,
  };

  // -- the tree at moment k (core/recording/moment.py) -----------------------------------

  function bisectLeft(array, value) {
    let lo = 0, hi = array.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (array[mid] < value) lo = mid + 1; else hi = mid;
    }
    return lo;
  }

  function moment(k) {
    return { k: k, limit: bisectLeft(N.entered, k) };
  }

  const isValued = (now, n) => N.valued[n] < now.k;
  const xOf = (now, n) => (isValued(now, n) ? N.x[n] : N.firstSlot[n]);

  function children(now, n) {
    const found = [];
    for (let c = N.firstChild[n]; c !== NONE && c < now.limit; c = N.nextSibling[c]) found.push(c);
    return found;
  }

  function cutoffOf(now, n) {
    const i = N.cutoff[n];
    return i !== NONE && C.seq[i] < now.k ? i : NONE;
  }

  function newestChild(now, n) {
    for (let m = now.limit - 1; m > n; ) {
      const above = N.parent[m];
      if (above === n) return m;
      m = above;
    }
    return NONE;
  }

  // The window (alpha, beta) as text indices: entered with; as it left once valued;
  // while open, a MAX or MIN node's as its newest child was entered.
  function windowOf(now, n) {
    if (isValued(now, n)) return [N.alphaOut[n], N.betaOut[n]];
    if (N.kind[n] === KIND_MAX || N.kind[n] === KIND_MIN) {
      const child = newestChild(now, n);
      if (child !== NONE) return [N.alphaIn[child], N.betaIn[child]];
    }
    return [N.alphaIn[n], N.betaIn[n]];
  }

  function windowLines(now, n) {
    const [alpha, beta] = windowOf(now, n);
    return [["α", N.alphaIn[n], alpha], ["β", N.betaIn[n], beta]].map(
      ([name, before, after]) => `${name} ${T[before]}` + (after !== before ? `→${T[after]}` : ""));
  }

  function subtreeSize(now, n) {
    const end = isValued(now, n) ? Math.min(now.limit, bisectLeft(N.entered, N.valued[n])) : now.limit;
    return end - n;
  }

  const isOver = (now) => data.finished && now.k >= data.eventCount;
  const roots = (now) => data.roots.filter((r) => r < now.limit);

  // The line the first view follows: the best line once the search is over, else the path
  // to the node of the moment's event.
  function line(now) {
    if (isOver(now)) return data.bestLine.filter((n) => n < now.limit);
    const path = [];
    for (let n = data.current[now.k]; n !== NONE && n !== undefined; n = N.parent[n]) path.push(n);
    return path.reverse();
  }

  // -- layout: the recording's own, or the first view's folded one --------------------------

  // Items: {n, x, depth} nodes; {stub: cutoff index, x, depth}; {mark: parent, count, x, depth}.
  function wholeLayout(now) {
    const items = [];
    const place = new Map();
    for (let n = 0; n < now.limit; n++) {
      const item = { n: n, x: xOf(now, n), depth: N.depth[n] };
      items.push(item);
      place.set(n, item);
      const cut = cutoffOf(now, n);
      if (cut !== NONE) items.push({ stub: cut, parent: n, x: C.slot[cut], depth: N.depth[n] + 1 });
    }
    return { items: items, place: place };
  }

  // Shown: the roots' children, the line (each node's child on it, its other children in
  // a mark on either side), what the person opened; every other node folded into a mark.
  function foldedLayout(now) {
    const onLine = new Set(line(now));
    const items = [];
    const place = new Map();
    // Two slots apart: room for a fold's count under it.
    let slot = 0;
    const next = () => { slot += 2; return slot - 2; };
    function mark(parent, nodes, depth) {
      let count = 0;
      for (const c of nodes) count += subtreeSize(now, c);
      const item = { mark: parent, count: count, x: next(), depth: depth };
      items.push(item);
      return item;
    }
    function visit(n, isRoot) {
      const item = { n: n, x: 0, depth: N.depth[n] };
      items.push(item);
      place.set(n, item);
      const kids = children(now, n);
      const placed = [];
      if (isRoot || state.opened.has(n)) {
        for (const c of kids) placed.push(visit(c, false));
        const cut = cutoffOf(now, n);
        if (cut !== NONE) {
          const stub = { stub: cut, parent: n, x: next(), depth: item.depth + 1 };
          items.push(stub);
          placed.push(stub);
        }
      } else if (onLine.has(n) && kids.some((c) => onLine.has(c))) {
        const at = kids.findIndex((c) => onLine.has(c));
        if (at > 0) placed.push(mark(n, kids.slice(0, at), item.depth + 1));
        placed.push(visit(kids[at], false));
        if (at < kids.length - 1) placed.push(mark(n, kids.slice(at + 1), item.depth + 1));
      } else if (kids.length) {
        placed.push(mark(n, kids, item.depth + 1));
      }
      item.x = placed.length ? (placed[0].x + placed[placed.length - 1].x) / 2 : next();
      return item;
    }
    for (const r of roots(now)) {
      visit(r, true);
      slot += 4;
    }
    return { items: items, place: place };
  }

  // -- drawing ----------------------------------------------------------------------------

  function el(name, attributes, parent) {
    const node = document.createElementNS(SVG, name);
    for (const key in attributes) node.setAttribute(key, attributes[key]);
    if (parent) parent.appendChild(node);
    return node;
  }

  function text(content, x, y, cls, parent) {
    const node = el("text", { x: x, y: y, class: cls }, parent);
    node.textContent = content;
    return node;
  }

  const px = (item) => (item.x + 1) * SLOT_W;
  const py = (item) => item.depth * LEVEL_H + 2 * R;

  function shapePath(kind, how, x, y, r) {
    if (how === HOW_EVALUATION) {
      const d = r * 1.15;
      return `M${x} ${y - d}L${x + d} ${y}L${x} ${y + d}L${x - d} ${y}Z`;
    }
    if (kind === KIND_MAX) return `M${x} ${y - r}L${x + r * 1.2} ${y + r * 0.9}L${x - r * 1.2} ${y + r * 0.9}Z`;
    if (kind === KIND_MIN) return `M${x - r * 1.2} ${y - r * 0.9}L${x + r * 1.2} ${y - r * 0.9}L${x} ${y + r}Z`;
    if (kind === KIND_CHANCE) return `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
    const h = r * 0.88;
    return `M${x - h} ${y - h}h${2 * h}v${2 * h}h${-2 * h}Z`;
  }

  function drawNode(now, item, layer) {
    const n = item.n, x = px(item), y = py(item);
    const valued = isValued(now, n);
    const how = valued ? N.how[n] : -1;
    const kind = N.kind[n];
    let cls = `shape node ${KIND_CLASS[kind]}`;
    if (!valued) cls += " open";
    if (how === HOW_EVALUATION) cls += " eval";
    const shape = el("path", { d: shapePath(kind, how, x, y, R), class: cls, "data-node": n }, layer);
    const title = el("title", {}, shape);
    title.textContent = data.titles[n] !== undefined ? T[data.titles[n]] : KIND_CLASS[kind];
    let below = y + R + 12;
    if (valued && N.value[n] !== NONE) {
      const value = T[N.value[n]];
      if (value.length <= 3 && how !== HOW_EVALUATION) {
        const onFill = kind !== 3;
        text(value, x, kind === KIND_MAX ? y + 2 : kind === KIND_MIN ? y - 2 : y, `value ${onFill ? "on-fill" : "under"}`, layer);
      } else {
        text(value, x, below, "value under", layer);
        below += 12;
      }
      if (how === HOW_EVALUATION || how === HOW_TABLE) text(how === HOW_TABLE ? "TT" : "E", x + R * 1.1, y - R, "tag", layer);
    }
    if (data.showWindow) {
      for (const words of windowLines(now, n)) {
        text(words, x, below, "small", layer);
        below += 10;
      }
    }
    // A node's own label up and to its left, cut short where it would reach its
    // neighbours (the details pane names it whole).
    const label = N.label[n] !== NONE ? T[N.label[n]] : "";
    if (label) text(label.length > LABEL_SHOWN ? `${label.slice(0, LABEL_SHOWN - 1)}…` : label, x - R * 1.3, y - R * 0.6, "name", layer);
  }

  function render() {
    const now = moment(state.k);
    const layout = state.folded ? foldedLayout(now) : wholeLayout(now);
    const scene = $("scene");
    scene.textContent = "";
    const edges = el("g", {}, scene), rings = el("g", {}, scene);
    const nodes = el("g", {}, scene), labels = el("g", {}, scene);
    const best = new Set(isOver(now) ? data.bestLine : []);
    let minX = Infinity, maxX = -Infinity, maxY = 0;
    for (const item of layout.items) {
      const x = px(item), y = py(item);
      minX = Math.min(minX, x); maxX = Math.max(maxX, x); maxY = Math.max(maxY, y);
      const parent = item.n !== undefined ? N.parent[item.n] : item.stub !== undefined ? item.parent : item.mark;
      const from = layout.place.get(parent);
      if (item.n !== undefined) {
        if (from) {
          const onBest = best.has(item.n) && best.has(parent);
          const kind = onBest ? "edge best" : TRIED.has(item.n) ? "edge tried" : "edge";
          el("line", { x1: px(from), y1: py(from), x2: x, y2: y, class: kind }, edges);
          // The move on the edge, and a chance outcome's probability under it.
          const mx = px(from) * 0.4 + x * 0.6, my = py(from) * 0.4 + y * 0.6;
          const move = N.move[item.n] !== NONE ? T[N.move[item.n]] : "";
          if (move) text(move, mx, my, "move", labels);
          if (N.probability[item.n] !== NONE) text(T[N.probability[item.n]], mx, my + 10, "move", labels);
        }
        drawNode(now, item, nodes);
      } else if (item.stub !== undefined && from) {
        const y2 = py(from) + LEVEL_H * 0.55;
        el("line", { x1: px(from), y1: py(from), x2: x, y2: y2, class: "stub" }, edges);
        el("line", { x1: x - 7, y1: y2 - 5, x2: x + 7, y2: y2 + 5, class: "cut" }, edges);
        C.lines[item.stub].forEach((words, i) => text(T[words], x, y2 + 14 + 11 * i, "cut-text", labels));
      } else if (item.mark !== undefined && from) {
        const y2 = py(from) + LEVEL_H * 0.55;
        el("line", { x1: px(from), y1: py(from), x2: x, y2: y2 - 8, class: "edge" }, edges);
        const fan = el("path", { d: `M${x} ${y2 - 8}L${x + 12} ${y2 + 8}L${x - 12} ${y2 + 8}Z`, class: "fold", "data-open": item.mark }, nodes);
        const folded = `${item.count.toLocaleString("en")} node${item.count === 1 ? "" : "s"}`;
        el("title", {}, fan).textContent = `${folded} folded here: click to show them`;
        text(folded, x, y2 + 20, "fold-text", labels);
      }
    }
    const current = layout.place.get(data.current[state.k]);
    if (current) el("circle", { cx: px(current), cy: py(current), r: R * 1.75, class: "ring" }, rings);
    const picked = layout.place.get(state.picked);
    if (picked) el("circle", { cx: px(picked), cy: py(picked), r: R * 2.1, class: "picked" }, rings);
    state.bounds = layout.items.length ? { x0: minX - SLOT_W, x1: maxX + SLOT_W, y0: 0, y1: maxY + LEVEL_H * 0.8 } : null;
    if (state.follow) fit(); else applyView();
    showStep(now);
    showDetails(now);
  }

  // -- the view: pan and zoom ---------------------------------------------------------------

  function applyView() {
    const v = state.view;
    $("scene").setAttribute("transform", `translate(${v.x} ${v.y}) scale(${v.s})`);
  }

  function fit() {
    const b = state.bounds, box = $("tree").getBoundingClientRect();
    if (!b || !box.width) return applyView();
    const s = Math.min(2, box.width / (b.x1 - b.x0), box.height / (b.y1 - b.y0));
    state.view = { s: s, x: (box.width - (b.x1 + b.x0) * s) / 2, y: 8 - b.y0 * s };
    applyView();
  }

  function zoom(factor, cx, cy) {
    const v = state.view, box = $("tree").getBoundingClientRect();
    if (cx === undefined) { cx = box.width / 2; cy = box.height / 2; }
    const s = Math.min(8, Math.max(0.02, v.s * factor));
    v.x = cx - ((cx - v.x) * s) / v.s;
    v.y = cy - ((cy - v.y) * s) / v.s;
    v.s = s;
    state.follow = false;
    applyView();
  }

  function wireView() {
    const svg = $("tree");
    let drag = null;
    svg.addEventListener("wheel", (event) => {
      event.preventDefault();
      const box = svg.getBoundingClientRect();
      zoom(event.deltaY < 0 ? 1.15 : 1 / 1.15, event.clientX - box.left, event.clientY - box.top);
    }, { passive: false });
    svg.addEventListener("pointerdown", (event) => {
      drag = { x: event.clientX, y: event.clientY, vx: state.view.x, vy: state.view.y, moved: false };
    });
    svg.addEventListener("pointermove", (event) => {
      if (!drag) return;
      const dx = event.clientX - drag.x, dy = event.clientY - drag.y;
      if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
      if (!drag.moved) svg.setPointerCapture(event.pointerId);
      drag.moved = true;
      svg.classList.add("dragging");
      state.view.x = drag.vx + dx;
      state.view.y = drag.vy + dy;
      state.follow = false;
      applyView();
    });
    svg.addEventListener("pointerup", (event) => {
      const moved = drag && drag.moved;
      drag = null;
      svg.classList.remove("dragging");
      if (!moved) click(event.target);
    });
    $("fit").addEventListener("click", () => { state.follow = true; fit(); });
    $("zoom-in").addEventListener("click", () => zoom(1.25));
    $("zoom-out").addEventListener("click", () => zoom(0.8));
    $("whole").addEventListener("change", (event) => {
      state.folded = !event.target.checked;
      state.follow = true;
      render();
    });
    window.addEventListener("resize", () => { if (state.follow) fit(); });
  }

  function click(target) {
    if (target.dataset && target.dataset.open !== undefined) {
      state.opened.add(Number(target.dataset.open));
      state.follow = true;
    } else if (target.dataset && target.dataset.node !== undefined) {
      state.picked = Number(target.dataset.node);
    } else {
      return;
    }
    render();
  }

  // -- the words: the step line, the details ------------------------------------------------

  function showStep(now) {
    $("words").textContent = data.words[now.k];
    $("moment").value = String(now.k);
    $("count").textContent = `event ${now.k.toLocaleString("en")} of ${data.eventCount.toLocaleString("en")}`;
    $("play").textContent = state.playing ? "Pause" : "Play";
  }

  function row(list, what, words) {
    const dt = document.createElement("dt");
    dt.textContent = what;
    const dd = document.createElement("dd");
    dd.textContent = words;
    list.append(dt, dd);
  }

  // The node's position, drawn by board.js (tic-tac-toe, Connect Four, chess), as the
  // window's details pane shows it with the game's board.
  function showBoard(pane, n) {
    const board = data.board;
    if (!board || board.position[n] === undefined) return;
    const last = board.last[n] !== undefined ? board.last[n] : "";
    const drawing = replayBoard(board.game, T[board.position[n]], last);
    if (drawing) pane.appendChild(drawing);
  }

  function showDetails(now) {
    const pane = $("details");
    const n = state.picked;
    if (n === NONE) return;
    pane.textContent = "";
    const heading = document.createElement("h2");
    heading.textContent = data.titles[n] !== undefined ? T[data.titles[n]] : `Node ${n + 1}`;
    pane.appendChild(heading);
    showBoard(pane, n);
    const list = document.createElement("dl");
    pane.appendChild(list);
    let here;
    if (N.entered[n] >= now.k) here = "not reached yet";
    else if (!isValued(now, n)) here = "being searched";
    else here = `valued: ${T[N.value[n]]}`;
    row(list, "At this step", here);
    if (data.showWindow && N.entered[n] < now.k) row(list, "α and β now", windowLines(now, n).join(", "));
    const rows = data.details[n];
    if (!rows) {
      const note = document.createElement("p");
      note.className = "note";
      note.textContent = "This search is too big for every node's details to be in the page: open it in gamesearch-gui for this node's.";
      pane.appendChild(note);
      return;
    }
    const note = document.createElement("p");
    note.className = "note";
    note.textContent = "When the search ended:";
    pane.appendChild(note);
    const end = document.createElement("dl");
    pane.appendChild(end);
    for (const [what, words] of rows) row(end, T[what], T[words]);
  }

  // -- the replay controls ------------------------------------------------------------------

  function go(k) {
    state.k = Math.max(0, Math.min(data.eventCount, k));
    if (state.k >= data.eventCount) state.playing = false;
    render();
  }

  function tick(time) {
    if (!state.playing) return;
    const dt = state.last ? (time - state.last) / 1000 : 0;
    state.last = time;
    state.carry += dt * RATES[state.rate];
    const steps = Math.floor(state.carry);
    if (steps > 0) {
      state.carry -= steps;
      go(state.k + steps);
    }
    if (state.playing) requestAnimationFrame(tick);
  }

  function play() {
    if (state.playing) {
      state.playing = false;
    } else {
      if (state.k >= data.eventCount) state.k = 0;
      state.playing = true;
      state.last = 0;
      state.carry = 1; // one event at once, so a slow speed still answers the click
      requestAnimationFrame(tick);
    }
    showStep(moment(state.k));
  }

  function wireControls() {
    const slider = $("moment");
    slider.max = String(data.eventCount);
    slider.addEventListener("input", () => go(Number(slider.value)));
    const speed = $("speed");
    speed.max = String(RATES.length - 1);
    speed.value = String(state.rate);
    const showRate = () => {
      const rate = RATES[state.rate];
      $("rate").textContent = `${rate.toLocaleString("en")} event${rate === 1 ? "" : "s"}/s`;
    };
    speed.addEventListener("input", () => { state.rate = Number(speed.value); showRate(); });
    showRate();
    $("first").addEventListener("click", () => go(0));
    $("back").addEventListener("click", () => go(state.k - 1));
    $("forward").addEventListener("click", () => go(state.k + 1));
    $("last").addEventListener("click", () => go(data.eventCount));
    $("play").addEventListener("click", play);
    document.addEventListener("keydown", (event) => {
      if (event.target.tagName === "INPUT" && event.target.type !== "checkbox") return;
      const keys = {
        ArrowLeft: () => go(state.k - 1), ArrowRight: () => go(state.k + 1),
        Home: () => go(0), End: () => go(data.eventCount), " ": play,
        "+": () => zoom(1.25), "-": () => zoom(0.8), f: () => { state.follow = true; fit(); },
      };
      const act = keys[event.key];
      if (act) { event.preventDefault(); act(); }
    });
  }

  function legend() {
    const footer = $("legend");
    const glyph = {
      max: [0, -1], min: [1, -1], chance: [2, -1], terminal: [3, 0], eval: [0, HOW_EVALUATION], open: [0, "open"],
    };
    // The window's entries (core/narration/legend.py), of the marks this search has.
    for (const [key, words] of data.legend) {
      const item = document.createElement("span");
      const svg = el("svg", { width: 22, height: 18, viewBox: "0 0 22 18", "aria-hidden": "true" }, item);
      if (glyph[key]) {
        const [kind, how] = glyph[key];
        let cls = `shape ${KIND_CLASS[kind]}`;
        if (how === "open") cls += " open";
        if (how === HOW_EVALUATION) cls += " eval";
        el("path", { d: shapePath(kind, how === HOW_EVALUATION ? how : -1, 11, 9, 6.5), class: cls }, svg);
      } else if (key === "tt") {
        text("TT", 11, 13, "tag", svg).setAttribute("text-anchor", "middle");
      } else if (key === "cut") {
        el("line", { x1: 2, y1: 4, x2: 20, y2: 14, class: "cut" }, svg);
      } else if (key === "pv") {
        el("line", { x1: 1, y1: 9, x2: 21, y2: 9, class: "edge best" }, svg);
      } else if (key === "tried") {
        el("line", { x1: 1, y1: 9, x2: 21, y2: 9, class: "edge tried" }, svg);
      } else if (key === "now") {
        el("circle", { cx: 11, cy: 9, r: 6.5, class: "ring" }, svg);
      }
      item.appendChild(document.createTextNode(words));
      footer.appendChild(item);
    }
  }

  function start() {
    document.title = data.title || document.title;
    $("title").textContent = data.title;
    $("source").textContent = data.source ? `From ${data.source}` : "";
    if (data.status) {
      $("status").textContent = data.status;
      $("status").hidden = false;
    }
    const box = $("tree").getBoundingClientRect();
    // The window's first view: whole when small or when it fits at zoom 1, else folded.
    const fits = data.nodeCount <= SMALL_TREE_NODES || (data.slots + 2) * SLOT_W <= box.width;
    state.folded = !fits || data.nodeCount > MAX_DRAWN;
    const whole = $("whole");
    whole.checked = !state.folded;
    if (data.nodeCount > MAX_DRAWN) {
      whole.disabled = true;
      $("whole-label").title = `The whole tree has ${data.nodeCount.toLocaleString("en")} nodes, too many to draw at once here: click a folded subtree to open it.`;
    }
    legend();
    wireView();
    wireControls();
    // A link may open the page at an event: page.html#event=13.
    const asked = /(?:^#|&)event=(\d+)/.exec(window.location.hash);
    go(asked ? Number(asked[1]) : data.eventCount);
  }

  start();
})();
