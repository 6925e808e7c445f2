import type { CategorySlug } from "../../reference-data/types";
import { Dice, mulberry32 } from "./random";

/*
 * The demo's pictures: a simple drawing per category (a car, a building, a phone…) on a gradient,
 * different for each of a category's pictures and the same on every run.
 */

export const IMAGE_CATEGORIES: CategorySlug[] = [
  "motors",
  "property",
  "jobs",
  "electronics",
  "furniture",
  "fashion",
  "services",
  "community",
];

const BASE_HUE: Record<CategorySlug, number> = {
  motors: 205,
  property: 30,
  jobs: 260,
  electronics: 180,
  furniture: 15,
  fashion: 320,
  services: 50,
  community: 140,
};

function hsl(h: number, s: number, l: number) {
  return `hsl(${Math.round(((h % 360) + 360) % 360)} ${Math.round(s)}% ${Math.round(l)}%)`;
}

function drawCar(d: Dice, color: string) {
  const roof = d.int(300, 350);
  return `
  <ellipse cx="640" cy="735" rx="470" ry="34" fill="#000" opacity=".18"/>
  <path d="M170 620 Q150 520 260 495 L390 475 L480 ${roof} Q500 ${roof - 18} 540 ${roof - 18} L820 ${roof - 18} Q860 ${roof - 18} 890 ${roof + 10} L990 470 L1080 495 Q1140 515 1130 620 Z" fill="${color}"/>
  <path d="M505 ${roof + 20} L540 ${roof + 4} L665 ${roof + 4} L665 470 L430 470 Z" fill="#dff3ff" opacity=".9"/>
  <path d="M690 ${roof + 4} L820 ${roof + 4} Q845 ${roof + 4} 862 ${roof + 24} L930 470 L690 470 Z" fill="#dff3ff" opacity=".9"/>
  <rect x="1080" y="520" width="46" height="26" rx="8" fill="#fff6c8"/>
  <rect x="160" y="530" width="40" height="24" rx="8" fill="#ff6b5a"/>
  <circle cx="360" cy="640" r="92" fill="#1d1f24"/><circle cx="360" cy="640" r="42" fill="#c9ccd3"/>
  <circle cx="930" cy="640" r="92" fill="#1d1f24"/><circle cx="930" cy="640" r="42" fill="#c9ccd3"/>`;
}

function drawBuilding(d: Dice, color: string, accent: string) {
  const floors = d.int(4, 7);
  const top = 760 - floors * 85;
  let windows = "";
  for (let f = 0; f < floors - 1; f++) {
    for (let c = 0; c < 4; c++) {
      const lit = d.chance(0.35) ? "#ffe9a8" : "#cfe3f2";
      windows += `<rect x="${470 + c * 90}" y="${top + 40 + f * 85}" width="56" height="50" rx="4" fill="${lit}"/>`;
    }
  }
  return `
  <ellipse cx="640" cy="770" rx="520" ry="30" fill="#000" opacity=".15"/>
  <rect x="230" y="${top + 170}" width="200" height="${590 - top}" fill="${accent}"/>
  <rect x="850" y="${top + 110}" width="220" height="${650 - top}" fill="${accent}" opacity=".9"/>
  <rect x="440" y="${top}" width="400" height="${760 - top}" fill="${color}"/>
  <rect x="430" y="${top - 16}" width="420" height="22" fill="#3a3a44" opacity=".6"/>
  ${windows}
  <rect x="600" y="680" width="80" height="80" rx="6" fill="#5b4636"/>`;
}

function drawElectronics(d: Dice, n: number, color: string) {
  const kind = n % 3;
  const screen = `<linearGradient id="s" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(d.int(180, 260), 80, 60)}"/><stop offset="1" stop-color="${hsl(d.int(280, 340), 70, 45)}"/></linearGradient>`;
  if (kind === 0) {
    return `<defs>${screen}</defs>
  <ellipse cx="640" cy="800" rx="220" ry="24" fill="#000" opacity=".18"/>
  <rect x="490" y="130" width="300" height="640" rx="46" fill="#16171b"/>
  <rect x="510" y="170" width="260" height="560" rx="26" fill="url(#s)"/>
  <rect x="600" y="146" width="80" height="12" rx="6" fill="#333"/>`;
  }
  if (kind === 1) {
    return `<defs>${screen}</defs>
  <ellipse cx="640" cy="770" rx="470" ry="26" fill="#000" opacity=".16"/>
  <rect x="330" y="230" width="620" height="410" rx="22" fill="#25262c"/>
  <rect x="355" y="255" width="570" height="360" rx="8" fill="url(#s)"/>
  <path d="M250 660 L1030 660 L1080 735 Q1082 748 1066 748 L214 748 Q198 748 200 735 Z" fill="${color}"/>`;
  }
  return `<defs>${screen}</defs>
  <ellipse cx="640" cy="780" rx="300" ry="22" fill="#000" opacity=".16"/>
  <rect x="230" y="170" width="820" height="500" rx="18" fill="#111"/>
  <rect x="252" y="192" width="776" height="456" rx="6" fill="url(#s)"/>
  <rect x="610" y="670" width="60" height="70" fill="#2a2a2a"/>
  <rect x="500" y="735" width="280" height="22" rx="10" fill="#2a2a2a"/>`;
}

function drawSofa(color: string, accent: string) {
  return `
  <ellipse cx="640" cy="760" rx="500" ry="30" fill="#000" opacity=".16"/>
  <rect x="260" y="330" width="760" height="260" rx="50" fill="${accent}"/>
  <rect x="230" y="540" width="820" height="150" rx="34" fill="${color}"/>
  <rect x="180" y="440" width="130" height="270" rx="48" fill="${accent}"/>
  <rect x="970" y="440" width="130" height="270" rx="48" fill="${accent}"/>
  <rect x="330" y="520" width="300" height="60" rx="26" fill="#fff" opacity=".18"/>
  <rect x="650" y="520" width="300" height="60" rx="26" fill="#fff" opacity=".18"/>
  <rect x="250" y="705" width="34" height="50" rx="6" fill="#4a3426"/>
  <rect x="996" y="705" width="34" height="50" rx="6" fill="#4a3426"/>`;
}

function drawBriefcase(color: string, accent: string) {
  return `
  <ellipse cx="640" cy="790" rx="380" ry="28" fill="#000" opacity=".16"/>
  <path d="M545 330 L545 270 Q545 240 575 240 L705 240 Q735 240 735 270 L735 330" fill="none" stroke="${accent}" stroke-width="34"/>
  <rect x="360" y="330" width="560" height="430" rx="44" fill="${color}"/>
  <rect x="360" y="480" width="560" height="40" fill="${accent}"/>
  <rect x="600" y="460" width="80" height="80" rx="14" fill="#f1d27a"/>`;
}

function drawTools(color: string) {
  return `
  <ellipse cx="640" cy="800" rx="380" ry="26" fill="#000" opacity=".14"/>
  <g transform="rotate(-38 640 480)">
    <rect x="598" y="480" width="84" height="270" rx="32" fill="${color}"/>
    <rect x="627" y="210" width="26" height="280" fill="#a3a9b2"/>
    <path d="M627 210 L653 210 L647 176 L633 176 Z" fill="#7d838c"/>
  </g>
  <g transform="rotate(38 640 480)">
    <rect x="616" y="300" width="48" height="460" rx="20" fill="#8a5a3a"/>
    <rect x="520" y="200" width="240" height="110" rx="18" fill="#5b6270"/>
  </g>`;
}

function drawShirt(color: string, accent: string) {
  return `
  <ellipse cx="640" cy="810" rx="330" ry="24" fill="#000" opacity=".14"/>
  <path d="M500 200 L580 175 Q640 240 700 175 L780 200 L940 330 L860 430 L800 385 L800 780 L480 780 L480 385 L420 430 L340 330 Z" fill="${color}"/>
  <path d="M580 175 Q640 240 700 175" fill="none" stroke="${accent}" stroke-width="14"/>
  <rect x="560" y="420" width="70" height="60" rx="8" fill="${accent}" opacity=".5"/>`;
}

function drawPeople(color: string, accent: string) {
  return `
  <ellipse cx="640" cy="800" rx="460" ry="28" fill="#000" opacity=".14"/>
  <circle cx="420" cy="420" r="70" fill="${accent}"/><rect x="330" y="510" width="180" height="270" rx="80" fill="${accent}"/>
  <circle cx="860" cy="420" r="70" fill="${accent}"/><rect x="770" y="510" width="180" height="270" rx="80" fill="${accent}"/>
  <circle cx="640" cy="380" r="84" fill="${color}"/><rect x="530" y="485" width="220" height="300" rx="95" fill="${color}"/>
  <path d="M640 250 C600 200 540 235 575 280 L640 330 L705 280 C740 235 680 200 640 250 Z" fill="#ff5d73"/>`;
}

// Cars come in the colours Syrian streets are full of, not in a rainbow.
const CAR_COLOURS = [
  "#f2f2f0",
  "#b8bcc4",
  "#2b2d33",
  "#b3262e",
  "#1f4e8c",
  "#6b6f78",
  "#d9c7a0",
  "#2f6b3a",
];

/** The n-th picture of a category, 1280×960, as SVG. */
export function demoSvg(category: CategorySlug, n: number) {
  const d = new Dice(mulberry32(BASE_HUE[category] * 1_000 + n * 7_919));
  const hue = BASE_HUE[category] + (n - 1) * 41 + d.int(-12, 12);
  const top = hsl(hue, d.int(45, 70), d.int(70, 82));
  const bottom = hsl(hue + d.int(25, 60), d.int(45, 70), d.int(48, 62));
  const color =
    category === "motors"
      ? CAR_COLOURS[(n - 1) % CAR_COLOURS.length]!
      : hsl(hue + 180 + d.int(-30, 30), d.int(45, 75), d.int(35, 55));
  const accent = hsl(hue + 150 + d.int(-20, 20), d.int(25, 45), d.int(22, 38));
  const shape = {
    motors: () => drawCar(d, color),
    property: () => drawBuilding(d, color, accent),
    electronics: () => drawElectronics(d, n, color),
    furniture: () => drawSofa(color, accent),
    jobs: () => drawBriefcase(color, accent),
    services: () => drawTools(color),
    fashion: () => drawShirt(color, accent),
    community: () => drawPeople(color, accent),
  }[category]();
  // Each picture of a category places its subject differently (where, how large, which way it
  // faces), as photos of two sofas would. Recolourings of one drawing in one place are the same
  // photo to the duplicate check (app/media/photo-fingerprint.server.ts), as a copy should be.
  const facing = n % 2 === 0 ? -1 : 1;
  const scale = d.float(0.7, 1.1);
  const place = `translate(${640 + d.int(-170, 170)} ${520 + d.int(-70, 50)}) scale(${(facing * scale).toFixed(2)} ${scale.toFixed(2)}) translate(-640 -520)`;
  const sunX = d.int(150, 1130);
  const sunY = d.int(100, 260);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="960" viewBox="0 0 1280 960">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="${d.float(0, 1).toFixed(2)}" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
  <rect width="1280" height="960" fill="url(#bg)"/>
  <circle cx="${sunX}" cy="${sunY}" r="${d.int(60, 140)}" fill="#fff" opacity=".25"/>
  <rect y="${d.int(700, 760)}" width="1280" height="300" fill="#000" opacity=".07"/>
  <g transform="${place}">${shape}</g>
</svg>`;
}
