import { appConfig, type AppConfig } from '@shop/shared/contract';
import { orderingHours } from './opening-hours';

/** The restaurant's app config (requirements#entities App config). Money in cents. */
export const seedAppConfig: AppConfig = appConfig.parse({
  orderingEnabled: true,
  inhouseOrderingEnabled: true,
  takeawayOrderingEnabled: true,
  deliveryOrderingEnabled: true,
  selfServiceEnabled: false,
  userInfo: '',
  globalExtras: [
    { label: 'Guacamole', active: true },
    { label: 'Jalapeños', active: true },
  ],
  delayInMinutes: 20,
  minOrderAmount: 0,
  openingHours: orderingHours,
  takeAway: { delayInMinutes: 15, minOrderAmount: 800, openingHours: orderingHours },
  delivery: { delayInMinutes: 40, minOrderAmount: 2000, openingHours: orderingHours, deliveryFee: 290 },
  features: {
    enableNews: true,
    enableCoupons: true,
    enableFavs: true,
    enableAccount: true,
    enableStempel: true,
    enableBestand: true,
    enableTip: true,
    enableDelivery: true,
  },
  providers: { bar: true, stripe: true, paypal: true, wallet: true, customerCard: true },
  onlineServiceFee: 49,
  // Reusable packaging (§ 33 VerpackG: takeaway shops must offer a reusable option).
  mehrwegCompanyName: 'RECUP/REBOWL',
  allowedDeliveryPlz: ['20099', '20095', '20097', '20146', '20144', '20149', '20357', '20259'],
  courseExemptCategories: ['salsas-dips', 'sweets'],
  enabledCourses: ['Vorspeise', 'Hauptspeise', 'Dessert'],
  stamp: { discount: 1500, type: 1 },
  reservationUrl: 'https://www.opentable.de/',
  referralPrograms: [
    {
      id: 'freunde-werben',
      title: 'Freunde werben: 5 € für deine Freunde',
      text: 'Teile den Link mit Freunden: Mit dem Code WILLKOMMEN5 bekommen sie 5 € Rabatt auf ihre Online-Bestellung.',
      reward: 'Bestellst du mit deinem Konto, sammelst du wie immer Stempel auf deiner Stempelkarte.',
      couponCode: 'WILLKOMMEN5',
    },
  ],
  lastModified: 0,
});
