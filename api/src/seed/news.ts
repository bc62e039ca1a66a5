import { news as newsSchema, type News } from '@shop/shared/contract';
import type { Db } from '../db/client';
import { news } from '../db/schema';
import type { SeedExtra } from './registry';

const DAY = 86_400_000;

/**
 * News of the demo restaurant (requirements#entities News), dated relative to the seeding time so a fresh
 * database always has current news: four published items, one switched off (inactive) and one
 * scheduled for next week (publishDate in the future). Images live in api/media (served at /media/).
 */
export function seedNewsItems(now: number): News[] {
  const item = (daysFromNow: number, fields: Omit<News, 'publishDate' | 'createdAt'>): News =>
    newsSchema.parse({ ...fields, publishDate: now + daysFromNow * DAY, createdAt: now + (daysFromNow - 1) * DAY });
  return [
    item(-2, {
      id: 'news-tacos-al-pastor',
      tag: 'Speisekarte',
      title: 'Neu auf der Karte: Tacos al Pastor',
      teaser: 'Drei Maistortillas mit mariniertem Schweinefleisch vom Spieß, gegrillter Ananas, Zwiebeln und Koriander.',
      body:
        'Unsere Küche hat lange getüftelt – jetzt sind sie da: Tacos al Pastor nach mexikanischem Vorbild. ' +
        'Das Schweinefleisch mariniert über Nacht in Achiote, Chili und Orangensaft und wird danach am Spieß gegrillt.\n\n' +
        'Serviert werden drei Maistortillas mit gegrillter Ananas, weißen Zwiebeln und frischem Koriander. ' +
        'Dazu empfehlen wir unsere hausgemachte Salsa Verde.\n\n' +
        'Die Tacos gibt es ab sofort in beiden Filialen – zum Mitnehmen, im Restaurant und mit Lieferung.',
      image: '/media/news-tacos.svg',
      active: true,
    }),
    item(-9, {
      id: 'news-lieferung-eimsbuettel',
      tag: 'Lieferung',
      title: 'Wir liefern jetzt auch nach Eimsbüttel und Rotherbaum',
      teaser: 'Unser Liefergebiet wächst: Ab sofort bringen unsere Fahrradkuriere dein Essen auch nach Eimsbüttel, Rotherbaum und Hoheluft.',
      body:
        'Ab sofort liefern wir in die Postleitzahlen 20144, 20146, 20149, 20259 und 20357 – zusätzlich zu St. Georg und der Innenstadt.\n\n' +
        'Unsere Kuriere sind mit Lastenrädern unterwegs, damit dein Burrito heiß und ohne Umwege bei dir ankommt. ' +
        'Der Mindestbestellwert für Lieferungen beträgt 20,00 €; die Liefergebühr siehst du vor dem Bestellen im Warenkorb.\n\n' +
        'Gib beim Bestellen einfach deine Postleitzahl ein – wir zeigen dir sofort, ob wir zu dir liefern.',
      image: '/media/news-lieferung.svg',
      active: true,
    }),
    item(-16, {
      id: 'news-stempelkarte',
      tag: 'Stempelkarte',
      title: 'Stempel sammeln und 15 € sparen',
      teaser: 'Mit deinem Kundenkonto sammelst du bei jeder Online-Bestellung Stempel. Ist die Karte voll, gibt es 15 € Rabatt.',
      body:
        'Melde dich im Shop an und bestelle wie gewohnt – für jede abgeschlossene Bestellung bekommst du automatisch einen Stempel auf deine digitale Stempelkarte.\n\n' +
        'Ist die Karte voll, wartet im Warenkorb ein Gutschein über 15 € auf dich. ' +
        'Deinen aktuellen Stand siehst du jederzeit unter „Stempelkarte“.\n\n' +
        'Der Gutschein lässt sich nicht mit anderen Gutscheinen kombinieren und nicht bar auszahlen.',
      image: '/media/news-stempelkarte.svg',
      active: true,
    }),
    item(-30, {
      id: 'news-filiale-eimsbuettel',
      tag: 'Filialen',
      title: 'Unsere zweite Filiale in Eimsbüttel ist eröffnet',
      teaser: 'Burritos, Bowls und Tacos gibt es jetzt auch an der Grindelallee 118 – mit Terrasse und Abholstation.',
      body:
        'Nach St. Georg findest du uns jetzt auch in Eimsbüttel: an der Grindelallee 118.\n\n' +
        'Die neue Filiale hat 40 Sitzplätze, eine Terrasse und eine eigene Abholstation für Online-Bestellungen. ' +
        'Geöffnet ist täglich ab 12 Uhr, sonntags ab 13 Uhr.\n\n' +
        'Wähle beim Bestellen einfach die Filiale Eimsbüttel – wir freuen uns auf deinen Besuch!',
      image: '/media/news-eimsbuettel.svg',
      active: true,
    }),
    item(-60, {
      id: 'news-winterpause',
      tag: 'Filialen',
      title: 'Kurze Winterpause in St. Georg',
      teaser: 'Vom 24. bis 26. Dezember bleibt unsere Filiale in der Langen Reihe geschlossen.',
      body: 'Über die Feiertage machen wir eine kurze Pause. Ab dem 27. Dezember sind wir wie gewohnt für dich da.',
      active: false,
    }),
    item(7, {
      id: 'news-terrasse',
      tag: 'Sommer',
      title: 'Die Terrasse ist wieder geöffnet',
      teaser: 'Sonne, Limo und Burritos: Ab sofort sitzt du bei uns in der Langen Reihe wieder draußen.',
      body:
        'Die Tische stehen, die Sonnenschirme sind aufgespannt: Unsere Terrasse in St. Georg ist wieder geöffnet.\n\n' +
        'Scanne den QR-Code an deinem Tisch und bestelle direkt vom Handy – wir bringen dir alles an den Platz.',
      image: '/media/news-terrasse.svg',
      active: true,
    }),
  ];
}

/** Writes the seed news (a SeedExtra, registered in registry.ts). */
export const seedNews: SeedExtra = async (db: Db, now: number) => {
  for (const item of seedNewsItems(now)) {
    await db.insert(news).values({ id: item.id, active: item.active, publishDate: item.publishDate, data: item });
  }
};
