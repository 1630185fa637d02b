// Simple product-like pictures for demo data: a soft background in a colour
// of the variant and an outline of the kind of product.
// The first pattern that matches wins: "headphones" and "smartwatches" before "phone".
const SHAPES: [RegExp, string][] = [
  [/laptop|computer|electronics/, '<rect x="45" y="50" width="110" height="70" rx="6"/><path d="M30 130h140l-10 15H40z"/>'],
  [/headphone|audio|speaker/, '<path d="M50 120v-20a50 50 0 0 1 100 0v20"/><rect x="40" y="110" width="25" height="45" rx="8"/><rect x="135" y="110" width="25" height="45" rx="8"/>'],
  [/watch/, '<rect x="80" y="25" width="40" height="35" rx="6"/><circle cx="100" cy="100" r="40"/><rect x="80" y="140" width="40" height="35" rx="6"/><path d="M100 80v22l14 10"/>'],
  [/phone|smart|tablet/, '<rect x="70" y="30" width="60" height="140" rx="12"/><circle cx="100" cy="155" r="5"/>'],
  [/camera|photo/, '<rect x="35" y="65" width="130" height="90" rx="12"/><circle cx="100" cy="110" r="28"/><rect x="70" y="48" width="40" height="18" rx="4"/>'],
  [/shoe|sneaker|boot|sandal|footwear/, '<path d="M35 140c0-30 10-60 25-70l25 20c20 10 50 15 70 20 15 5 15 30 0 30H35z"/>'],
  [/shirt|jacket|dress|jean|hoodie|clothes|sweater|coat/, '<path d="M70 40l-35 25 15 30 15-8v78h70V87l15 8 15-30-35-25c-5 12-15 18-30 18s-25-6-30-18z"/>'],
  [/bag|backpack|accessor|wallet/, '<path d="M45 80h110l-10 85H55z"/><path d="M75 80V65a25 25 0 0 1 50 0v15"/>'],
  [/glass|sunglass/, '<circle cx="65" cy="105" r="28"/><circle cx="135" cy="105" r="28"/><path d="M93 100q7-8 14 0M37 100l-12-10M163 100l12-10"/>'],
  [/cosmetic|skin|cream|makeup|fragrance|perfume|beauty|hair/, '<rect x="75" y="75" width="50" height="95" rx="10"/><rect x="85" y="45" width="30" height="30" rx="4"/>'],
  [/blog/, '<rect x="40" y="45" width="120" height="110" rx="8"/><path d="M60 75h80M60 100h80M60 125h50"/>'],
];

const DEFAULT_SHAPE = '<path d="M40 70l60-30 60 30v65l-60 30-60-30z"/><path d="M40 70l60 30 60-30M100 100v65"/>';

function hash(text: string) {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return h >>> 0;
}

export function demoImageSvg(kind: string, variant: number) {
  const shape = SHAPES.find(([pattern]) => pattern.test(kind))?.[1] ?? DEFAULT_SHAPE;
  const hue = (hash(kind) + variant * 47) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="800" height="800">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 95%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 65% 85%)"/></linearGradient></defs>
<rect width="200" height="200" fill="url(#g)"/>
<g fill="hsl(${hue} 45% 45%)" fill-opacity="0.18" stroke="hsl(${hue} 50% 30%)" stroke-width="4" stroke-linejoin="round" stroke-linecap="round">${shape}</g>
</svg>`;
}
