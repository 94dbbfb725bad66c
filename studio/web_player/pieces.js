// A placed scene (Intricacy's lock): pictures set on points and turned, not tiles on a grid.
// Scene units are hex widths; each item is a sprite centred on its point ("at", turned by
// "angle" degrees) or a spring's zigzag ("points"), drawn in the scene's order. During a
// step's animation an item slides (and turns) from where the frame's motions say it stood.
"use strict";

function placedSprite(context, key, at, angle, cell) {
  const place = page.manifest.sprites.places[key];
  if (!place) { return; }
  const scale = cell / page.manifest.sprites.size, [sx, sy, width, height] = place;
  context.save();
  context.translate(at[0] * cell, at[1] * cell);
  if (angle) { context.rotate(angle * Math.PI / 180); }
  context.drawImage(page.atlas, sx, sy, width, height, -width * scale / 2, -height * scale / 2, width * scale, height * scale);
  context.restore();
}
function drawSpring(context, item, points, cell) {
  const stroke = (colour, width) => {
    context.strokeStyle = colour; context.lineWidth = width * cell; context.lineCap = "round"; context.lineJoin = "round";
    context.beginPath(); context.moveTo(points[0][0] * cell, points[0][1] * cell);
    for (const point of points.slice(1)) { context.lineTo(point[0] * cell, point[1] * cell); }
    context.stroke();
  };
  if (points.length < 2) { return; }
  stroke(item.halo, item.halo_width);
  stroke(item.colour, item.width);
  context.fillStyle = item.colour;
  for (const point of [points[0], points[points.length - 1]]) {
    context.beginPath(); context.arc(point[0] * cell, point[1] * cell, item.dot * cell, 0, 2 * Math.PI); context.fill();
  }
}
function drawPlacedScene(context, scene, cell, motions, progress) {
  const moving = {}, mix = (a, b) => a + (b - a) * progress;
  for (const motion of motions) { moving[motion.id] = motion; }
  for (const item of scene.items) {
    const motion = moving[item.id];
    if (item.points) {
      const points = motion ? item.points.map((p, i) => [mix(motion.points[i][0], p[0]), mix(motion.points[i][1], p[1])]) : item.points;
      drawSpring(context, item, points, cell);
    } else if (motion) {
      const at = [mix(motion.at[0], item.at[0]), mix(motion.at[1], item.at[1])];
      placedSprite(context, item.key, at, mix(motion.angle, item.angle || 0), cell);
    } else {
      placedSprite(context, item.key, item.at, item.angle || 0, cell);
    }
  }
}
function drawPlacedGround(context, ground, cell) { placedSprite(context, ground.key, ground.at, 0, cell); }
