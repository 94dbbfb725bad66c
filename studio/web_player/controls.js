// The keys: the game's moves as its adapter names them ("Up", "Space", "Shift+D"), then the
// page's own actions on the keys the moves leave free (the session's controls: Intricacy's hook
// turns with R, so R restarts nothing there). On a touch screen, a pad of the moves: arrows as
// a cross, letter keys where they sit on a keyboard (Intricacy's W E D X Z A round S make a hexagon).
"use strict";

const KEY_NAMES = { Up: "ArrowUp", Down: "ArrowDown", Left: "ArrowLeft", Right: "ArrowRight", Space: " ", Return: "Enter" };
const KEY_WORDS = { Space: "Space", Return: "Enter" };
const ARROWS = { Up: "↑", Down: "↓", Left: "←", Right: "→" };
const KEYBOARD_ROWS = ["QWERTYUIOP", "ASDFGHJKL;", "ZXCVBNM,./"];  // each row half a key right of the one above
const DIRECTION_SIGNS = { E: "→", W: "←", NE: "↗", NW: "↖", SE: "↘", SW: "↙", N: "↑", S: "↓" };

function splitKey(name) { return name.startsWith("Shift+") ? { shift: true, base: name.slice(6) } : { shift: false, base: name }; }
function matches(event, name) {
  const wanted = KEY_NAMES[name] || name;
  return event.key === wanted || event.key.toLowerCase() === wanted.toLowerCase();
}
function keyIndex(event) {  // with Shift down a Shift+ key first: Shift+D moves the wrench, D the hook
  for (const wantShift of event.shiftKey ? [true, false] : [false]) {
    for (let index = 0; index < page.keys.length; index++) {
      const { shift, base } = splitKey(page.keys[index].key);
      if (shift === wantShift && matches(event, base)) { return index; }
    }
  }
  return -1;
}
function controlOf(event) {
  const found = Object.entries(page.controls).find(([, keys]) => keys.some((key) => matches(event, key)));
  return found ? found[0] : "";
}
function keyName(name) {
  const { shift, base } = splitKey(name);
  return (shift ? "Shift+" : "") + (ARROWS[base] || KEY_WORDS[base] || base);
}
function movesByLabel() {  // one entry per move, with every key that plays it (Return and Enter, Shift+D and L)
  const found = new Map();
  page.keys.forEach((key, index) => {
    const move = found.get(key.label) || { label: key.label, keys: [], index };
    if (!move.keys.some((name) => keyName(name) === keyName(key.key))) { move.keys.push(key.key); }
    found.set(key.label, move);
  });
  return [...found.values()];
}
function keysHelp() {
  const moves = movesByLabel().map((move) => `${move.keys.map(keyName).join("/")} ${move.label}`).join(", ");
  const named = (action, label) => (page.controls[action].length ? `${keyName(page.controls[action][0])} ${label}` : "");
  const actions = [named("undo", "undo"), named("redo", "redo"), named("restart", "restart")];
  actions.push(page.manifest.server ? "Esc level page" : named("hint", "hint"), page.manifest.server ? "" : "Esc levels");
  return [moves, ...actions.filter(Boolean)].join(" · ");
}
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) { return; }
  if ($("play-screen").hidden) {
    if (event.key === "Escape" && !$("levels-screen").hidden) { showTitle(); }
    return;
  }
  const win = !$("win-panel").hidden, index = keyIndex(event), action = controlOf(event);
  if (index >= 0 && !win) { command("press", index); }
  else if (action === "hint") { hint(); }
  else if (action) { command(action); }
  else if (event.key === "Escape") { showLevels(); }
  else if (event.key === "Enter" && win) { nextLevel(); }
  else { return; }
  event.preventDefault();
});

// -- the pad ------------------------------------------------------------------------------------
function padButton(move, text, caption) {
  const button = document.createElement("button");
  button.textContent = text;
  if (caption) { const small = document.createElement("small"); small.textContent = caption; button.append(small); }
  button.title = move.label;
  button.addEventListener("click", () => command("press", move.index));
  return button;
}
function keyboardPlace(name) {  // [half-key column, row] of a letter key, or null
  const { base } = splitKey(name);
  const row = KEYBOARD_ROWS.findIndex((keys) => base.length === 1 && keys.includes(base.toUpperCase()));
  return row < 0 ? null : [2 * KEYBOARD_ROWS[row].indexOf(base.toUpperCase()) + row, row];
}
function moveSign(label) {
  const words = label.split(" "), last = words[words.length - 1];
  if (label.includes("anticlockwise")) { return ["↺", words[words.length - 2]]; }
  if (label.includes("clockwise")) { return ["↻", words[words.length - 2]]; }
  if (DIRECTION_SIGNS[last]) { return [DIRECTION_SIGNS[last], words.slice(0, -1).join(" ")]; }
  return words.length === 1 ? ["•", label] : [label, ""];
}
function buildPad() {
  const pad = $("pad"), moves = movesByLabel();
  pad.textContent = "";
  pad.style.gridTemplateColumns = pad.style.gridTemplateRows = pad.style.columnGap = "";
  if (moves.some((move) => move.keys.some((key) => ARROWS[key]))) { buildArrowPad(pad, moves); return; }
  const used = new Set(), placed = [];
  for (const move of moves) {  // each move on the first of its keys whose place is still free
    const place = move.keys.map(keyboardPlace).find((spot) => spot && !used.has(spot.join()));
    if (place) { used.add(place.join()); placed.push([move, place]); } else { placed.push([move, [0, 3]]); }
  }
  const taken = new Set(placed.flatMap(([, [column]]) => [column, column + 1]));
  const columns = {};  // empty stretches of the keyboard shrink to a half-key gap
  let next = 0;
  for (let column = 0; column <= Math.max(...taken); column++) {
    if (taken.has(column) || taken.has(column - 1)) { columns[column] = next++; }
  }
  pad.style.columnGap = "4px";
  for (const [move, [column, row]] of placed) {
    const [sign, caption] = moveSign(move.label), button = padButton(move, sign, caption);
    button.style.gridColumn = `${columns[column] + 1} / span 2`; button.style.gridRow = String(row + 1);
    pad.append(button);
  }
  pad.style.gridTemplateColumns = `repeat(${next}, minmax(0, 27px))`;  // narrower on a narrow phone
  pad.style.gridTemplateRows = `repeat(${Math.max(...placed.map(([, [, row]]) => row)) + 1}, 50px)`;
}
function buildArrowPad(pad, moves) {
  const places = { Up: "2 / 1", Left: "1 / 2", Down: "2 / 2", Right: "3 / 2" };
  let spare = 1;
  for (const move of moves) {
    const arrow = move.keys.find((key) => ARROWS[key]), button = padButton(move, ARROWS[arrow] || move.label, "");
    const place = places[arrow];
    if (place) { const [column, row] = place.split(" / "); button.style.gridColumn = column; button.style.gridRow = row; }
    else { button.style.gridColumn = String(spare === 1 ? 1 : 3); button.style.gridRow = "1"; spare++; }
    pad.append(button);
  }
}
