import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title';

describe('pageTitle', () => {
  it('names the page, its route and the shop', () => {
    expect(pageTitle('/Korb')).toBe('Warenkorb | Street Food');
    expect(pageTitle('/Speise/burrito-classic-chicken', 'Burrito Chicken Classic')).toBe('Burrito Chicken Classic – Speise | Street Food');
    expect(pageTitle('/SpeisenProdukte/burritos', 'Burritos')).toBe('Burritos – Speisen | Street Food');
    expect(pageTitle('/Bestellboard')).toBe('Bestellungen (Küche) | Street Food');
  });
  it('Home carries the shop name; an unknown path says it is not found', () => {
    expect(pageTitle('/')).toBe('Street Food – Frisch. Scharf. Street Food aus Hamburg.');
    expect(pageTitle('/gibt-es-nicht')).toBe('Seite nicht gefunden | Street Food');
  });
  it('an empty detail is left out', () => {
    expect(pageTitle('/Korb', '  ')).toBe('Warenkorb | Street Food');
  });
});
