import { z } from 'zod';
import { offer } from '../cart';
import { news } from '../content';

const newsText = (max: number) => z.string().trim().max(max);

/** A news item as the staff write it; the server sets id, dates and the active flag. */
export const newsInput = z
  .object({
    title: newsText(120).min(3),
    teaser: newsText(300).default(''),
    body: newsText(4000).default(''),
    tag: newsText(40).default(''),
    /** An image of the shop's own media ('/media/news-tacos.svg'). */
    image: z
      .string()
      .regex(/^\/media\/[a-z0-9-]{1,60}\.(svg|png|jpe?g|webp)$/, 'expected an image under /media/')
      .optional(),
  })
  .strict();

const contentId = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[A-Za-z0-9_-]+$/, 'expected an id');

/**
 * The staff edit offers and news: each change is announced live on the
 * shop channel (offersUpdated, newsUpdated). Staff ID tokens only (ADR 0010).
 */
export const contentAdminActions = {
  /** Every offer (also inactive ones) and every news item (also unpublished and scheduled ones). */
  LoadStaffContent: {
    payload: z.object({}).strict().optional(),
    response: z.object({ offers: z.array(offer), news: z.array(news) }),
  },
  /** Switches an offer on or off and changes its price (priceOffer) or percent (discountOffer). */
  UpdateOffer: {
    payload: z
      .object({
        id: contentId,
        active: z.boolean().optional(),
        /** New offer price in cents (priceOffer only); at least 0,10 €. */
        offerPrice: z.number().int().min(10).max(100_000).optional(),
        /** Percent off (discountOffer only). */
        offerDiscount: z.number().int().min(1).max(90).optional(),
      })
      .strict(),
    response: z.object({ offer }),
  },
  /** Creates a news item (no id) or changes one; `publish` puts it online now (or keeps it online). */
  SaveNews: {
    payload: z.object({ id: contentId.optional(), news: newsInput, publish: z.boolean() }).strict(),
    response: z.object({ news }),
  },
  /** Publishes (now) or takes back a news item. */
  SetNewsActive: {
    payload: z.object({ id: contentId, active: z.boolean() }).strict(),
    response: z.object({ news }),
  },
} as const;
