import { store, type Store } from '@shop/shared/contract';
import { cityHours, eimsbuettelHours } from './opening-hours';

/** Two branches in Hamburg (requirements#product: 20099 Hamburg and 20146 Eimsbüttel). */
export const seedStores: Store[] = [
  store.parse({
    filialnummer: 1,
    name: 'Street Food Hamburg St. Georg',
    plz: '20099',
    strasse: 'Lange Reihe 42',
    ort: 'Hamburg',
    phone: '040 2485 1190',
    email: 'stgeorg@streetfood-hamburg.de',
    fee: 290,
    orderingEnabled: true,
    openingHours: cityHours,
    lat: 53.5571,
    lng: 10.0148,
  }),
  store.parse({
    filialnummer: 2,
    name: 'Street Food Eimsbüttel',
    plz: '20146',
    strasse: 'Grindelallee 118',
    ort: 'Hamburg-Eimsbüttel',
    phone: '040 4135 7721',
    email: 'eimsbuettel@streetfood-hamburg.de',
    fee: 350,
    orderingEnabled: true,
    openingHours: eimsbuettelHours,
    lat: 53.5665,
    lng: 9.9787,
  }),
];
