// The web game's board marks: the play-test adapter's annotations (what killed the player, what
// blocked a move, where each bot steps next), drawn on the canvas as the desktop's play board
// draws them (studio/playtest/board.py). player.js calls drawAnnotations after each frame.
"use strict";

const HALO = "rgba(0,0,0,0.67)";
const ANNOTATION_ORDER = { area: 0, beam: 1, link: 2, step: 3, ring: 4, cross: 5, arrow: 6 };
function drawAnnotations(context, annotations, scene, cell, centres) {  // centres: a placed scene's cells
  const centre = centres ? (index) => [centres[index][0] * cell, centres[index][1] * cell]
    : (index) => [(index % scene.width + 0.5) * cell, (Math.floor(index / scene.width) + 0.5) * cell];
  const stroke = (points, colour, width, curve) => {  // a line with a dark halo, so it reads on any tile
    for (const [style, extra] of [[HALO, 3], [colour, 0]]) {
      context.strokeStyle = style; context.lineWidth = width + extra; context.lineCap = "round"; context.lineJoin = "round";
      context.beginPath(); context.moveTo(...points[0]);
      if (curve) { context.quadraticCurveTo(...points[1], ...points[2]); }
      else { for (const point of points.slice(1)) { context.lineTo(...point); } }
      context.stroke();
    }
  };
  const polygon = (points, colour, outline) => {
    context.beginPath(); context.moveTo(...points[0]);
    for (const point of points.slice(1)) { context.lineTo(...point); }
    context.closePath(); context.fillStyle = colour; context.fill();
    context.strokeStyle = HALO; context.lineWidth = outline; context.stroke();
  };
  const head = (tip, dx, dy, colour, size) => {
    const length = Math.hypot(dx, dy) || 1, ux = dx / length, uy = dy / length;
    const back = [tip[0] - ux * size, tip[1] - uy * size];
    polygon([tip, [back[0] - uy * size * 0.55, back[1] + ux * size * 0.55],
             [back[0] + uy * size * 0.55, back[1] - ux * size * 0.55]], colour, 1.5);
  };
  const shapes = {
    area(a, colour) {
      context.globalAlpha = 0.35; context.fillStyle = colour;
      for (const c of a.cells) { const [x, y] = centre(c); context.fillRect(x - cell / 2 + 1, y - cell / 2 + 1, cell - 2, cell - 2); }
      context.globalAlpha = 1;
    },
    beam(a, colour) {
      const points = a.cells.map(centre);
      context.globalAlpha = 0.31; stroke(points, colour, Math.max(6, cell * 0.5) - 3); context.globalAlpha = 1;
      stroke(points, colour, Math.max(2.5, cell * 0.14));
      context.strokeStyle = "rgba(255,255,255,0.86)"; context.lineWidth = Math.max(1, cell * 0.04);
      context.beginPath(); context.moveTo(...points[0]); for (const p of points.slice(1)) { context.lineTo(...p); } context.stroke();
    },
    ring(a, colour) {
      for (const c of a.cells) {
        const [x, y] = centre(c);
        for (const [style, extra] of [[HALO, 3], [colour, 0]]) {
          context.strokeStyle = style; context.lineWidth = Math.max(2, cell * 0.09) + extra;
          context.beginPath(); context.arc(x, y, cell * 0.56, 0, 2 * Math.PI); context.stroke();
        }
      }
    },
    cross(a, colour) {
      for (const c of a.cells) {
        const [x, y] = centre(c), r = cell * 0.26;
        stroke([[x - r, y - r], [x + r, y + r]], colour, Math.max(2.5, cell * 0.12));
        stroke([[x + r, y - r], [x - r, y + r]], colour, Math.max(2.5, cell * 0.12));
      }
    },
    arrow(a, colour) {
      const [dx, dy] = a.vector || [0, 0], length = Math.hypot(dx, dy);
      if (!length) { return; }
      const ux = dx / length, uy = dy / length, [cx, cy] = centre(a.cells[0]);
      const at = (along, across) => [cx + ux * along - uy * across, cy + uy * along + ux * across];
      const tail = -0.34 * cell, base = 0.04 * cell, tip = 0.4 * cell, shaft = 0.1 * cell, width = 0.26 * cell;
      polygon([at(tail, -shaft), at(base, -shaft), at(base, -width), at(tip, 0), at(base, width), at(base, shaft),
               at(tail, shaft)], colour, Math.max(2, cell * 0.06));
    },
    link(a, colour) {
      if (a.cells.length < 2 || a.cells[0] === a.cells[1]) { return; }
      const start = centre(a.cells[0]), end = centre(a.cells[1]), dx = end[0] - start[0], dy = end[1] - start[1];
      const control = [(start[0] + end[0]) / 2 - dy * 0.22, (start[1] + end[1]) / 2 + dx * 0.22];
      const stop = Math.min(0.3 * cell, Math.hypot(dx, dy) * 0.3), toEnd = [end[0] - control[0], end[1] - control[1]];
      const norm = Math.hypot(...toEnd) || 1, tip = [end[0] - toEnd[0] / norm * stop, end[1] - toEnd[1] / norm * stop];
      const width = Math.max(2, cell * 0.07);
      stroke([start, control, tip], colour, width, true);
      context.fillStyle = colour; context.beginPath(); context.arc(...start, width * 1.2, 0, 2 * Math.PI); context.fill();
      head(tip, ...toEnd, colour, Math.max(7, cell * 0.28));
    },
    step(a, colour) {
      if (a.cells.length < 2 || a.cells[0] === a.cells[1]) { return; }
      const start = centre(a.cells[0]), end = centre(a.cells[1]), dx = end[0] - start[0], dy = end[1] - start[1];
      const length = Math.hypot(dx, dy), ux = dx / length, uy = dy / length;
      const begin = [start[0] + ux * cell * 0.3, start[1] + uy * cell * 0.3], tip = [end[0] - ux * cell * 0.12, end[1] - uy * cell * 0.12];
      stroke([begin, tip], colour, Math.max(2, cell * 0.08));
      head(tip, dx, dy, colour, Math.max(7, cell * 0.3));
    },
  };
  const sorted = [...annotations].sort((a, b) => (ANNOTATION_ORDER[a.shape] ?? 9) - (ANNOTATION_ORDER[b.shape] ?? 9));
  for (const annotation of sorted) { if (shapes[annotation.shape]) { shapes[annotation.shape](annotation, annotation.colour); } }
  context.font = `bold ${Math.max(10, Math.round(cell * 0.24))}px sans-serif`;
  context.textAlign = "center"; context.textBaseline = "middle";
  for (const annotation of annotations) {  // labels last: nothing hides one
    if (!annotation.label) { continue; }
    const [x, y] = centre(annotation.cells[0]), width = context.measureText(annotation.label).width + 10;
    const height = Math.max(14, cell * 0.32), top = y - cell / 2 - height - 2 < 2 ? y + cell / 2 + 2 : y - cell / 2 - height - 2;
    context.fillStyle = annotation.colour; context.strokeStyle = HALO; context.lineWidth = 1;
    context.beginPath(); context.roundRect(x - width / 2, top, width, height, height / 2); context.fill(); context.stroke();
    context.fillStyle = "#111318"; context.fillText(annotation.label, x, top + height / 2);
  }
  context.textAlign = "start"; context.textBaseline = "alphabetic";
}
