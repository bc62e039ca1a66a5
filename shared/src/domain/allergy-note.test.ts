import { describe, expect, it } from 'vitest';
import { mentionsAllergy, normaliseNote } from './allergy-note';

describe('mentionsAllergy (docs/requirements.md#kitchen-board)', () => {
  it.each([
    'Allergie gegen Erdnüsse!',
    'Ich bin allergisch auf Sellerie',
    'Erdnussallergie',
    'ERDNUESSE bitte weglassen',
    'bitte laktosefrei',
    'ohne Sesam',
    'Zöliakie – bitte glutenfrei',
    'Kind hat Nussallergie',
    'kein Ei bitte',
    'Laktoseintoleranz',
    'severe peanut allergy',
    'Unverträglichkeit: Senf',
    'keine Milchprodukte',
    'Schalentiere/Garnelen weglassen',
  ])('highlights "%s"', (note) => {
    expect(mentionsAllergy(note)).toBe(true);
  });

  it.each([
    'Bitte extra scharf',
    'Klingel defekt, bitte anrufen',
    'Tisch am Fenster',
    'Zwiebeln extra',
    'Keine Eile',
    'weil wir Hunger haben',
    '',
    '   ',
    null,
    undefined,
  ])('leaves "%s" alone', (note) => {
    expect(mentionsAllergy(note)).toBe(false);
  });

  it('normalises umlauts and punctuation so stems meet word edges', () => {
    expect(normaliseNote('Nüsse, Süßes!')).toBe(' nuesse suesses ');
  });
});
