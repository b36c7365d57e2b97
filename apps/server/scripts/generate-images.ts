/**
 * Draws Meramot's shipped illustrations as SVG and writes them as WebP under public/images.
 * The WebP files are committed: the app never needs sharp at run time. Re-run after changing a
 * drawing with `npm run images -w apps/server`.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.resolve(here, '../public/images');
const W = 800;
const H = 600;

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

/** Icon bodies from Lucide (ISC licence), drawn on a 24x24 grid with a stroke. */
const ICONS = {
  wrench:
    '<path d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.77-3.77a6 6 0 0 1-7.94 7.94l-6.91 6.91a2.12 2.12 0 0 1-3-3l6.91-6.91a6 6 0 0 1 7.94-7.94l-3.76 3.76z"/>',
  zap: '<polygon points="13 2 3 14 12 14 11 22 21 10 12 10 13 2"/>',
  shield:
    '<path d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z"/><path d="m9 12 2 2 4-4"/>',
  snowflake:
    '<line x1="2" x2="22" y1="12" y2="12"/><line x1="12" x2="12" y1="2" y2="22"/><path d="m20 16-4-4 4-4"/><path d="m4 8 4 4-4 4"/><path d="m16 4-4 4-4-4"/><path d="m8 20 4-4 4 4"/>',
  thermometer: '<path d="M14 4v10.54a4 4 0 1 1-4 0V4a2 2 0 0 1 4 0Z"/>',
  droplets:
    '<path d="M7 16.3c2.2 0 4-1.83 4-4.05 0-1.16-.57-2.26-1.71-3.19S7.29 6.75 7 5.3c-.29 1.45-1.14 2.84-2.29 3.76S3 11.1 3 12.25c0 2.22 1.8 4.05 4 4.05z"/><path d="M12.56 6.6A10.97 10.97 0 0 0 14 3.02c.5 2.5 2 4.9 4 6.5s3 3.5 3 5.5a6.98 6.98 0 0 1-11.91 4.97"/>',
  cpu: '<rect width="16" height="16" x="4" y="4" rx="2"/><rect width="6" height="6" x="9" y="9" rx="1"/><path d="M15 2v2"/><path d="M15 20v2"/><path d="M2 15h2"/><path d="M2 9h2"/><path d="M20 15h2"/><path d="M20 9h2"/><path d="M9 2v2"/><path d="M9 20v2"/>',
  battery:
    '<path d="M15 7h1a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2h-2"/><path d="M6 7H4a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h1"/><path d="m11 7-3 5h4l-3 5"/><line x1="22" x2="22" y1="11" y2="13"/>',
  image:
    '<rect width="18" height="18" x="3" y="3" rx="2" ry="2"/><circle cx="9" cy="9" r="2"/><path d="m21 15-3.086-3.086a2 2 0 0 0-2.828 0L6 21"/>',
} as const;
type IconName = keyof typeof ICONS;

function icon(name: IconName, cx: number, cy: number, size: number, color: string, width = 2.2): string {
  const s = size / 24;
  return `<g transform="translate(${cx - size / 2} ${cy - size / 2}) scale(${s})" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round">${ICONS[name]}</g>`;
}

/** A gear outline as one path: `teeth` square teeth between radius r1 (root) and r2 (tip). */
function gearPath(cx: number, cy: number, r1: number, r2: number, teeth: number): string {
  const points: string[] = [];
  const step = (Math.PI * 2) / teeth;
  for (let i = 0; i < teeth; i++) {
    const a = i * step;
    const corners: Array<[number, number]> = [
      [r1, a - step * 0.32],
      [r2, a - step * 0.2],
      [r2, a + step * 0.2],
      [r1, a + step * 0.32],
    ];
    for (const [r, t] of corners)
      points.push(`${(cx + r * Math.cos(t)).toFixed(1)} ${(cy + r * Math.sin(t)).toFixed(1)}`);
  }
  return `M${points.join(' L')} Z`;
}

interface Palette {
  from: string;
  to: string;
  accent: string;
}

function defs(p: Palette): string {
  return `<defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>
    <radialGradient id="halo" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.32"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
    <linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>
    <linearGradient id="metal" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f8fafc"/><stop offset="1" stop-color="#cbd5e1"/></linearGradient>
    <filter id="shadow" x="-30%" y="-30%" width="160%" height="160%"><feDropShadow dx="0" dy="14" stdDeviation="14" flood-color="#0f172a" flood-opacity="0.28"/></filter>
    <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="10"/></filter>
  </defs>`;
}

/** Gradient backdrop, a halo behind the subject and a few quiet shapes. */
function backdrop(): string {
  const dots: string[] = [];
  for (let r = 0; r < 5; r++)
    for (let c = 0; c < 6; c++) dots.push(`<circle cx="${60 + c * 22}" cy="${60 + r * 22}" r="3"/>`);
  return `<rect width="${W}" height="${H}" fill="url(#bg)"/>
    <circle cx="400" cy="310" r="290" fill="url(#halo)"/>
    <g fill="#fff" opacity="0.22">${dots.join('')}</g>
    <circle cx="720" cy="540" r="120" fill="#fff" opacity="0.07"/>
    <circle cx="90" cy="520" r="46" fill="none" stroke="#fff" stroke-width="6" opacity="0.18"/>
    <path d="M700 300 l0 24 M688 312 l24 0" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity="0.35"/>
    <path d="M130 250 l0 18 M121 259 l18 0" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity="0.3"/>`;
}

function floorShadow(cx: number, cy: number, rx: number): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="16" fill="#0f172a" opacity="0.22" filter="url(#soft)"/>`;
}

/** White round badge with an icon, top right. */
function badge(name: IconName, accent: string): string {
  return `<g filter="url(#shadow)"><circle cx="660" cy="128" r="56" fill="#fff"/></g>${icon(name, 660, 128, 64, accent, 2.2)}`;
}

/** A screwdriver lying at an angle; (x, y) is the middle of the handle. */
function screwdriver(x: number, y: number, angle: number, color: string): string {
  return `<g transform="translate(${x} ${y}) rotate(${angle})" filter="url(#shadow)">
    <rect x="-8" y="40" width="16" height="120" rx="4" fill="url(#metal)"/>
    <path d="M-8 156 L8 156 L3 176 L-3 176 Z" fill="#94a3b8"/>
    <rect x="-22" y="-70" width="44" height="116" rx="20" fill="${color}"/>
    <rect x="-12" y="-56" width="6" height="86" rx="3" fill="#fff" opacity="0.35"/>
    <rect x="-16" y="40" width="32" height="14" rx="4" fill="#334155"/>
  </g>`;
}

/** A spanner lying at an angle; (x, y) is its middle. The jaw and the ring hole are masked out. */
function spanner(x: number, y: number, angle: number): string {
  return `<g transform="translate(${x} ${y}) rotate(${angle})" filter="url(#shadow)">
    <mask id="spanner-cut"><rect x="-160" y="-60" width="320" height="120" fill="#fff"/>
      <rect x="-140" y="-12" width="46" height="24" rx="3" fill="#000"/><circle cx="96" cy="0" r="14" fill="#000"/></mask>
    <g mask="url(#spanner-cut)" fill="url(#metal)">
      <rect x="-90" y="-13" width="180" height="26" rx="13"/><circle cx="-96" cy="0" r="32"/><circle cx="96" cy="0" r="30"/>
    </g>
  </g>`;
}

function scene(p: Palette, body: string, badgeIcon: IconName): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs(p)}${backdrop()}${body}${badge(badgeIcon, p.accent)}</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Devices
// ---------------------------------------------------------------------------------------------

/** A phone seen from the front; `screen` is drawn inside a 0..w, 0..h screen box. */
function phoneFront(x: number, y: number, w: number, h: number, screen: string, angle = 0): string {
  return `<g transform="translate(${x} ${y}) rotate(${angle} ${w / 2} ${h / 2})">
    <g filter="url(#shadow)"><rect width="${w}" height="${h}" rx="${w * 0.16}" fill="#111827"/></g>
    <rect x="4" y="4" width="${w - 8}" height="${h - 8}" rx="${w * 0.14}" fill="none" stroke="#374151" stroke-width="3"/>
    <svg x="12" y="12" width="${w - 24}" height="${h - 24}" viewBox="0 0 ${w - 24} ${h - 24}">
      <rect width="${w - 24}" height="${h - 24}" rx="${w * 0.1}" fill="url(#screen)"/>${screen}
    </svg>
    <rect x="${w / 2 - 22}" y="20" width="44" height="12" rx="6" fill="#111827"/>
  </g>`;
}

function appGrid(w: number, top: number): string {
  const cells: string[] = [];
  const colors = ['#fde68a', '#a7f3d0', '#bfdbfe', '#fecaca', '#ddd6fe', '#fbcfe8', '#fff', '#bae6fd'];
  const size = (w - 60) / 4;
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 4; c++)
      cells.push(
        `<rect x="${16 + c * (size + 9)}" y="${top + r * (size + 14)}" width="${size}" height="${size}" rx="${size * 0.28}" fill="${colors[(r * 4 + c) % colors.length]}" opacity="0.9"/>`,
      );
  return cells.join('');
}

function smartphoneScreen(p: Palette): string {
  const w = 196;
  const h = 376;
  const crack =
    '<g stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round" opacity="0.95">' +
    '<path d="M120 150 L98 118 L104 84 L84 52"/><path d="M120 150 L160 132 L176 96"/><path d="M120 150 L142 190 L132 236 L150 270"/>' +
    '<path d="M120 150 L84 170 L48 162 L20 186"/><path d="M98 118 L66 112"/><path d="M142 190 L174 204"/><circle cx="120" cy="150" r="9"/></g>';
  return scene(
    p,
    `${floorShadow(360, 520, 170)}
     ${phoneFront(262, 110, w + 24, h + 24, `${appGrid(w, 60)}${crack}`, -8)}
     ${screwdriver(560, 360, 35, p.accent)}`,
    'wrench',
  );
}

function smartphoneBattery(p: Palette): string {
  const screen = `
    <rect x="58" y="110" width="80" height="150" rx="14" fill="none" stroke="#fff" stroke-width="8"/>
    <rect x="80" y="96" width="36" height="14" rx="4" fill="#fff"/>
    <rect x="68" y="190" width="60" height="60" rx="6" fill="#4ade80"/>
    <polygon points="104,138 80,190 98,190 90,232 118,176 100,176 110,138" fill="#fff"/>
    <rect x="40" y="300" width="116" height="10" rx="5" fill="#fff" opacity="0.35"/>
    <rect x="40" y="300" width="48" height="10" rx="5" fill="#fff"/>`;
  return scene(
    p,
    `${floorShadow(400, 528, 150)}
     <path d="M400 505 C 400 560, 520 560, 560 520 S 640 470, 700 500" stroke="#0f172a" stroke-width="12" fill="none" stroke-linecap="round" opacity="0.75"/>
     <rect x="386" y="490" width="28" height="30" rx="6" fill="#1f2937"/>
     ${phoneFront(290, 100, 220, 400, screen)}`,
    'battery',
  );
}

function smartphoneBack(p: Palette): string {
  const back = `<g transform="translate(200 120) rotate(-12 110 200)">
      <g filter="url(#shadow)"><rect width="210" height="390" rx="36" fill="#e2e8f0"/></g>
      <rect x="6" y="6" width="198" height="378" rx="32" fill="url(#metal)"/>
      <rect x="22" y="22" width="96" height="104" rx="24" fill="#1f2937"/>
      <circle cx="50" cy="50" r="18" fill="#0f172a" stroke="#475569" stroke-width="4"/><circle cx="50" cy="50" r="7" fill="#38bdf8"/>
      <circle cx="50" cy="98" r="18" fill="#0f172a" stroke="#475569" stroke-width="4"/><circle cx="50" cy="98" r="7" fill="#38bdf8"/>
      <circle cx="92" cy="74" r="16" fill="#0f172a" stroke="#475569" stroke-width="4"/><circle cx="92" cy="74" r="6" fill="#a78bfa"/>
      <circle cx="96" cy="40" r="5" fill="#fde68a"/>
    </g>`;
  return scene(
    p,
    `${floorShadow(400, 528, 220)}${back}
     ${phoneFront(390, 150, 200, 360, appGrid(176, 44), 10)}`,
    'shield',
  );
}

/** An open laptop; `screen` is drawn inside the 0..420, 0..260 display. */
function laptop(x: number, y: number, screen: string): string {
  return `<g transform="translate(${x} ${y})">
    <g filter="url(#shadow)"><rect width="460" height="300" rx="20" fill="#1f2937"/></g>
    <svg x="20" y="20" width="420" height="260" viewBox="0 0 420 260"><rect width="420" height="260" rx="6" fill="#0f172a"/>${screen}</svg>
    <circle cx="230" cy="10" r="4" fill="#475569"/>
    <g filter="url(#shadow)"><path d="M-50 300 L510 300 L540 336 Q540 344 530 344 L-70 344 Q-80 344 -80 336 Z" fill="url(#metal)"/></g>
    <rect x="180" y="300" width="100" height="12" rx="6" fill="#94a3b8"/>
  </g>`;
}

function laptopCode(p: Palette): string {
  const lines: string[] = [];
  const colors = ['#f472b6', '#38bdf8', '#facc15', '#4ade80', '#a78bfa', '#fb923c'];
  for (let i = 0; i < 9; i++) {
    const indent = [0, 24, 24, 48, 48, 24, 0, 24, 0][i]!;
    const len = [180, 140, 220, 120, 200, 160, 90, 240, 130][i]!;
    lines.push(
      `<rect x="${40 + indent}" y="${58 + i * 20}" width="${len}" height="9" rx="4.5" fill="${colors[i % colors.length]}" opacity="0.9"/>`,
    );
  }
  const screen = `<rect width="420" height="30" fill="#1e293b"/><circle cx="20" cy="15" r="6" fill="#f87171"/><circle cx="40" cy="15" r="6" fill="#fbbf24"/><circle cx="60" cy="15" r="6" fill="#4ade80"/>${lines.join('')}`;
  return scene(
    p,
    `${floorShadow(400, 500, 300)}${laptop(170, 140, screen)}${screwdriver(690, 420, 60, p.accent)}`,
    'wrench',
  );
}

function laptopGear(p: Palette): string {
  const screen = `<rect width="420" height="260" fill="url(#screen)" opacity="0.85"/>
    <path d="${gearPath(210, 112, 56, 74, 10)}" fill="#fff" opacity="0.95"/><circle cx="210" cy="112" r="26" fill="${p.accent}"/>
    <rect x="110" y="210" width="200" height="14" rx="7" fill="#fff" opacity="0.35"/><rect x="110" y="210" width="130" height="14" rx="7" fill="#fff"/>`;
  return scene(p, `${floorShadow(400, 500, 300)}${laptop(170, 140, screen)}`, 'cpu');
}

function desktopPc(p: Palette): string {
  const monitor = `<g transform="translate(110 120)">
      <g filter="url(#shadow)"><rect width="380" height="250" rx="18" fill="#1f2937"/></g>
      <rect x="16" y="16" width="348" height="208" rx="6" fill="url(#screen)"/>
      <path d="M16 180 L110 110 L180 160 L250 90 L364 170 L364 224 L16 224 Z" fill="#fff" opacity="0.28"/>
      <circle cx="300" cy="70" r="24" fill="#fde68a"/>
      <rect x="160" y="250" width="60" height="70" fill="#334155"/>
      <rect x="100" y="314" width="180" height="20" rx="10" fill="#1f2937"/>
    </g>`;
  const tower = `<g transform="translate(530 176)">
      <g filter="url(#shadow)"><rect width="160" height="330" rx="16" fill="#111827"/></g>
      <rect x="14" y="14" width="132" height="302" rx="10" fill="#1f2937"/>
      <circle cx="80" cy="100" r="46" fill="none" stroke="${p.accent}" stroke-width="6"/>
      <path d="${gearPath(80, 100, 26, 36, 7)}" fill="${p.accent}" opacity="0.7"/>
      <circle cx="80" cy="220" r="46" fill="none" stroke="${p.accent}" stroke-width="6"/>
      <path d="${gearPath(80, 220, 26, 36, 7)}" fill="${p.accent}" opacity="0.7"/>
      <circle cx="130" cy="34" r="6" fill="#4ade80"/>
    </g>`;
  const keyboard = `<g transform="translate(150 470)"><g filter="url(#shadow)"><rect width="300" height="40" rx="10" fill="url(#metal)"/></g>${Array.from(
    { length: 12 },
    (_, i) =>
      `<rect x="${12 + i * 23.5}" y="10" width="18" height="8" rx="2" fill="#94a3b8"/><rect x="${12 + i * 23.5}" y="22" width="18" height="8" rx="2" fill="#94a3b8"/>`,
  ).join('')}</g>`;
  return scene(p, `${floorShadow(400, 510, 320)}${monitor}${tower}${keyboard}`, 'cpu');
}

/** A flat TV on a stand; `screen` is drawn inside the 0..500, 0..280 panel. */
function tv(x: number, y: number, screen: string): string {
  return `<g transform="translate(${x} ${y}) scale(0.88)">
    <path d="M200 316 L180 370 M300 316 L320 370" stroke="#1f2937" stroke-width="14" stroke-linecap="round"/>
    <rect x="150" y="364" width="200" height="14" rx="7" fill="#1f2937"/>
    <g filter="url(#shadow)"><rect x="-16" y="-16" width="532" height="332" rx="16" fill="#111827"/></g>
    <svg x="0" y="0" width="500" height="300" viewBox="0 0 500 300"><rect width="500" height="300" fill="#0f172a"/>${screen}</svg>
    <circle cx="250" cy="308" r="3" fill="#f87171"/>
  </g>`;
}

function tvLandscape(p: Palette): string {
  const screen = `<rect width="500" height="300" fill="url(#screen)"/>
    <circle cx="370" cy="90" r="44" fill="#fde68a"/>
    <path d="M0 210 Q120 120 230 190 T500 170 L500 300 L0 300 Z" fill="#fff" opacity="0.3"/>
    <path d="M0 250 Q150 180 300 240 T500 230 L500 300 L0 300 Z" fill="#0f172a" opacity="0.35"/>
    <path d="M60 70 q10 -8 20 0 q10 -8 20 0" stroke="#fff" stroke-width="4" fill="none" stroke-linecap="round"/>`;
  return scene(p, `${floorShadow(400, 490, 230)}${tv(180, 150, screen)}`, 'wrench');
}

function tvBars(p: Palette): string {
  const bars = ['#f8fafc', '#facc15', '#22d3ee', '#4ade80', '#e879f9', '#f87171', '#3b82f6'];
  const screen =
    bars.map((c, i) => `<rect x="${(i * 500) / 7}" width="${500 / 7 + 1}" height="220" fill="${c}"/>`).join('') +
    `<rect y="220" width="500" height="80" fill="#1e293b"/><rect x="40" y="240" width="90" height="40" fill="#0f172a"/><rect x="200" y="240" width="90" height="40" fill="#f8fafc"/>`;
  const remote = `<g transform="translate(640 400) rotate(24)" filter="url(#shadow)">
      <rect x="-28" y="-80" width="56" height="160" rx="24" fill="#1f2937"/>
      <circle cx="0" cy="-54" r="9" fill="#f87171"/>
      <circle cx="0" cy="-14" r="16" fill="#334155"/><circle cx="0" cy="-14" r="6" fill="#94a3b8"/>
      <circle cx="-12" cy="26" r="5" fill="#94a3b8"/><circle cx="12" cy="26" r="5" fill="#94a3b8"/>
      <circle cx="-12" cy="46" r="5" fill="#94a3b8"/><circle cx="12" cy="46" r="5" fill="#94a3b8"/>
    </g>`;
  return scene(p, `${floorShadow(360, 490, 230)}${tv(140, 150, screen)}${remote}`, 'zap');
}

function tvBroken(p: Palette): string {
  const screen = `<rect width="500" height="300" fill="#111827"/>
    <g stroke="#e2e8f0" stroke-width="3" fill="none" stroke-linecap="round" opacity="0.85">
      <path d="M300 120 L260 60 L270 0"/><path d="M300 120 L380 80 L430 0"/><path d="M300 120 L360 180 L420 300"/>
      <path d="M300 120 L210 150 L120 130 L0 170"/><path d="M300 120 L280 210 L230 300"/><path d="M260 60 L200 40"/>
    </g>
    <rect x="90" y="0" width="8" height="300" fill="#22d3ee" opacity="0.8"/><rect x="104" y="0" width="4" height="300" fill="#f472b6" opacity="0.8"/>`;
  return scene(p, `${floorShadow(400, 490, 230)}${tv(180, 150, screen)}${spanner(560, 490, -20)}`, 'zap');
}

/** A wall-mounted split AC indoor unit, 440 wide. */
function acIndoor(x: number, y: number, accent: string): string {
  return `<g transform="translate(${x} ${y})">
    <g filter="url(#shadow)"><rect width="440" height="150" rx="30" fill="url(#metal)"/></g>
    <rect x="30" y="104" width="380" height="16" rx="8" fill="#94a3b8" opacity="0.6"/>
    <rect x="30" y="128" width="380" height="6" rx="3" fill="#94a3b8" opacity="0.4"/>
    <rect x="330" y="30" width="70" height="34" rx="8" fill="#0f172a"/>
    <rect x="340" y="40" width="18" height="14" rx="2" fill="#22d3ee"/><rect x="362" y="40" width="18" height="14" rx="2" fill="#22d3ee"/>
    <circle cx="46" cy="46" r="7" fill="${accent}"/>
  </g>`;
}

function airflow(x: number, y: number): string {
  const waves = [0, 1, 2]
    .map(
      (i) =>
        `<path d="M${x + i * 130} ${y} q-20 40 0 80 t0 80" stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round" opacity="${0.85 - i * 0.15}"/>`,
    )
    .join('');
  return waves;
}

function acCool(p: Palette): string {
  return scene(
    p,
    `${acIndoor(180, 120, p.accent)}${airflow(270, 300)}
     ${icon('snowflake', 200, 420, 60, '#fff', 2)}${icon('snowflake', 640, 380, 44, '#fff', 2)}`,
    'snowflake',
  );
}

function acOutdoor(p: Palette): string {
  const spokes = Array.from({ length: 5 }, (_, i) => {
    const a = (i * 72 * Math.PI) / 180;
    const x = 270 + 70 * Math.cos(a);
    const y = 300 + 70 * Math.sin(a);
    return `<path d="M270 300 Q${(270 + x) / 2 + 30 * Math.sin(a)} ${(300 + y) / 2 - 30 * Math.cos(a)} ${x.toFixed(1)} ${y.toFixed(1)}" stroke="#64748b" stroke-width="22" stroke-linecap="round" fill="none"/>`;
  }).join('');
  const grille = Array.from(
    { length: 6 },
    (_, i) => `<circle cx="270" cy="300" r="${20 + i * 20}" fill="none" stroke="#334155" stroke-width="4"/>`,
  ).join('');
  return scene(
    p,
    `${floorShadow(400, 500, 240)}
     <g filter="url(#shadow)"><rect x="150" y="160" width="460" height="320" rx="22" fill="url(#metal)"/></g>
     <circle cx="270" cy="300" r="122" fill="#1f2937"/>${spokes}${grille}<circle cx="270" cy="300" r="18" fill="#94a3b8"/>
     ${Array.from({ length: 9 }, (_, i) => `<rect x="440" y="${200 + i * 28}" width="140" height="10" rx="5" fill="#94a3b8"/>`).join('')}
     <rect x="180" y="480" width="60" height="20" fill="#475569"/><rect x="520" y="480" width="60" height="20" fill="#475569"/>
     <path d="M610 380 h50 q20 0 20 20 v100" stroke="#e2e8f0" stroke-width="14" fill="none" stroke-linecap="round"/>
     <path d="M610 420 h30 q20 0 20 20 v60" stroke="#cbd5e1" stroke-width="10" fill="none" stroke-linecap="round"/>`,
    'wrench',
  );
}

/** A refrigerant pressure gauge with its hose; (x, y) is the dial centre. */
function gauge(x: number, y: number, accent: string): string {
  const ticks = Array.from({ length: 9 }, (_, i) => {
    const a = Math.PI * (0.8 + (i * 1.4) / 8);
    const r1 = 48;
    const r2 = i % 2 ? 40 : 34;
    return `<path d="M${(x + r1 * Math.cos(a)).toFixed(1)} ${(y + r1 * Math.sin(a)).toFixed(1)} L${(x + r2 * Math.cos(a)).toFixed(1)} ${(y + r2 * Math.sin(a)).toFixed(1)}" stroke="#334155" stroke-width="4" stroke-linecap="round"/>`;
  }).join('');
  return `<path d="M${x} ${y + 70} q0 60 80 60 t120 40" stroke="#1f2937" stroke-width="12" fill="none" stroke-linecap="round"/>
    <g filter="url(#shadow)"><circle cx="${x}" cy="${y}" r="70" fill="#f8fafc"/></g>
    <circle cx="${x}" cy="${y}" r="70" fill="none" stroke="${accent}" stroke-width="10"/>
    <path d="M${x - 38} ${y + 30} A48 48 0 0 1 ${x - 10} ${y - 47}" stroke="#38bdf8" stroke-width="8" fill="none"/>
    <path d="M${x + 20} ${y - 44} A48 48 0 0 1 ${x + 40} ${y + 26}" stroke="#f87171" stroke-width="8" fill="none"/>
    ${ticks}
    <path d="M${x} ${y} L${x + 30} ${y - 26}" stroke="#0f172a" stroke-width="6" stroke-linecap="round"/>
    <circle cx="${x}" cy="${y}" r="9" fill="#0f172a"/>
    <rect x="${x - 12}" y="${y + 68}" width="24" height="16" rx="4" fill="#94a3b8"/>`;
}

function acService(p: Palette): string {
  const thermometer = `<g transform="translate(600 370)" filter="url(#shadow)">
      <rect x="-24" y="-120" width="48" height="190" rx="24" fill="#fff"/>
      <circle cx="0" cy="78" r="44" fill="#fff"/>
      <rect x="-10" y="-60" width="20" height="130" rx="10" fill="#38bdf8"/>
      <circle cx="0" cy="78" r="30" fill="#38bdf8"/>
      <path d="M30 -90 h20 M30 -60 h14 M30 -30 h20 M30 0 h14" stroke="#fff" stroke-width="5" stroke-linecap="round"/>
    </g>`;
  return scene(p, `${acIndoor(110, 110, p.accent)}${gauge(250, 390, p.accent)}${thermometer}`, 'shield');
}

function fridge(p: Palette): string {
  return scene(
    p,
    `${floorShadow(400, 540, 170)}
     <g filter="url(#shadow)"><rect x="290" y="70" width="220" height="460" rx="26" fill="url(#metal)"/></g>
     <rect x="290" y="230" width="220" height="8" fill="#94a3b8"/>
     <rect x="470" y="120" width="12" height="70" rx="6" fill="#64748b"/><rect x="470" y="270" width="12" height="100" rx="6" fill="#64748b"/>
     <rect x="310" y="92" width="60" height="14" rx="7" fill="${p.accent}" opacity="0.6"/>
     ${icon('snowflake', 360, 160, 56, p.accent, 2)}
     <rect x="300" y="530" width="30" height="14" rx="4" fill="#475569"/><rect x="470" y="530" width="30" height="14" rx="4" fill="#475569"/>
     ${screwdriver(620, 380, 30, p.accent)}`,
    'thermometer',
  );
}

function washingMachine(p: Palette): string {
  return scene(
    p,
    `${floorShadow(400, 530, 200)}
     <g filter="url(#shadow)"><rect x="240" y="100" width="320" height="420" rx="28" fill="url(#metal)"/></g>
     <rect x="240" y="100" width="320" height="80" rx="28" fill="#e2e8f0"/>
     <rect x="262" y="124" width="110" height="30" rx="8" fill="#0f172a"/><rect x="272" y="133" width="40" height="12" rx="3" fill="#22d3ee"/>
     <circle cx="470" cy="140" r="22" fill="#cbd5e1" stroke="#94a3b8" stroke-width="4"/><circle cx="520" cy="140" r="10" fill="${p.accent}"/>
     <circle cx="400" cy="340" r="126" fill="#cbd5e1"/>
     <circle cx="400" cy="340" r="104" fill="#1e293b"/>
     <clipPath id="drum"><circle cx="400" cy="340" r="96"/></clipPath>
     <g clip-path="url(#drum)"><rect x="300" y="240" width="200" height="200" fill="url(#screen)"/>
       <path d="M300 350 Q350 320 400 350 T500 350 L500 440 L300 440 Z" fill="#fff" opacity="0.45"/>
       <circle cx="360" cy="300" r="10" fill="#fff" opacity="0.6"/><circle cx="430" cy="286" r="6" fill="#fff" opacity="0.6"/></g>
     <path d="M340 280 A80 80 0 0 1 420 262" stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round" opacity="0.5"/>`,
    'droplets',
  );
}

function camera(p: Palette): string {
  return scene(
    p,
    `${floorShadow(400, 500, 250)}
     <g filter="url(#shadow)"><path d="M190 200 L300 200 L330 160 L470 160 L500 200 L610 200 Q640 200 640 230 L640 450 Q640 480 610 480 L190 480 Q160 480 160 450 L160 230 Q160 200 190 200 Z" fill="#1f2937"/></g>
     <rect x="160" y="250" width="480" height="40" fill="#111827"/>
     <rect x="200" y="176" width="60" height="24" rx="6" fill="#334155"/>
     <circle cx="560" cy="240" r="12" fill="${p.accent}"/>
     <circle cx="400" cy="330" r="128" fill="#334155"/>
     <circle cx="400" cy="330" r="104" fill="#0f172a" stroke="#64748b" stroke-width="6"/>
     <circle cx="400" cy="330" r="74" fill="url(#screen)"/>
     <circle cx="400" cy="330" r="38" fill="#0f172a"/>
     <circle cx="376" cy="300" r="16" fill="#fff" opacity="0.7"/><circle cx="420" cy="356" r="7" fill="#fff" opacity="0.5"/>`,
    'wrench',
  );
}

function tablet(p: Palette): string {
  const screen = `<rect width="476" height="316" rx="14" fill="url(#screen)"/>
    <rect x="30" y="30" width="200" height="120" rx="16" fill="#fff" opacity="0.85"/>
    <rect x="250" y="30" width="196" height="56" rx="14" fill="#fff" opacity="0.45"/>
    <rect x="250" y="96" width="196" height="54" rx="14" fill="#fff" opacity="0.45"/>
    <rect x="30" y="170" width="416" height="110" rx="16" fill="#fff" opacity="0.3"/>
    <path d="M50 250 L120 210 L180 235 L250 190 L320 220 L420 200" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round"/>`;
  return scene(
    p,
    `${floorShadow(400, 510, 270)}
     <g transform="translate(150 170) rotate(-6 260 170) scale(0.94)">
       <g filter="url(#shadow)"><rect width="520" height="360" rx="34" fill="#111827"/></g>
       <svg x="22" y="22" width="476" height="316" viewBox="0 0 476 316">${screen}</svg>
     </g>
     <g transform="translate(650 420) rotate(-50)" filter="url(#shadow)"><rect x="-8" y="-110" width="16" height="200" rx="8" fill="#f8fafc"/><path d="M-8 90 L0 116 L8 90 Z" fill="#94a3b8"/></g>`,
    'shield',
  );
}

function gameConsole(p: Palette): string {
  return scene(
    p,
    `${floorShadow(400, 500, 260)}
     <g filter="url(#shadow)"><path d="M250 210 Q400 180 550 210 Q640 228 660 330 Q680 440 610 460 Q560 474 520 400 L480 370 L320 370 L280 400 Q240 474 190 460 Q120 440 140 330 Q160 228 250 210 Z" fill="#1f2937"/></g>
     <path d="M250 232 Q400 204 550 232" stroke="#fff" stroke-width="6" fill="none" opacity="0.15" stroke-linecap="round"/>
     <rect x="222" y="280" width="26" height="80" rx="6" fill="#64748b"/><rect x="195" y="307" width="80" height="26" rx="6" fill="#64748b"/>
     <circle cx="560" cy="290" r="16" fill="#4ade80"/><circle cx="600" cy="325" r="16" fill="#f87171"/>
     <circle cx="520" cy="325" r="16" fill="#60a5fa"/><circle cx="560" cy="360" r="16" fill="#facc15"/>
     <circle cx="340" cy="370" r="32" fill="#334155" stroke="#475569" stroke-width="6"/><circle cx="460" cy="370" r="32" fill="#334155" stroke="#475569" stroke-width="6"/>
     <rect x="372" y="286" width="56" height="14" rx="7" fill="${p.accent}"/>`,
    'cpu',
  );
}

function microwave(p: Palette): string {
  return scene(
    p,
    `${floorShadow(400, 500, 280)}
     <g filter="url(#shadow)"><rect x="140" y="170" width="520" height="320" rx="26" fill="url(#metal)"/></g>
     <rect x="172" y="204" width="340" height="252" rx="16" fill="#1e293b"/>
     <rect x="192" y="224" width="300" height="212" rx="10" fill="url(#screen)" opacity="0.9"/>
     <ellipse cx="342" cy="400" rx="110" ry="18" fill="#fff" opacity="0.3"/>
     <path d="M300 390 q-14 -30 0 -60 q14 -30 0 -60 M342 390 q-14 -30 0 -60 q14 -30 0 -60 M384 390 q-14 -30 0 -60 q14 -30 0 -60" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round" opacity="0.7"/>
     <rect x="540" y="210" width="96" height="44" rx="8" fill="#0f172a"/><rect x="552" y="222" width="72" height="20" rx="3" fill="#4ade80" opacity="0.9"/>
     ${[0, 1, 2].map((r) => [0, 1, 2].map((c) => `<circle cx="${556 + c * 32}" cy="${290 + r * 32}" r="10" fill="#94a3b8"/>`).join('')).join('')}
     <circle cx="588" cy="420" r="30" fill="#cbd5e1" stroke="#94a3b8" stroke-width="5"/><rect x="584" y="394" width="8" height="22" rx="4" fill="#64748b"/>`,
    'zap',
  );
}

function speaker(p: Palette): string {
  const box = (x: number, y: number, w: number, h: number) => `
    <g filter="url(#shadow)"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="20" fill="#1f2937"/></g>
    <circle cx="${x + w / 2}" cy="${y + h * 0.3}" r="${w * 0.22}" fill="#0f172a" stroke="#475569" stroke-width="5"/>
    <circle cx="${x + w / 2}" cy="${y + h * 0.3}" r="${w * 0.08}" fill="${p.accent}"/>
    <circle cx="${x + w / 2}" cy="${y + h * 0.68}" r="${w * 0.32}" fill="#0f172a" stroke="#475569" stroke-width="6"/>
    <circle cx="${x + w / 2}" cy="${y + h * 0.68}" r="${w * 0.12}" fill="${p.accent}"/>`;
  const notes = `<g fill="#fff" opacity="0.85"><path d="M400 150 v70 a16 14 0 1 1 -8 -12 v-50 l40 -10 v50 a16 14 0 1 1 -8 -12 v-40 z"/></g>`;
  return scene(
    p,
    `${floorShadow(400, 520, 300)}${box(150, 190, 190, 320)}${box(460, 190, 190, 320)}${notes}`,
    'wrench',
  );
}

function placeholder(): string {
  const p: Palette = { from: '#e2e8f0', to: '#94a3b8', accent: '#475569' };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs(p)}
    <rect width="${W}" height="${H}" fill="url(#bg)"/>
    <circle cx="400" cy="300" r="250" fill="url(#halo)"/>
    <g filter="url(#shadow)"><circle cx="400" cy="290" r="130" fill="#fff"/></g>
    ${icon('image', 400, 270, 120, '#64748b', 1.6)}
    ${icon('wrench', 470, 350, 56, '#64748b', 2.2)}
  </svg>`;
}

// ---------------------------------------------------------------------------------------------
// Avatars
// ---------------------------------------------------------------------------------------------

type Hair = 'short' | 'side' | 'curly' | 'long' | 'bun' | 'hijab' | 'receding';
interface Face {
  file: string;
  bg: [string, string];
  skin: string;
  hair: Hair;
  hairColor: string;
  shirt: string;
  beard?: boolean;
  moustache?: boolean;
  glasses?: boolean;
}

function darker(hex: string, f = 0.85): string {
  const n = parseInt(hex.slice(1), 16);
  const ch = (s: number) => Math.round(((n >> s) & 255) * f);
  return `#${((ch(16) << 16) | (ch(8) << 8) | ch(0)).toString(16).padStart(6, '0')}`;
}

function hairBack(f: Face): string {
  if (f.hair === 'long')
    return `<path d="M70 112 Q66 40 128 40 Q190 40 186 112 L196 214 Q128 236 60 214 Z" fill="${f.hairColor}"/>`;
  if (f.hair === 'bun') return `<circle cx="128" cy="38" r="26" fill="${f.hairColor}"/>`;
  if (f.hair === 'hijab')
    return `<path d="M58 120 Q58 34 128 34 Q198 34 198 120 L204 200 Q128 236 52 200 Z" fill="${f.hairColor}"/><path d="M78 178 Q128 214 178 178" stroke="#fff" stroke-width="4" fill="none" opacity="0.18"/>`;
  return '';
}

function hairFront(f: Face): string {
  const c = f.hairColor;
  switch (f.hair) {
    case 'short':
      return `<path d="M76 108 Q70 48 128 46 Q188 46 180 108 Q176 84 158 76 Q128 86 96 76 Q80 86 76 108 Z" fill="${c}"/>`;
    case 'side':
      return `<path d="M76 112 Q68 44 130 44 Q190 46 180 110 Q174 80 150 72 Q120 92 84 84 Q78 96 76 112 Z" fill="${c}"/><path d="M96 80 Q130 62 168 74" stroke="#fff" stroke-width="3" fill="none" opacity="0.15"/>`;
    case 'curly':
      return `<g fill="${c}">${[78, 96, 114, 132, 150, 168, 180]
        .map((x, i) => `<circle cx="${x}" cy="${[88, 64, 54, 50, 56, 68, 92][i]}" r="20"/>`)
        .join('')}<circle cx="76" cy="106" r="12"/><circle cx="180" cy="106" r="12"/></g>`;
    case 'long':
    case 'bun':
      return `<path d="M74 118 Q70 46 128 44 Q186 46 182 118 Q170 78 128 72 Q96 74 74 118 Z" fill="${c}"/>`;
    case 'receding':
      return `<path d="M76 112 Q74 70 92 66 Q90 90 80 112 Z M180 112 Q182 70 164 66 Q166 90 176 112 Z" fill="${c}"/>`;
    case 'hijab':
      return '';
  }
}

function avatar(f: Face): string {
  const skinShade = darker(f.skin, 0.88);
  const hijab = f.hair === 'hijab';
  const face = hijab
    ? `<ellipse cx="128" cy="122" rx="44" ry="52" fill="${f.skin}"/>`
    : `<circle cx="78" cy="120" r="11" fill="${skinShade}"/><circle cx="178" cy="120" r="11" fill="${skinShade}"/>
       <ellipse cx="128" cy="116" rx="50" ry="58" fill="${f.skin}"/>`;
  const beard = f.beard
    ? `<path d="M80 120 Q80 186 128 190 Q176 186 176 120 Q170 160 150 158 Q128 150 106 158 Q86 160 80 120 Z" fill="${f.hairColor}"/>`
    : '';
  const moustache =
    f.moustache || f.beard
      ? `<path d="M108 146 Q128 136 148 146 Q128 142 108 146 Z" fill="${f.hairColor}" stroke="${f.hairColor}" stroke-width="5" stroke-linejoin="round"/>`
      : '';
  const glasses = f.glasses
    ? `<g fill="none" stroke="#1f2937" stroke-width="4"><rect x="90" y="104" width="32" height="24" rx="8"/><rect x="134" y="104" width="32" height="24" rx="8"/><path d="M122 114 h12"/></g>`
    : '';
  const torso = hijab
    ? `<path d="M24 256 Q30 196 90 184 L166 184 Q226 196 232 256 Z" fill="${f.hairColor}"/>`
    : `<path d="M24 256 Q30 196 96 184 L160 184 Q226 196 232 256 Z" fill="${f.shirt}"/>
       <rect x="110" y="156" width="36" height="36" rx="12" fill="${skinShade}"/>
       <path d="M108 186 L128 212 L148 186" fill="${f.skin}" stroke="#fff" stroke-width="6" stroke-linejoin="round" opacity="0.95"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${f.bg[0]}"/><stop offset="1" stop-color="${f.bg[1]}"/></linearGradient></defs>
    <rect width="256" height="256" fill="url(#bg)"/>
    <circle cx="210" cy="40" r="60" fill="#fff" opacity="0.12"/>
    ${hairBack(f)}${torso}${face}${hairFront(f)}${beard}
    <path d="M98 98 q10 -6 20 0 M138 98 q10 -6 20 0" stroke="${hijab ? HAIR.dark : darker(f.hairColor, 0.8)}" stroke-width="4" fill="none" stroke-linecap="round"/>
    <circle cx="108" cy="116" r="5.5" fill="#1f2937"/><circle cx="148" cy="116" r="5.5" fill="#1f2937"/>
    <circle cx="96" cy="138" r="9" fill="#f43f5e" opacity="0.12"/><circle cx="160" cy="138" r="9" fill="#f43f5e" opacity="0.12"/>
    ${moustache}
    <path d="M112 152 Q128 164 144 152" stroke="#7c2d12" stroke-width="4" fill="none" stroke-linecap="round"/>
    ${glasses}
  </svg>`;
}

function defaultAvatar(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e2e8f0"/><stop offset="1" stop-color="#94a3b8"/></linearGradient></defs>
    <rect width="256" height="256" fill="url(#bg)"/>
    <circle cx="128" cy="104" r="50" fill="#f8fafc"/>
    <path d="M36 256 Q40 176 128 172 Q216 176 220 256 Z" fill="#f8fafc"/>
  </svg>`;
}

const SKIN = { light: '#f1c6a5', wheat: '#e0ac83', tan: '#c98e66', brown: '#a8714f', deep: '#8a5a3c' };
const HAIR = { black: '#1c1917', dark: '#292524', brown: '#44291c', grey: '#9ca3af' };

/** One face per demo person; file names match the avatar paths in src/seed/demo-data.ts. */
const FACES: Face[] = [
  {
    file: 'rahim-uddin',
    bg: ['#6366f1', '#a855f7'],
    skin: SKIN.tan,
    hair: 'short',
    hairColor: HAIR.black,
    shirt: '#0ea5e9',
    moustache: true,
  },
  {
    file: 'fatema-akter',
    bg: ['#f472b6', '#fb923c'],
    skin: SKIN.wheat,
    hair: 'hijab',
    hairColor: '#0f766e',
    shirt: '#0f766e',
  },
  {
    file: 'karim-hossain',
    bg: ['#0ea5e9', '#14b8a6'],
    skin: SKIN.brown,
    hair: 'receding',
    hairColor: HAIR.dark,
    shirt: '#f8fafc',
    beard: true,
  },
  {
    file: 'nusrat-jahan',
    bg: ['#a855f7', '#ec4899'],
    skin: SKIN.light,
    hair: 'long',
    hairColor: HAIR.black,
    shirt: '#facc15',
  },
  {
    file: 'tanvir-ahmed',
    bg: ['#22c55e', '#0ea5e9'],
    skin: SKIN.wheat,
    hair: 'side',
    hairColor: HAIR.black,
    shirt: '#1e3a8a',
    glasses: true,
  },
  {
    file: 'sharmin-sultana',
    bg: ['#f59e0b', '#ef4444'],
    skin: SKIN.tan,
    hair: 'bun',
    hairColor: HAIR.brown,
    shirt: '#be185d',
  },
  {
    file: 'arif-chowdhury',
    bg: ['#3b82f6', '#6366f1'],
    skin: SKIN.light,
    hair: 'curly',
    hairColor: HAIR.dark,
    shirt: '#16a34a',
  },
  {
    file: 'moushumi-das',
    bg: ['#14b8a6', '#84cc16'],
    skin: SKIN.brown,
    hair: 'long',
    hairColor: HAIR.brown,
    shirt: '#dc2626',
  },
  {
    file: 'jahid-hasan',
    bg: ['#ef4444', '#f97316'],
    skin: SKIN.deep,
    hair: 'short',
    hairColor: HAIR.black,
    shirt: '#334155',
    beard: true,
  },
  {
    file: 'sabbir-rahman',
    bg: ['#8b5cf6', '#06b6d4'],
    skin: SKIN.wheat,
    hair: 'side',
    hairColor: HAIR.brown,
    shirt: '#ea580c',
  },
  {
    file: 'ayesha-siddiqua',
    bg: ['#ec4899', '#8b5cf6'],
    skin: SKIN.light,
    hair: 'hijab',
    hairColor: '#7c3aed',
    shirt: '#7c3aed',
  },
  {
    file: 'imran-kabir',
    bg: ['#0891b2', '#22c55e'],
    skin: SKIN.tan,
    hair: 'curly',
    hairColor: HAIR.black,
    shirt: '#f8fafc',
    glasses: true,
  },
  {
    file: 'farhana-yasmin',
    bg: ['#fb7185', '#fbbf24'],
    skin: SKIN.wheat,
    hair: 'long',
    hairColor: HAIR.dark,
    shirt: '#0d9488',
  },
  {
    file: 'rakib-hasan',
    bg: ['#64748b', '#0ea5e9'],
    skin: SKIN.brown,
    hair: 'short',
    hairColor: HAIR.dark,
    shirt: '#dc2626',
  },
  {
    file: 'tasnim-ara',
    bg: ['#22d3ee', '#6366f1'],
    skin: SKIN.tan,
    hair: 'bun',
    hairColor: HAIR.black,
    shirt: '#f59e0b',
  },
  {
    file: 'mahmudul-islam',
    bg: ['#84cc16', '#0d9488'],
    skin: SKIN.wheat,
    hair: 'receding',
    hairColor: HAIR.grey,
    shirt: '#1e40af',
    glasses: true,
    moustache: true,
  },
];

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

const SERVICE_IMAGES: Record<string, (p: Palette) => string> = {
  'smartphone-1': smartphoneScreen,
  'smartphone-2': smartphoneBattery,
  'smartphone-3': smartphoneBack,
  'laptop-1': laptopCode,
  'laptop-2': laptopGear,
  'laptop-3': desktopPc,
  'tv-1': tvLandscape,
  'tv-2': tvBars,
  'tv-3': tvBroken,
  'ac-1': acCool,
  'ac-2': acOutdoor,
  'ac-3': acService,
  fridge,
  'washing-machine': washingMachine,
  camera,
  tablet,
  'game-console': gameConsole,
  microwave,
  speaker,
};

const PALETTES: Record<string, Palette> = {
  'smartphone-1': { from: '#4f46e5', to: '#9333ea', accent: '#f97316' },
  'smartphone-2': { from: '#2563eb', to: '#7c3aed', accent: '#22c55e' },
  'smartphone-3': { from: '#7c3aed', to: '#db2777', accent: '#7c3aed' },
  'laptop-1': { from: '#0ea5e9', to: '#2563eb', accent: '#f59e0b' },
  'laptop-2': { from: '#0891b2', to: '#4f46e5', accent: '#0891b2' },
  'laptop-3': { from: '#0f766e', to: '#0ea5e9', accent: '#22d3ee' },
  'tv-1': { from: '#f97316', to: '#e11d48', accent: '#e11d48' },
  'tv-2': { from: '#f59e0b', to: '#ea580c', accent: '#ea580c' },
  'tv-3': { from: '#db2777', to: '#7c3aed', accent: '#db2777' },
  'ac-1': { from: '#06b6d4', to: '#3b82f6', accent: '#0284c7' },
  'ac-2': { from: '#0ea5e9', to: '#14b8a6', accent: '#0d9488' },
  'ac-3': { from: '#38bdf8', to: '#6366f1', accent: '#4f46e5' },
  fridge: { from: '#10b981', to: '#0ea5e9', accent: '#059669' },
  'washing-machine': { from: '#6366f1', to: '#06b6d4', accent: '#4f46e5' },
  camera: { from: '#475569', to: '#0f172a', accent: '#f59e0b' },
  tablet: { from: '#8b5cf6', to: '#ec4899', accent: '#8b5cf6' },
  'game-console': { from: '#16a34a', to: '#0d9488', accent: '#16a34a' },
  microwave: { from: '#f59e0b', to: '#ef4444', accent: '#ef4444' },
  speaker: { from: '#1e293b', to: '#7c3aed', accent: '#a855f7' },
};

async function write(file: string, svg: string, quality: number): Promise<void> {
  const target = path.join(OUT, file);
  mkdirSync(path.dirname(target), { recursive: true });
  const webp = await sharp(Buffer.from(svg)).webp({ quality, effort: 6, smartSubsample: true }).toBuffer();
  writeFileSync(target, webp);
  console.log(`${file.padEnd(34)} ${(statSync(target).size / 1024).toFixed(1)} KB`);
}

async function main() {
  for (const [name, draw] of Object.entries(SERVICE_IMAGES)) {
    await write(`services/${name}.webp`, draw(PALETTES[name]!), 75);
  }
  await write('service-placeholder.webp', placeholder(), 75);
  for (const face of FACES) await write(`avatars/${face.file}.webp`, avatar(face), 80);
  await write('default-avatar.webp', defaultAvatar(), 80);
}

await main();
