// The replay page's boards, written by gamesearch-gui (resources/replay/board.js).
//
// A node's position drawn as SVG for its details, as the window's details pane draws it
// with the game's board (ui/boards/): tic-tac-toe, Connect Four, chess. The position is
// the short string core/share/boards.py writes (nine cells, 42 cells, or a FEN's piece
// placement) and the last move (a cell, a column, a move in UCI), which is marked. The
// strings are read character by character: whatever is not a piece is an empty square,
// and every text is put in with textContent, never as markup.
"use strict";
const replayBoard = (function () {
  const SVG = "http://www.w3.org/2000/svg";
  // The chess pieces as Unicode glyphs: the solid ones for both sides (filled white or
  // black), each followed by U+FE0E so that no font draws it as an emoji.
  const GLYPHS = { k: "\u265a", q: "\u265b", r: "\u265c", b: "\u265d", n: "\u265e", p: "\u265f" };
  const FILES = "abcdefgh";

  function el(name, attributes, parent) {
    const node = document.createElementNS(SVG, name);
    for (const key in attributes) node.setAttribute(key, attributes[key]);
    parent.appendChild(node);
    return node;
  }

  function board(kind, width, height, words) {
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.setAttribute("class", `board ${kind}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", words);
    el("title", {}, svg).textContent = words;
    return svg;
  }

  const inRange = (text, size) => /^\d+$/.test(text) && Number(text) < size;

  // Tic-tac-toe: X as two red strokes, O as a blue ring; the last move's cell tinted.
  function ticTacToe(position, last) {
    const S = 60, svg = board("tictactoe", 3 * S + 8, 3 * S + 8, "The position at this node");
    const g = el("g", { transform: "translate(4 4)" }, svg);
    el("rect", { x: 0, y: 0, width: 3 * S, height: 3 * S, rx: 8, class: "ground" }, g);
    if (inRange(last, 9)) {
      const cell = Number(last), mark = position[cell] === "O" ? "o" : "x";
      el("rect", {
        x: (cell % 3) * S + 4, y: Math.floor(cell / 3) * S + 4, width: S - 8, height: S - 8,
        rx: 5, class: `last ${mark}`, "data-square": cell,
      }, g);
    }
    for (let i = 1; i < 3; i++) {
      el("line", { x1: i * S, y1: 6, x2: i * S, y2: 3 * S - 6, class: "grid" }, g);
      el("line", { x1: 6, y1: i * S, x2: 3 * S - 6, y2: i * S, class: "grid" }, g);
    }
    for (let cell = 0; cell < 9; cell++) {
      const mark = position[cell];
      if (mark !== "X" && mark !== "O") continue;
      const x = (cell % 3) * S, y = Math.floor(cell / 3) * S, a = S * 0.26, b = S - a;
      const piece = el("g", { class: `piece ${mark.toLowerCase()}`, "data-square": cell, "data-piece": mark }, g);
      if (mark === "X") {
        el("line", { x1: x + a, y1: y + a, x2: x + b, y2: y + b }, piece);
        el("line", { x1: x + b, y1: y + a, x2: x + a, y2: y + b }, piece);
      } else {
        el("circle", { cx: x + S / 2, cy: y + S / 2, r: S / 2 - a }, piece);
      }
    }
    return svg;
  }

  // Connect Four: red and yellow discs in the blue frame; the last disc dotted white.
  // Squares are named "column,row", row 0 at the bottom, as the game counts them.
  function connectFour(position, last) {
    const S = 30, W = 7, H = 6, svg = board("connect4", W * S + 8, H * S + 8, "The position at this node");
    const g = el("g", { transform: "translate(4 4)" }, svg);
    el("rect", { x: 0, y: 0, width: W * S, height: H * S, rx: 6, class: "frame" }, g);
    let lastRow = -1;
    for (let i = 0; i < W * H; i++) {
      const column = i % W, row = H - 1 - Math.floor(i / W), mark = position[i];
      const centre = { cx: column * S + S / 2, cy: (H - 1 - row) * S + S / 2, r: S * 0.39 };
      if (mark !== "X" && mark !== "O") {
        el("circle", { ...centre, class: "hole" }, g);
        continue;
      }
      if (String(column) === last && row > lastRow) lastRow = row;
      el("circle", { ...centre, class: `piece ${mark === "X" ? "red" : "yellow"}`, "data-square": `${column},${row}`, "data-piece": mark }, g);
    }
    if (inRange(last, W) && lastRow >= 0) {
      const column = Number(last);
      el("circle", {
        cx: column * S + S / 2, cy: (H - 1 - lastRow) * S + S / 2, r: S * 0.1,
        class: "last", "data-square": `${column},${lastRow}`,
      }, g);
    }
    return svg;
  }

  // Chess: White at the bottom; the squares the last move left and reached tinted.
  function chess(placement, last) {
    const S = 26, svg = board("chess", 8 * S + 8, 8 * S + 8, "The position at this node (White at the bottom)");
    const g = el("g", { transform: "translate(4 4)" }, svg);
    const moved = /^([a-h][1-8])([a-h][1-8])/.exec(last) || [];
    for (let rank = 0; rank < 8; rank++) {
      for (let file = 0; file < 8; file++) {
        const name = FILES[file] + (8 - rank);
        const shade = (file + rank) % 2 ? "dark" : "light";
        el("rect", { x: file * S, y: rank * S, width: S, height: S, class: `square ${shade}` }, g);
        if (name === moved[1] || name === moved[2]) {
          el("rect", { x: file * S, y: rank * S, width: S, height: S, class: "last", "data-square": name }, g);
        }
      }
    }
    // The FEN's ranks from the 8th down, each square a piece letter or a count of empty ones.
    const ranks = placement.split("/");
    for (let rank = 0; rank < 8 && rank < ranks.length; rank++) {
      let file = 0;
      for (const letter of ranks[rank]) {
        if (file > 7) break;
        if (/[1-8]/.test(letter)) { file += Number(letter); continue; }
        const glyph = GLYPHS[letter.toLowerCase()];
        if (glyph) {
          const white = letter !== letter.toLowerCase();
          const piece = el("text", {
            x: file * S + S / 2, y: rank * S + S / 2, class: `piece ${white ? "white" : "black"}`,
            "data-square": FILES[file] + (8 - rank), "data-piece": letter,
          }, g);
          piece.textContent = glyph + "\ufe0e";
        }
        file += 1;
      }
    }
    for (let file = 0; file < 8; file++) {
      el("text", { x: file * S + S - 2, y: 8 * S - 2, class: "coordinate" }, g).textContent = FILES[file];
    }
    return svg;
  }

  const DRAW = { tictactoe: ticTacToe, connect4: connectFour, chess: chess };

  // The SVG of a position of `game` ("tictactoe", "connect4", "chess"), `last` the move
  // that made it ("" at a root); null for a game the page draws no board for.
  return function draw(game, position, last) {
    const known = Object.prototype.hasOwnProperty.call(DRAW, game);
    return known && typeof position === "string" ? DRAW[game](position, String(last || "")) : null;
  };
})();
