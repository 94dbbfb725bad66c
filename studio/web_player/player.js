// The web game's screens: title, level list, full-window board, win panel. The rules are the
// studio's own Python engine (web_main.py under Brython): every move goes to it and comes
// back as a frame to draw (core.web_play). Progress lives in the browser's localStorage.
"use strict";

const STEP_MS = 140;          // a one-cell slide, as in the desktop game
const MAX_ANIMATION_MS = 480;
const PLAYER_NAME = "Player";

const engine = {};            // filled in by web_main.py
window.studioEngine = engine;
const $ = (id) => document.getElementById(id);
const page = { manifest: null, atlas: null, index: -1, frame: null, keys: [], controls: {}, animation: null,
               selfTest: new URLSearchParams(location.search).has("self-test"), ready: false };

// -- progress ---------------------------------------------------------------------------------
function storageKey() { return "studio-web-game/" + page.manifest.id; }
function loadProgress() {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey()) || "{}");
    return { solved: saved.solved || {}, last: saved.last || 0, hints: saved.hints || {} };
  } catch (error) { return { solved: {}, last: 0, hints: {} }; }
}
function saveProgress(progress) {
  try { localStorage.setItem(storageKey(), JSON.stringify(progress)); }
  catch (error) { say("Your progress could not be kept: the browser refused to store it."); }
}
function solvedEntry(index) { return loadProgress().solved[page.manifest.levels[index].file]; }

// -- loading ---------------------------------------------------------------------------------
async function loadGame() {
  page.manifest = window.studioGame;  // game.js
  document.title = page.manifest.name;
  $("game-name").textContent = page.manifest.name;
  $("game-author").textContent = page.manifest.author ? "by " + page.manifest.author : "";
  $("game-author").hidden = !page.manifest.author;
  // No icon: the first level's picture stands in, as a cover.
  $("title-icon").src = page.manifest.icon || page.manifest.levels[0].thumbnail;
  $("title-icon").className = page.manifest.icon ? "" : "cover";
  $("title-icon").hidden = false;
  page.atlas = new Image();
  page.atlas.src = page.manifest.sprites.file;
  await page.atlas.decode();
  showTitle();
  if (page.ready) { engineReady(); }
}

window.studioEngineReady = function () {
  page.ready = true;
  if (page.manifest) { engineReady(); }
};
function engineReady() {
  setTimeout(keepForOffline, 500);
  $("engine-status").textContent = "";
  $("continue-button").disabled = false;
  if (page.manifest.server) {  // a level of the sharing server: straight to its board, back to its page
    $("play-back").textContent = "‹ Level page";
    $("win-levels").textContent = "Level page";
    $("hint-button").hidden = true;
    playLevel(0);
  }
  if (page.selfTest) { selfTest(); }
}

function call(name, ...args) {
  engine.answer = null;
  document.dispatchEvent(new CustomEvent("studio-call", { detail: JSON.stringify({ name, args }) }));
  if (engine.answer === null) { throw new Error("the rules did not answer"); }
  const answer = JSON.parse(engine.answer);
  if (answer.error) { throw new Error(answer.error); }
  return answer;
}

// -- screens ----------------------------------------------------------------------------------
function show(screen) {
  for (const id of ["title-screen", "levels-screen", "play-screen"]) { $(id).hidden = id !== screen; }
}
function showTitle() {
  const progress = loadProgress(), total = page.manifest.levels.length;
  const solved = page.manifest.levels.filter((level) => progress.solved[level.file]).length;
  $("game-summary").textContent = `${total} level${total === 1 ? "" : "s"}, ${solved} solved`;
  $("continue-button").textContent = solved ? "Continue" : "Play";
  $("download-progress").hidden = !(page.manifest.progress_file && solved);
  show("title-screen");
  $("continue-button").focus();
}
function nextToPlay() {
  const progress = loadProgress(), levels = page.manifest.levels;
  for (let offset = 0; offset < levels.length; offset++) {
    const index = (progress.last + offset) % levels.length;
    if (!progress.solved[levels[index].file]) { return index; }
  }
  return Math.min(progress.last, levels.length - 1);
}
function showLevels() {
  if (page.manifest.server) { location.href = page.manifest.server.level_page; return; }
  const list = $("level-list"), progress = loadProgress();
  list.textContent = "";
  page.manifest.levels.forEach((level, index) => {
    const item = document.createElement("li"), button = document.createElement("button");
    const picture = document.createElement("img"), title = document.createElement("span");
    const mark = document.createElement("span"), won = progress.solved[level.file];
    picture.src = level.thumbnail; picture.alt = "";
    title.innerHTML = `<span class="number">${index + 1}.</span> `;
    title.append(level.title);
    mark.className = won ? "solved" : "number";
    mark.textContent = won ? `✓ solved, best ${won.moves} moves` : "not solved yet";
    button.append(picture, title, mark);
    button.addEventListener("click", () => playLevel(index));
    item.append(button); list.append(item);
  });
  const solved = page.manifest.levels.filter((level) => progress.solved[level.file]).length;
  $("levels-count").textContent = `${solved} of ${page.manifest.levels.length} solved`;
  show("levels-screen");
  const current = list.children[Math.max(0, page.index)];
  if (current) { current.firstChild.focus(); }
}

// -- playing ------------------------------------------------------------------------------------
function playLevel(index) {
  if (!page.ready) { say("The rules are still loading…"); return; }
  const level = page.manifest.levels[index];
  page.index = index;
  const progress = loadProgress(); progress.last = index; saveProgress(progress);
  show("play-screen");
  $("level-title").textContent = `${index + 1}. ${level.title}`;
  $("win-panel").hidden = true;
  $("hint-line").hidden = true;
  try {
    const frame = call("open", level.data, level.hint || "");
    page.keys = frame.keys;
    page.controls = frame.controls;
    buildPad();
    $("keys-help").textContent = keysHelp();
    present(frame);
  } catch (error) {
    page.frame = null;
    clearBoard();
    say(`This level cannot be played: ${error.message}`, "dead");
    return error.message;
  }
  $("board").focus();
  return "";
}
function present(frame, animate) {
  page.frame = frame;
  if (frame.ground) { page.ground = frame.ground; page.groundVersion = (page.groundVersion || 0) + 1; }
  $("move-count").textContent = `${frame.moves} move${frame.moves === 1 ? "" : "s"}`;
  $("status-line").textContent = frame.status || "";
  const outcome = frame.outcome;
  if (outcome.kind !== "playing") { say(outcome.text, outcome.kind); }
  else { say(frame.message || ""); }
  $("undo-button").disabled = !frame.can_undo;
  $("redo-button").disabled = !frame.can_redo;
  $("hint-button").disabled = !page.manifest.levels[page.index].hint;
  if (animate && frame.motions.length) { startAnimation(frame); } else { page.animation = null; draw(); }
  if (outcome.kind === "won") { recordWin(); }
}
function say(text, kind) {
  const line = $("outcome-line");
  line.textContent = text || "";
  line.className = kind || "";
}
function command(name, ...args) {
  if (!page.frame) { return; }
  finishAnimation();
  $("hint-line").hidden = true;
  if (name !== "press") { $("win-panel").hidden = true; }
  else if (!$("win-panel").hidden) { return; }
  try { present(call(name, ...args), name === "press" || name === "redo"); }
  catch (error) { say(`Something went wrong: ${error.message}`, "dead"); }
}
function hint() {
  if (!page.frame || !$("win-panel").hidden) { return; }
  try {
    const answer = call("hint");
    $("hint-line").textContent = answer.text;
    $("hint-line").hidden = false;
    const progress = loadProgress(), file = page.manifest.levels[page.index].file;
    progress.hints[file] = (progress.hints[file] || 0) + 1;
    saveProgress(progress);
    return answer;
  } catch (error) { say(`No hint: ${error.message}`); }
}
function recordWin() {
  const level = page.manifest.levels[page.index];
  const solution = call("solution"), progress = loadProgress(), kept = progress.solved[level.file];
  const best = kept ? Math.min(kept.moves, solution.moves) : solution.moves;
  if (!kept || solution.moves < kept.moves) {
    progress.solved[level.file] = { moves: solution.moves, solution: solution.text, md5: level.md5,
                                    title: level.title, time: Math.floor(Date.now() / 1000) };
  }
  saveProgress(progress);
  const hints = progress.hints[level.file] || 0;
  $("win-text").textContent = `Solved in ${solution.moves} moves (best ${best}).` +
    (hints ? ` ${hints} hint${hints === 1 ? "" : "s"} taken.` : "");
  offerSpeedrun(solution.text, solution.moves);
  const last = page.index + 1 >= page.manifest.levels.length;
  $("win-next").hidden = last;
  $("win-heading").textContent = last && !page.manifest.server ? "Solved! That was the last level." : "Solved!";
  $("win-panel").hidden = false;
  (last ? $("win-levels") : $("win-next")).focus();
}
// -- the sharing server's Play page: a win is sent as a speedrun --------------------------------
function offerSpeedrun(solution, moves) {
  const server = page.manifest.server, line = $("win-server"), button = $("win-speedrun");
  if (!server) { return; }
  line.hidden = false;
  button.hidden = !server.player;
  if (!server.player) {
    line.innerHTML = `<a href="${server.sign_in}">Sign in</a> to send your wins as speedruns.`;
    return;
  }
  line.textContent = `Send this ${moves}-move solution as ${server.player}'s speedrun?`;
  button.disabled = false;
  button.onclick = () => sendSpeedrun(solution);
}
async function sendSpeedrun(solution) {
  const server = page.manifest.server, line = $("win-server"), button = $("win-speedrun");
  button.disabled = true;
  line.textContent = "Sending…";
  try {
    const answer = await fetch(server.speedrun, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf: server.csrf, solution }).toString() });
    const result = await answer.json().catch(() => ({ detail: `the server answered ${answer.status}` }));
    if (!answer.ok) { throw new Error(result.detail || `the server answered ${answer.status}`); }
    line.textContent = `Speedrun accepted: ${result.length} moves` +
      (result.record ? ", the level's record!" : result.improved ? ", your best so far." :
       ` (your best stays ${result.best.length}).`);
  } catch (error) {
    line.textContent = `The speedrun was not accepted: ${error.message}`;
    button.disabled = false;
  }
}

function downloadProgress() {
  const wins = Object.values(loadProgress().solved);
  try {
    const file = call("playerFile", wins, PLAYER_NAME);
    const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([bytes], { type: "application/octet-stream" }));
    link.download = file.name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  } catch (error) { $("engine-status").textContent = `The player file could not be made: ${error.message}`; }
}

// -- keys, buttons, touch --------------------------------------------------------------------------
function nextLevel() {
  if (page.index + 1 < page.manifest.levels.length) { playLevel(page.index + 1); } else { showLevels(); }
}
let touchStart = null;
$("board").addEventListener("touchstart", (event) => {
  document.body.classList.add("touch");
  const touch = event.changedTouches[0]; touchStart = { x: touch.clientX, y: touch.clientY };
}, { passive: true });
$("board").addEventListener("touchend", (event) => {
  if (!touchStart) { return; }
  const touch = event.changedTouches[0], dx = touch.clientX - touchStart.x, dy = touch.clientY - touchStart.y;
  touchStart = null;
  if (Math.max(Math.abs(dx), Math.abs(dy)) < 24) { return; }
  const name = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "Right" : "Left") : (dy > 0 ? "Down" : "Up");
  const index = page.keys.findIndex((key) => key.key === name);
  if (index >= 0) { command("press", index); }
});
if (matchMedia("(pointer: coarse)").matches) { document.body.classList.add("touch"); }

$("continue-button").addEventListener("click", () => playLevel(nextToPlay()));
$("levels-button").addEventListener("click", showLevels);
$("levels-back").addEventListener("click", showTitle);
$("play-back").addEventListener("click", showLevels);
$("download-progress").addEventListener("click", downloadProgress);
$("undo-button").addEventListener("click", () => command("undo"));
$("redo-button").addEventListener("click", () => command("redo"));
$("restart-button").addEventListener("click", () => command("restart"));
$("hint-button").addEventListener("click", hint);
$("win-next").addEventListener("click", nextLevel);
$("win-again").addEventListener("click", () => command("restart"));
$("win-undo").addEventListener("click", () => command("undo"));
$("win-levels").addEventListener("click", showLevels);
window.addEventListener("resize", () => draw());

// -- the board ---------------------------------------------------------------------------------
function layout(scene) {
  const canvas = $("board"), box = $("board-box"), ratio = window.devicePixelRatio || 1;
  const cell = Math.max(4, Math.floor(Math.min(box.clientWidth / scene.width, box.clientHeight / scene.height, 96)));
  const width = cell * scene.width, height = cell * scene.height;
  if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
    canvas.width = Math.round(width * ratio); canvas.height = Math.round(height * ratio);
    canvas.style.width = width + "px"; canvas.style.height = height + "px";
  }
  const context = canvas.getContext("2d");
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.imageSmoothingEnabled = true;
  return { context, cell };
}
function clearBoard() { const canvas = $("board"); canvas.getContext("2d").clearRect(0, 0, canvas.width, canvas.height); }
function sprite(context, key, x, y, cell, alpha) {
  const place = page.manifest.sprites.places[key];
  if (!place) { return; }
  if (alpha !== undefined) { context.globalAlpha = Math.max(0, alpha); }
  context.drawImage(page.atlas, place[0], place[1], place[2], place[3], x * cell, y * cell, cell, cell);
  context.globalAlpha = 1;
}
function along(motion, progress, width) {
  const path = motion.path, steps = path.length - 1;
  const xy = (cell) => [cell % width, Math.floor(cell / width)];
  if (steps <= 0) { return xy(path[0]); }
  const t = Math.min(Math.max(progress, 0), 1) * steps, i = Math.min(Math.floor(t), steps - 1), f = t - i;
  const [ax, ay] = xy(path[i]), [bx, by] = xy(path[i + 1]);
  if (motion.jumps.includes(i + 1)) { return f < 0.5 ? [ax, ay] : [bx, by]; }
  return [ax + (bx - ax) * f, ay + (by - ay) * f];
}
function draw() {
  const frame = page.frame;
  if (!frame || $("play-screen").hidden) { return; }
  const scene = frame.scene, { context, cell } = layout(scene);
  const animation = page.animation, progress = animation ? animation.progress : 1;
  const moving = {};
  for (const motion of animation ? frame.motions : []) { moving[motion.id] = motion; }
  context.drawImage(groundLayer(scene, cell), 0, 0, scene.width * cell, scene.height * cell);
  if (scene.kind === "pieces") {
    drawPlacedScene(context, scene, cell, animation ? frame.motions : [], progress);
    if (!animation) { drawAnnotations(context, frame.annotations || [], scene, cell, page.ground.centres); }
    return;
  }
  for (const motion of animation ? frame.motions : []) {
    if (!motion.key) { continue; }
    const end = motion.path[motion.path.length - 1];
    sprite(context, motion.under, end % scene.width, Math.floor(end / scene.width), cell);
    const [x, y] = along(motion, progress, scene.width);
    sprite(context, motion.key, x, y, cell);
  }
  for (const actor of scene.actors) {
    const motion = moving[actor.id];
    const [x, y] = motion ? along(motion, progress, scene.width) : [actor.cell % scene.width, Math.floor(actor.cell / scene.width)];
    if (actor.fade && !animation) { continue; }
    sprite(context, actor.key, x, y, cell, actor.fade ? 1 - progress : undefined);
    if (actor.label && cell >= 20) {
      context.font = `bold ${Math.round(cell * 0.26)}px sans-serif`;
      context.fillStyle = "#fff"; context.strokeStyle = "#000"; context.lineWidth = 3;
      context.strokeText(actor.label, (x + 0.06) * cell, (y + 0.3) * cell);
      context.fillText(actor.label, (x + 0.06) * cell, (y + 0.3) * cell);
    }
  }
  for (const effect of scene.effects) {
    if (effect.kind === "blast" && animation) {
      const cx = (effect.cell % scene.width + 0.5) * cell, cy = (Math.floor(effect.cell / scene.width) + 0.5) * cell;
      const radius = cell * (0.35 + 0.5 * progress), glow = context.createRadialGradient(cx, cy, 0, cx, cy, radius);
      glow.addColorStop(0, `rgba(255,250,200,${0.92 * progress})`); glow.addColorStop(0.4, `rgba(255,150,40,${0.8 * progress})`);
      glow.addColorStop(1, "rgba(200,40,0,0)");
      context.fillStyle = glow; context.beginPath(); context.arc(cx, cy, radius, 0, 2 * Math.PI); context.fill();
    }
  }
  if (!animation) { drawAnnotations(context, frame.annotations || [], scene, cell); }
  if (scene.mark && !animation) { drawMark(context, scene, cell); }
}

// The ground drawn once on a canvas of its own, again only when it changes (a frame carries
// it only then) or the cells change size: a large maze's thousands of squares cost one blit.
function groundLayer(scene, cell) {
  const ratio = window.devicePixelRatio || 1, cached = page.groundLayer;
  if (cached && cached.version === page.groundVersion && cached.cell === cell && cached.ratio === ratio) {
    return cached.canvas;
  }
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(scene.width * cell * ratio); canvas.height = Math.round(scene.height * cell * ratio);
  const context = canvas.getContext("2d");
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.fillStyle = scene.background || "#000";
  context.fillRect(0, 0, scene.width * cell, scene.height * cell);
  if (scene.kind === "pieces") { drawPlacedGround(context, page.ground, cell); }
  else { page.ground.forEach((key, index) => sprite(context, key, index % scene.width, Math.floor(index / scene.width), cell)); }
  page.groundLayer = { canvas, cell, ratio, version: page.groundVersion };
  return canvas;
}
function drawMark(context, scene, cell) {
  const x = scene.mark.cell % scene.width, y = Math.floor(scene.mark.cell / scene.width);
  const cx = (x + 0.5) * cell, cy = (y + 0.5) * cell;
  if (scene.mark.kind === "won") {
    const glow = context.createRadialGradient(cx, cy, 0, cx, cy, cell * 0.9);
    glow.addColorStop(0.55, "rgba(255,214,10,0)"); glow.addColorStop(0.75, "rgba(255,214,10,0.67)"); glow.addColorStop(1, "rgba(255,214,10,0)");
    context.fillStyle = glow; context.beginPath(); context.arc(cx, cy, cell * 0.9, 0, 2 * Math.PI); context.fill();
  } else {
    const inset = cell * 0.2;
    context.lineCap = "round";
    for (const [colour, width] of [["rgba(0,0,0,0.75)", cell * 0.17], ["#ff3b30", cell * 0.1]]) {
      context.strokeStyle = colour; context.lineWidth = width; context.beginPath();
      context.moveTo(x * cell + inset, y * cell + inset); context.lineTo((x + 1) * cell - inset, (y + 1) * cell - inset);
      context.moveTo((x + 1) * cell - inset, y * cell + inset); context.lineTo(x * cell + inset, (y + 1) * cell - inset);
      context.stroke();
    }
  }
}
function startAnimation(frame) {
  const steps = Math.max(...frame.motions.map((motion) => Math.max(1, motion.path ? motion.path.length - 1 : 1)));
  const duration = Math.min(MAX_ANIMATION_MS, STEP_MS * steps);
  const animation = { start: performance.now(), duration, progress: 0 };
  page.animation = animation;
  const tick = (now) => {
    if (page.animation !== animation) { return; }
    animation.progress = Math.min(1, (now - animation.start) / duration);
    if (animation.progress >= 1) { page.animation = null; }
    draw();
    if (page.animation === animation) { requestAnimationFrame(tick); }
  };
  requestAnimationFrame(tick);
}
function finishAnimation() { if (page.animation) { page.animation = null; draw(); } }

// -- ?self-test: every level played by its shipped solution, one JSON line each ----------------------
function selfTest() {
  const out = $("self-test");
  out.hidden = false;
  let won = 0;
  page.manifest.levels.forEach((level, index) => {
    const name = level.file.split("/").pop(), result = { level: name, verdict: "error", moves: 0 };
    try {
      if (!level.solution) { throw new Error("no solution was shipped with this level"); }
      const problem = playLevel(index);
      if (problem) { throw new Error(problem); }
      const frame = call("playText", level.solution);
      present(frame);
      const kind = frame.outcome.kind;
      result.verdict = kind === "won" ? "won" : kind === "dead" ? "dead" : "open";
      result.moves = frame.moves;
      if (kind === "won" && !solvedEntry(index)) { throw new Error("the win was not kept in the player's progress"); }
    } catch (error) { result.verdict = "error"; result.error = error.message; }
    if (result.verdict === "won") { won++; }
    const line = JSON.stringify(result);
    console.log(line);
    out.textContent += line + "\n";
  });
  const summary = JSON.stringify({ self_test: "done", won, levels: page.manifest.levels.length });
  console.log(summary);
  out.textContent += summary + "\n";
  document.body.dataset.selfTest = won === page.manifest.levels.length ? "passed" : "failed";
}

// Served over http(s), the game keeps its files for playing offline (sw.js); a page opened
// from a file, or a browser without service workers, plays as it is. Registered once the
// rules are running, so caching the files does not slow the first board.
function keepForOffline() {
  if ("serviceWorker" in navigator && location.protocol.startsWith("http") && !page.manifest.server) {
    navigator.serviceWorker.register("sw.js").catch(() => {});
  }
}
loadGame().catch((error) => { $("engine-status").textContent = `The game could not be loaded: ${error.message}`; });
