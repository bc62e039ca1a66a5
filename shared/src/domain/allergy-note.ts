/**
 * Allergy notes on the kitchen board (docs/requirements.md#kitchen-board): a guest's note that
 * mentions an allergen of the EU list (LMIV, the 14 lettered A–R in allergens.ts), an intolerance, or
 * the words Allergie / allergisch is highlighted so the kitchen cannot read past it. Matching is on
 * word stems, case-insensitive, with umlauts or their spelled-out forms (ue, ae, oe, ss), so "Nüsse",
 * "nuesse", "Erdnussallergie", "laktosefrei" and "ohne Sellerie" all count; "Nussecke"-like false
 * alarms are accepted: a highlighted note too many is cheaper than one too few.
 */
const STEMS: readonly string[] = [
  // the words themselves (German and English)
  'allergi',
  'allergisch',
  'allergic',
  'allergy',
  'unvertraeglich',
  'intoleran',
  'anaphyla',
  'zoeliak',
  'celiac',
  'coeliac',
  // A cereals containing gluten
  'gluten',
  'weizen',
  'roggen',
  'gerste',
  'dinkel',
  // B crustaceans, C eggs, D fish
  'krebs',
  'garnele',
  'shrimp',
  'krabbe',
  'eier',
  ' ei ',
  'eigelb',
  'eiweiss',
  'fisch',
  // E peanuts, F soy, G milk, H nuts
  'erdnuss',
  'erdnuess',
  'peanut',
  'soja',
  'milch',
  'laktose',
  'lactose',
  'nuss',
  'nuess',
  'mandel',
  'haselnuss',
  'walnuss',
  'cashew',
  'pistazie',
  // L celery, M mustard, N sesame, O sulphites, P lupins, R molluscs
  'sellerie',
  'senf',
  'sesam',
  'sulfit',
  'schwefel',
  'lupine',
  'weichtier',
  'muschel',
  'tintenfisch',
];

/** Lower case, umlauts spelled out, everything that is not a letter a space (so stems meet word edges). */
export function normaliseNote(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z]+/g, ' ')
    .trim()} `;
}

/** Whether a note mentions an allergen or an allergy (docs/requirements.md#kitchen-board). */
export function mentionsAllergy(note: string | null | undefined): boolean {
  if (!note?.trim()) return false;
  const text = normaliseNote(note);
  return STEMS.some((stem) => text.includes(stem));
}
