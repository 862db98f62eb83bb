// node scripts/cpu-profile-summary.mjs <file.cpuprofile> [out.svg]: the top functions of a V8 CPU
// profile (self and total time, as a Markdown table) and, if asked, a flame graph as SVG.
// WINDOW=<s> keeps only the last s seconds of samples (the load, not the server's start).
import fs from 'node:fs';
import path from 'node:path';

const [file, svgOut] = process.argv.slice(2);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const windowUs = Number(process.env.WINDOW ?? 0) * 1e6;
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (windowUs && at < profile.endTime - windowUs) return;
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const root = profile.nodes[0];
const label = (n) => {
  const f = n.callFrame;
  const where = f.url ? `${shortUrl(f.url)}:${f.lineNumber + 1}` : '';
  return `${f.functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
};
function shortUrl(url) {
  const p = url.replace(/^file:\/\//, '');
  const nm = p.lastIndexOf('node_modules/');
  if (nm >= 0) return p.slice(nm + 'node_modules/'.length);
  const src = p.indexOf('/apps/');
  if (src >= 0) return p.slice(src + 1);
  const pk = p.indexOf('/packages/');
  return pk >= 0 ? p.slice(pk + 1) : path.basename(p);
}
// Totals per node (children first), then per function label, counting each label once per stack.
const total = new Map();
const walk = (n) => {
  let t = self.get(n.id) ?? 0;
  for (const c of n.children ?? []) t += walk(byId.get(c));
  total.set(n.id, t);
  return t;
};
const all = walk(root);
const selfBy = new Map();
const totalBy = new Map();
const visit = (n, onStack) => {
  const l = label(n);
  selfBy.set(l, (selfBy.get(l) ?? 0) + (self.get(n.id) ?? 0));
  if (!onStack.has(l)) totalBy.set(l, (totalBy.get(l) ?? 0) + (self.get(n.id) ?? 0));
  const next = new Set(onStack).add(l);
  for (const c of n.children ?? []) visit(byId.get(c), next);
};
// Total of a label = sum of self time of every node that has the label somewhere on its stack.
const stackTotals = new Map();
const visitTotals = (n, stack) => {
  const s = self.get(n.id) ?? 0;
  const labels = new Set([...stack, label(n)]);
  for (const l of labels) stackTotals.set(l, (stackTotals.get(l) ?? 0) + s);
  for (const c of n.children ?? []) visitTotals(byId.get(c), labels);
};
visit(root, new Set());
visitTotals(root, new Set());
const pct = (v) => `${((v / all) * 100).toFixed(1)}%`;
const row = ([l, v]) =>
  `| ${pct(v)} | ${pct(stackTotals.get(l) ?? 0)} | \`${l.replace(/\|/g, '\\|')}\` |`;
const top = [...selfBy].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 40));
console.log(`Profile ${path.basename(file)}: ${(all / 1e6).toFixed(1)} s sampled.\n`);
console.log('| self | total | function |\n|---:|---:|---|');
for (const r of top) console.log(row(r));

if (svgOut) {
  // Flame graph: one row per stack depth, width by total time; frames under 0.2% left out.
  const W = 1600;
  const H = 16;
  const rects = [];
  let depthMax = 0;
  const draw = (n, x, depth) => {
    const w = (total.get(n.id) / all) * W;
    if (w < W * 0.002) return;
    depthMax = Math.max(depthMax, depth);
    rects.push({ x, w, depth, l: label(n), t: total.get(n.id) });
    let cx = x;
    for (const c of n.children ?? []) {
      const child = byId.get(c);
      draw(child, cx, depth + 1);
      cx += (total.get(child.id) / all) * W;
    }
  };
  draw(root, 0, 0);
  const height = (depthMax + 1) * H;
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const hue = (l) => {
    if (
      l.includes('node_modules') ||
      /^(fastify|@|pino|drizzle|find-my-way|light-my)/.test(l.split(' ')[1] ?? '')
    )
      return 35;
    return l.includes('apps/') || l.includes('packages/') ? 200 : 10;
  };
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${height}" font-family="monospace" font-size="11" role="img">`,
    `<title>Flame graph of ${esc(path.basename(file))}</title>`,
    ...rects.map((r) => {
      const y = height - (r.depth + 1) * H;
      const text = r.w > 40 ? esc(r.l).slice(0, Math.floor(r.w / 6.6)) : '';
      return `<g><title>${esc(r.l)} (${pct(r.t)})</title><rect x="${r.x.toFixed(1)}" y="${y}" width="${r.w.toFixed(1)}" height="${H - 1}" fill="hsl(${hue(r.l)},70%,${60 + (r.depth % 3) * 6}%)"/><text x="${(r.x + 2).toFixed(1)}" y="${y + 11}">${text}</text></g>`;
    }),
    '</svg>',
  ];
  fs.writeFileSync(svgOut, out.join('\n'));
}
