import { menuItem, type MenuItem, type MenuItemInput } from '../../contract/menu';

/** Test items parsed by the contract, so defaults apply exactly as for the real menu. */
export function item(input: Partial<MenuItemInput> & { id?: string }): MenuItem {
  return menuItem.parse({ id: 'x', nameDE: 'Testartikel', sizes: [{ vol: 'standard', price: 1000 }], ...input });
}

/** A burrito with every configurator feature the unit tests need. */
export const burrito = item({
  id: 'burrito',
  nameDE: 'Burrito',
  substances: ['A', 'G'],
  sizes: [
    { vol: 'Regular', price: 1090, takeAwayPrice: 1050, deliveryPrice: 1150 },
    { vol: 'Large', price: 1290, takeAwayPrice: 1250 },
  ],
  extras: {
    variants: [
      {
        title: 'Reis',
        options: [
          { id: 'rice-mex', labelDE: 'Mexican Rice|mit Tomate', cost: 0 },
          { id: 'rice-lime', labelDE: 'Limetten-Reis', cost: 0 },
          { id: 'rice-none', labelDE: 'ohne', cost: 0, ohne: true },
        ],
      },
      {
        title: 'Toppings',
        multi: true,
        maxOptions: 2,
        optional: true,
        freeArticles: 1,
        options: [
          { id: 'top-pico', labelDE: 'Pico de Gallo', cost: 80 },
          { id: 'top-jal', labelDE: 'Jalapeños', cost: 80, substances: ['z2'] },
          { id: 'top-corn', labelDE: 'Mais', cost: 80, volCosts: [{ volName: 'Large', cost: 120 }] },
        ],
      },
      {
        title: 'Jalapeño-Sorte',
        trigger: ['top-jal'],
        options: [
          { id: 'jal-fresh', labelDE: 'frisch', cost: 0 },
          { id: 'jal-pickled', labelDE: 'eingelegt', cost: 0, substances: ['O'] },
        ],
      },
      {
        title: 'Salsa',
        dropdown: true,
        optional: true,
        extendable: true,
        options: [
          { id: 'salsa-verde', labelDE: 'Salsa Verde', cost: 50 },
          { id: 'salsa-roja', labelDE: 'Salsa Roja', cost: 50 },
        ],
      },
      {
        title: 'Schritt',
        options: [{ id: 'wrap', labelDE: 'Eingerollt', cost: 0 }],
      },
    ],
    styles: [
      { id: 'guac', labelDE: 'Guacamole', cost: 150, volCosts: [{ volName: 'Large', cost: 200 }], substances: ['z3'] },
      { id: 'cheese', labelDE: 'Extra Käse|geriebener Cheddar', cost: 100 },
    ],
  },
});
